/// Lays out a scenario file in the one canonical form that `mediate fmt` writes.
///
/// The layout comes from the syntax tree and the comments, never from the old spacing:
/// - One statement per line, in the order written; a `;` in a reaction's block becomes a new line.
/// - Single spaces between words and around `->`, `=`, `==` and `!=`. `:` and `,` have one space
///   after and none before (`A -> B, C: hello(to: B)`), except the participant's ` : TYPE`,
///   written as the transcript's `+` line writes it.
/// - Blank lines stay where the source has them, one at most, but never at the start or end of
///   the file, after a `{` or before a `}`. None are added.
/// - A property block stays on one line, `{ a = 1, b = "x" }`, unless its braces were on
///   different lines or it holds a comment: then one property a line, indented 4 spaces, each
///   with a trailing comma, and the `}` on its own line.
/// - A reaction with at most one statement and no comment in its block is one line,
///   `on A receives any { log "…" }`; any other has one statement a line, indented 4 spaces,
///   and the `}` on its own line. An empty block is `{}`.
/// - Strings, numbers, `true`, `false` and expectations keep their source spelling (escapes as
///   written), so no transcript changes. `NAME()` is written `NAME`, as the transcript does.
/// - An expression (language 1.1) is written in canonical form, the text a guard's transcript
///   line repeats: one space around binary operators, parentheses only where needed
///   (``ValueExpression/written(spelling:)``).
/// - A comment keeps its text. One alone on its line stays alone, indented as the statements
///   around it; one after code stays after it, with one space before the `#`.
/// - LF line endings, no byte-order mark, a newline at the end; an empty scenario is empty.
package enum ScenarioFormatter {
    /// Why a file was not formatted.
    package enum Failure: Error, Sendable {
        /// The file has static errors; it is left as it is.
        case invalid(Diagnostics)
        /// The layout would not read back as the same scenario with the same comments: a bug in
        /// the formatter, caught before anything is written.
        case meaningChanged
    }

    /// The canonical text of `file`, or why it cannot be formatted.
    ///
    /// Only comments and braces are kept of the tokens, the layout goes before the text is read
    /// back, and the two trees are compared a statement at a time: a file of 300,000 lines is then
    /// formatted in about twice the memory its tree takes.
    package static func format(_ file: SourceFile) -> Result<String, Failure> {
        let script: Script
        switch Frontend.load(file) {
        case .success(let loaded): script = loaded
        case .failure(let diagnostics): return .failure(.invalid(diagnostics))
        }
        let (text, comments) = { () -> (String, [Comment]) in
            let (comments, braces) = Comment.scan(file)
            var layout = Layout(file: file, braces: braces, comments: comments)
            for statement in script.statements { layout.add(statement) }
            return (layout.render(), comments)
        }()
        let formatted = SourceFile(path: file.path, text: text)
        guard case .success(let reread) = Frontend.load(formatted),
            sameMeaning((script, comments), (reread, Comment.all(in: formatted)))
        else { return .failure(.meaningChanged) }
        return .success(text)
    }

    /// Whether two files say the same: their trees without source ranges, each expectation as the
    /// transcript repeats it, and every comment with its kind. What formatting must keep.
    static func sameMeaning(_ first: (script: Script, comments: [Comment]), _ second: (script: Script, comments: [Comment]))
        -> Bool
    {
        first.script.statements.count == second.script.statements.count
            && zip(first.script.statements, second.script.statements).allSatisfy {
                withoutRanges($0.dump()) == withoutRanges($1.dump())
            }
            && rest(first.script, first.comments) == rest(second.script, second.comments)
    }

    /// The expectations' texts and the comments.
    private static func rest(_ script: Script, _ comments: [Comment]) -> [String] {
        script.statements.compactMap { statement -> String? in
            guard case .expect(let expectation) = statement else { return nil }
            return expectation.text
        } + comments.map { "\($0.isTrailing ? "trailing" : "own line") \($0.text)" }
    }

    /// A tree dump without the ` @L:C-L:C` that ends its lines.
    private static func withoutRanges(_ dump: String) -> [UInt8] {
        let bytes = Array(dump.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            // Scan back over what a range is made of; keep the line if the scan stops at " @".
            var cut = lineEnd
            while cut > lineStart, isRangeByte(bytes[cut - 1]) { cut -= 1 }
            let isRange = cut - lineStart >= 2 && bytes[cut - 1] == UInt8(ascii: "@") && bytes[cut - 2] == UInt8(ascii: " ")
            result.append(contentsOf: bytes[lineStart..<(isRange ? cut - 2 : lineEnd)])
            result.append(UInt8(ascii: "\n"))
            lineStart = lineEnd + 1
        }
        return result
    }

    private static func isRangeByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
    }
}

/// The lines of one formatted file: statements first, then comments and blank lines merged in.
private struct Layout {
    /// One line of output, with where its text came from.
    struct Line {
        var text: String
        /// Indentation, in steps of 4 spaces.
        var depth: Int
        /// 0-based byte offset where the line's source starts; comments are placed by it.
        var start: Int
        /// The 1-based source lines the text came from; blank lines are kept by them.
        var sourceLines: ClosedRange<Int>
        var opensBlock = false
        var closesBlock = false
        var isComment = false
        var trailingComment: String?
    }

    let file: SourceFile
    /// The file's `{` and `}`, in source order.
    let braces: [Lexeme]
    let comments: [Comment]
    private(set) var lines: [Line] = []

    init(file: SourceFile, braces: [Lexeme], comments: [Comment]) {
        self.file = file
        self.braces = braces
        self.comments = comments
    }

    // MARK: Statements

    mutating func add(_ statement: Statement) {
        switch statement {
        case .scenario(let title, let range): addLine("scenario \(spelling(title.range))", range)
        case .mediator(let kind, let range): addLine("mediator \(kind.text)", range)
        case .mediatorDeclaration(let declaration): add(declaration)
        case .participant(let declaration): add(declaration)
        case .send(let send): addLine(text(send), send.range)
        case .leave(let name, let range): addLine("leave \(name.text)", range)
        case .release(let name, let range): addLine("release \(name.text)", range)
        case .reaction(let reaction): add(reaction)
        case .log(let log): addLine(text(log), log.range)
        case .expect(let expectation): addLine(expectation.text, expectation.range)
        case .language(let version, let range): addLine("language \(version.text)", range)
        case .set(let assignment): addLine(text(assignment), assignment.range)
        case .together(let together): add(together)
        }
    }

    /// `together { … }`: one send on one line, else one send a line (language 1.2).
    private mutating func add(_ together: Together) {
        guard let block = block(ending: together.range) else {
            preconditionFailure("a 'together' without its block parsed without an error")
        }
        let items = together.sends.map { (text($0), $0.range) }
        addBlock(
            "together", items, block, of: together.range, multiline: items.count > 1 || holdsComment(block),
            itemSuffix: "")
    }

    private mutating func add(_ declaration: ParticipantDeclaration) {
        var header = "participant \(declaration.name.text)"
        if let type = declaration.type { header += " : \(type.text)" }
        if declaration.isWeak { header += " weak" }
        guard let block = block(ending: declaration.range) else {
            addLine(header, declaration.range)
            return
        }
        let items = declaration.properties.map { ("\($0.name.text) = \(text($0.value))", $0.range) }
        let spansLines = block.open.range.lowerBound.line != block.close.range.lowerBound.line
        addBlock(
            header, items, block, of: declaration.range, multiline: spansLines || holdsComment(block),
            itemSuffix: ",")
    }

    private mutating func add(_ declaration: MediatorDeclaration) {
        var header = "mediator"
        if let kind = declaration.kind { header += " \(kind.text)" }
        if let name = declaration.name { header += " as \(name.text)" }
        guard let block = block(ending: declaration.range) else {
            addLine(header, declaration.range)
            return
        }
        let items = declaration.properties.map { ("\($0.name.text) = \(text($0.value))", $0.range) }
        let spansLines = block.open.range.lowerBound.line != block.close.range.lowerBound.line
        addBlock(
            header, items, block, of: declaration.range, multiline: spansLines || holdsComment(block),
            itemSuffix: ",")
    }

    private mutating func add(_ reaction: Reaction) {
        var header = "on \(reaction.subject.text) \(reaction.trigger.rawValue) \(text(reaction.pattern))"
        if reaction.fromHere != nil { header += " from here" }
        if let condition = reaction.condition { header += " " + condition.text }
        guard let block = block(ending: reaction.range) else {
            preconditionFailure("a reaction without its block parsed without an error")
        }
        let items = reaction.body.map { (text($0), $0.range) }
        addBlock(
            header, items, block, of: reaction.range, multiline: items.count > 1 || holdsComment(block),
            itemSuffix: "")
    }

    /// Adds `header` and its `{ … }`: on one line, or one item a line with `itemSuffix` after
    /// each and the `}` alone.
    private mutating func addBlock(
        _ header: String, _ items: [(text: String, range: SourceRange)], _ block: (open: Lexeme, close: Lexeme),
        of range: SourceRange, multiline: Bool, itemSuffix: String
    ) {
        guard multiline else {
            let inline = items.isEmpty ? "{}" : "{ " + items.map(\.text).joined(separator: ", ") + " }"
            addLine(header + " " + inline, range)
            return
        }
        var opener = Line(
            text: header + " {", depth: 0, start: range.lowerBound.offset,
            sourceLines: range.lowerBound.line...block.open.range.lowerBound.line)
        opener.opensBlock = true
        lines.append(opener)
        for item in items {
            lines.append(
                Line(
                    text: item.text + itemSuffix, depth: 1, start: item.range.lowerBound.offset,
                    sourceLines: item.range.lowerBound.line...item.range.upperBound.line))
        }
        let closeLine = block.close.range.lowerBound.line
        var closer = Line(
            text: "}", depth: 0, start: block.close.range.lowerBound.offset,
            sourceLines: closeLine...closeLine)
        closer.closesBlock = true
        lines.append(closer)
    }

    private mutating func addLine(_ text: String, _ range: SourceRange) {
        lines.append(
            Line(
                text: text, depth: 0, start: range.lowerBound.offset,
                sourceLines: range.lowerBound.line...range.upperBound.line))
    }

    // MARK: Text of nodes

    /// The source text of `range`, exactly as written.
    private func spelling(_ range: SourceRange) -> String {
        String(decoding: file.bytes[range.lowerBound.offset..<range.upperBound.offset], as: UTF8.self)
    }

    private func text(_ log: LogStatement) -> String {
        // The range runs from `log` to the string's closing quote, on one line.
        "log " + spelling(log.range).dropFirst("log".count).drop { $0 == " " || $0 == "\t" }
    }

    private func text(_ send: Send) -> String {
        "\(send.sender.written) -> \(send.targets.written): \(text(send.message))"
    }

    private func text(_ message: MessageExpression) -> String {
        switch message {
        case .text(let literal):
            return spelling(literal.range)
        case .named(let name, let arguments, _):
            guard !arguments.isEmpty else { return name.text }
            let list = arguments.map { argument in
                (argument.label.map { "\($0.text): " } ?? "") + text(argument.value)
            }
            return "\(name.text)(\(list.joined(separator: ", ")))"
        }
    }

    private func text(_ pattern: Pattern) -> String {
        switch pattern {
        case .any: return "any"
        case .named(let name, let parameters, _):
            guard !parameters.isEmpty else { return name.text }
            return "\(name.text)(\(parameters.map(\.written).joined(separator: ", ")))"
        }
    }

    private func text(_ statement: ReactionStatement) -> String {
        switch statement {
        case .send(let send): return text(send)
        case .set(let assignment): return text(assignment)
        case .log(let log): return text(log)
        case .leave(let party, _): return "leave \(party.written)"
        case .release(let party, _): return "release \(party.written)"
        }
    }

    private func text(_ assignment: Assignment) -> String {
        "set \(assignment.target) = \(text(assignment.value))"
    }

    /// A value or an expression in canonical form, its literals as written.
    private func text(_ value: ValueExpression) -> String {
        value.written(spelling: spelling)
    }

    // MARK: Blocks

    /// The `{` and `}` of the block that ends `range`, if the statement has one.
    private func block(ending range: SourceRange) -> (open: Lexeme, close: Lexeme)? {
        let inside = braces(in: range)
        guard let open = inside.first(where: { $0.kind == .leftBrace }), let close = inside.last,
            close.kind == .rightBrace
        else { return nil }
        return (open, close)
    }

    /// The braces that start inside `range`.
    private func braces(in range: SourceRange) -> ArraySlice<Lexeme> {
        var low = 0
        var high = braces.count
        while low < high {
            let mid = (low + high) / 2
            if braces[mid].range.lowerBound.offset < range.lowerBound.offset { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < braces.count, braces[end].range.lowerBound.offset < range.upperBound.offset { end += 1 }
        return braces[low..<end]
    }

    /// Whether a comment lies between the block's braces (found by binary search: comments are
    /// in source order).
    private func holdsComment(_ block: (open: Lexeme, close: Lexeme)) -> Bool {
        var low = 0
        var high = comments.count
        while low < high {
            let mid = (low + high) / 2
            if comments[mid].offset <= block.open.range.lowerBound.offset { low = mid + 1 } else { high = mid }
        }
        return low < comments.count && comments[low].offset < block.close.range.lowerBound.offset
    }

    // MARK: Comments and blank lines

    /// The finished text: the lines with comments merged in, blank lines kept, a final newline.
    func render() -> String {
        var merged: [Line] = []
        var pending = comments[...]
        for line in lines {
            while let comment = pending.first, comment.offset < line.start {
                pending.removeFirst()
                place(comment, into: &merged, before: line)
            }
            merged.append(line)
        }
        for comment in pending { place(comment, into: &merged, before: nil) }

        var text = ""
        var previous: Line?
        for line in merged {
            if let previous, !previous.opensBlock, !line.closesBlock,
                hasBlankLine(between: previous.sourceLines.upperBound, and: line.sourceLines.lowerBound)
            {
                text += "\n"
            }
            text += String(repeating: "    ", count: line.depth) + line.text
            if let trailing = line.trailingComment { text += " " + trailing }
            text += "\n"
            previous = line
        }
        return text
    }

    /// Puts a trailing comment after the last statement line, and a comment on its own line
    /// before `next`, indented as the statements there (inside a block when `next` closes it).
    private func place(_ comment: Comment, into merged: inout [Line], before next: Line?) {
        if comment.isTrailing, let index = merged.lastIndex(where: { !$0.isComment }) {
            // A block holding a comment is never folded onto one line, so a line gets at most
            // one trailing comment; were there two, the meaning check would refuse the result.
            let before = merged[index].trailingComment.map { $0 + " " } ?? ""
            merged[index].trailingComment = before + comment.text
            return
        }
        let depth = next.map { $0.closesBlock ? $0.depth + 1 : $0.depth } ?? 0
        var line = Line(text: comment.text, depth: depth, start: comment.offset, sourceLines: comment.line...comment.line)
        line.isComment = true
        merged.append(line)
    }

    /// Whether a source line strictly between lines `first` and `last` holds only spaces and tabs.
    private func hasBlankLine(between first: Int, and last: Int) -> Bool {
        guard last - first >= 2 else { return false }
        return (first + 1..<last).contains { line in
            file.lineText(line).allSatisfy { $0 == " " || $0 == "\t" }
        }
    }
}
