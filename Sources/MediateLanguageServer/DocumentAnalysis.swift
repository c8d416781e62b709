import Foundation
package import MediateKit

/// What the server knows of one version of a document: the CLI's diagnostics for it, and an
/// index of the names its syntax tree holds (built even when the file has errors, from what the
/// parser recovered).
package struct DocumentAnalysis: Sendable {
    /// The text as the front end reads it (CRLF read as LF, a byte-order mark skipped).
    package let file: SourceFile
    /// Whether the editor's text starts with a byte-order mark, which the front end skips: LSP
    /// counts it as one code unit of line 0.
    private let hasByteOrderMark: Bool
    private let lines: LineIndex
    /// LSP `Diagnostic` objects, sorted by position.
    package private(set) var diagnostics: [JSON] = []
    package private(set) var index = SymbolIndex()

    package init(document: TextDocument, designs: DesignRegistry) {
        let path = Self.path(ofURI: document.uri)
        hasByteOrderMark = document.bytes.starts(with: [0xEF, 0xBB, 0xBF])
        if document.bytes.count > SourceLimits.maxFileBytes {
            // As `mediate validate` refuses it: nothing is parsed.
            file = SourceFile(path: path, bytes: [])
            lines = LineIndex([])
            let limit = SourceLimits.maxFileBytes
            diagnostics = [
                Self.diagnostic(
                    range: LSPPosition(line: 0, character: 0)..<LSPPosition(line: 0, character: 0), severity: 1,
                    message:
                        "the scenario is \(document.bytes.count) bytes long; mediate reads at most \(ByteCount(limit)) (\(limit) bytes)",
                    notes: [.help("split it into several scenarios")])
            ]
            return
        }
        file = SourceFile(path: path, bytes: document.bytes)
        lines = LineIndex(file.bytes)
        diagnostics = loadDiagnostics(designs: designs)
        // The tree, errors or not: the loader keeps it only for a file that checks.
        if file.firstOverlongLine() == nil {
            index = SymbolIndex(script: Frontend.parse(file, designs: designs).script, file: file)
        }
    }

    /// Exactly what `mediate validate` reports for the text: errors, or the warnings of a file
    /// that checks.
    private func loadDiagnostics(designs: DesignRegistry) -> [JSON] {
        switch ScenarioLoader.load(file, designs: designs) {
        case .success(let scenario):
            return scenario.warnings.map(diagnostic)
        case .failure(.invalid(let diagnostics)), .failure(.overLimit(let diagnostics)):
            var items = diagnostics.items.map(diagnostic)
            if diagnostics.truncated, let last = diagnostics.items.last {
                items.append(
                    Self.diagnostic(
                        range: range(last.range), severity: 3,
                        message: "stopped after the first \(Diagnostics.limit) errors; the file may have more", notes: []))
            }
            return items
        case .failure(.tooLarge(let location, let message, let help)):
            // `PATH:LINE:1` for an overlong line.
            let line = location.split(separator: ":").dropLast().last.flatMap { Int($0) } ?? 1
            let start = LSPPosition(line: max(line - 1, 0), character: 0)
            return [Self.diagnostic(range: start..<start, severity: 1, message: message, notes: [.help(help)])]
        case .failure(.unreadable(_, let reason)):
            let start = LSPPosition(line: 0, character: 0)
            return [Self.diagnostic(range: start..<start, severity: 1, message: reason, notes: [])]
        }
    }

    private func diagnostic(_ diagnostic: Diagnostic) -> JSON {
        Self.diagnostic(
            range: range(diagnostic.range), severity: diagnostic.severity == .error ? 1 : 2, message: diagnostic.message,
            notes: diagnostic.notes)
    }

    /// An LSP diagnostic. The notes (`note:` and `help:` lines, which have no place of their
    /// own) follow the message on lines of their own, as the CLI prints them under the caret.
    private static func diagnostic(range: Range<LSPPosition>, severity: Int, message: String, notes: [Diagnostic.Note]) -> JSON {
        let text = ([message] + notes.map { "\($0.kind.rawValue): \($0.message)" }).joined(separator: "\n")
        return ["range": rangeJSON(range), "severity": JSON(severity), "source": "mediate", "message": JSON(text)]
    }

    // MARK: Positions

    /// The LSP position of a front-end location.
    package func position(_ location: SourceLocation) -> LSPPosition {
        var position = lines.position(ofOffset: location.offset, in: file.bytes)
        if hasByteOrderMark, position.line == 0 { position.character += 1 }
        return position
    }

    package func range(_ range: SourceRange) -> Range<LSPPosition> {
        position(range.lowerBound)..<position(range.upperBound)
    }

    package func rangeJSON(_ range: SourceRange) -> JSON { Self.rangeJSON(self.range(range)) }

    package static func rangeJSON(_ range: Range<LSPPosition>) -> JSON {
        ["start": range.lowerBound.json, "end": range.upperBound.json]
    }

    /// The front end's byte offset of an LSP position.
    package func offset(of position: LSPPosition) -> Int {
        var position = position
        if hasByteOrderMark, position.line == 0 { position.character = max(position.character - 1, 0) }
        return lines.offset(of: position, in: file.bytes)
    }

    /// The source text of `range`.
    package func text(_ range: SourceRange) -> String {
        let lower = min(range.lowerBound.offset, file.bytes.count)
        return String(decoding: file.bytes[lower..<min(max(range.upperBound.offset, lower), file.bytes.count)], as: UTF8.self)
    }

    /// The file name of a `file:` URI, for the front end's messages; the URI itself otherwise.
    static func path(ofURI uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        return String(uri.dropFirst("file://".count)).removingPercentEncoding ?? uri
    }

    // MARK: Answers

    /// The name under the cursor at `position`: the one whose range contains it or ends at it.
    package func occurrence(at position: LSPPosition) -> SymbolIndex.Occurrence? {
        let offset = offset(of: position)
        return index.occurrences.first { $0.range.lowerBound.offset <= offset && offset <= $0.range.upperBound.offset }
    }

    /// `textDocument/hover`: Markdown about the participant, the mediator, the type or the
    /// message under the cursor.
    package func hover(at position: LSPPosition) -> JSON {
        guard let occurrence = occurrence(at: position), let text = hoverText(occurrence.symbol) else { return .null }
        return ["contents": ["kind": "markdown", "value": JSON(text)], "range": rangeJSON(occurrence.range)]
    }

    private func hoverText(_ symbol: SymbolIndex.Symbol) -> String? {
        switch symbol {
        case .party(let name):
            if let participant = index.participants[name] {
                var lines = ["participant `\(name)` : `\(participant.type)`" + (participant.isWeak ? " (weak)" : "")]
                if !participant.properties.isEmpty {
                    lines.append("properties: " + participant.properties.map { "`\(text($0.range))`" }.joined(separator: ", "))
                }
                lines.append("declared at line \(participant.declaration.lowerBound.line)")
                return lines.joined(separator: "\n\n")
            }
            if let mediator = index.mediator, name == index.mediatorKey {
                var lines = ["mediator" + (mediator.name.map { " `\($0.text)`" } ?? "") + " (\(mediator.kind ?? "the default design"))"]
                if !mediator.properties.isEmpty {
                    lines.append("properties: " + mediator.properties.map { "`\(text($0.range))`" }.joined(separator: ", "))
                }
                lines.append("declared at line \(mediator.declaration.lowerBound.line)")
                return lines.joined(separator: "\n\n")
            }
            if name == "mediator" { return "the mediator (the design's own; no `mediator` line names it)" }
            return nil
        case .type(let name):
            let members = index.participantOrder.filter { index.participants[$0]?.type == name }
            var lines = ["type `\(name)`: " + (members.isEmpty ? "no participant" : members.joined(separator: ", "))]
            if let first = index.types[name] { lines.append("first declared at line \(first.lowerBound.line)") }
            return lines.joined(separator: "\n\n")
        case .message(let name):
            let uses = index.messages[name] ?? SymbolIndex.MessageUses()
            var lines = ["message `\(name)`", ""]
            lines += uses.sent.map { "- sent at line \($0.line) by \($0.by)" }
            if uses.sent.isEmpty { lines.append("- sent nowhere") }
            lines += uses.handled.map { "- handled at line \($0.line) by \($0.by)" }
            if uses.handled.isEmpty { lines.append("- handled nowhere") }
            return lines.joined(separator: "\n")
        }
    }

    /// `textDocument/definition`: a participant's declaration, a type's first declaration, the
    /// mediator's `mediator … as NAME` (or `mediator KIND`) line.
    package func definition(at position: LSPPosition, uri: String) -> JSON {
        guard let occurrence = occurrence(at: position) else { return .null }
        let target: SourceRange?
        switch occurrence.symbol {
        case .party(let name):
            if let participant = index.participants[name] {
                target = participant.nameRange
            } else if let mediator = index.mediator, name == index.mediatorKey {
                target = mediator.name?.range ?? mediator.kindRange ?? mediator.declaration
            } else {
                target = nil
            }
        case .type(let name): target = index.types[name]
        case .message: target = nil
        }
        guard let target else { return .null }
        return ["uri": JSON(uri), "range": rangeJSON(target)]
    }

    /// `textDocument/references`: every occurrence of the symbol under the cursor, in source
    /// order; its declaration only when asked.
    package func references(at position: LSPPosition, uri: String, includeDeclaration: Bool) -> JSON {
        guard let occurrence = occurrence(at: position) else { return .null }
        let found = index.occurrences.filter { $0.symbol == occurrence.symbol && (includeDeclaration || !$0.isDeclaration) }
        return .array(found.map { ["uri": JSON(uri), "range": rangeJSON($0.range)] })
    }

    /// `textDocument/documentSymbol`: the mediator, the participants and the reactions, in
    /// source order.
    package func documentSymbols() -> JSON {
        .array(
            index.outline.map { entry in
                var symbol: [String: JSON] = [
                    "name": JSON(entry.name), "kind": JSON(entry.kind.rawValue), "range": rangeJSON(entry.range),
                    "selectionRange": rangeJSON(entry.selection),
                ]
                if let detail = entry.detail { symbol["detail"] = JSON(detail) }
                return .object(symbol)
            })
    }
}

/// The names of one syntax tree: declarations, and every place each is written.
package struct SymbolIndex: Sendable {
    /// What a name stands for.
    package enum Symbol: Hashable, Sendable {
        /// A participant, or the mediator (under its name, or `mediator`).
        case party(String)
        case type(String)
        case message(String)
    }

    package struct Occurrence: Sendable {
        package var range: SourceRange
        package var symbol: Symbol
        package var isDeclaration: Bool
    }

    package struct Participant: Sendable {
        package var type: String
        package var isWeak: Bool
        package var properties: [Property]
        package var declaration: SourceRange
        package var nameRange: SourceRange
    }

    package struct Mediator: Sendable {
        package var kind: String?
        package var kindRange: SourceRange?
        package var name: Name?
        package var properties: [Property]
        package var declaration: SourceRange
    }

    package struct MessageUses: Sendable {
        package var sent: [(line: Int, by: String)] = []
        package var handled: [(line: Int, by: String)] = []
    }

    /// LSP's `SymbolKind` values the outline uses.
    package enum OutlineKind: Int, Sendable {
        case interface = 11
        case object = 19
        case event = 24
    }

    package struct OutlineEntry: Sendable {
        package var name: String
        package var detail: String?
        package var kind: OutlineKind
        package var range: SourceRange
        package var selection: SourceRange
    }

    package private(set) var participants: [String: Participant] = [:]
    /// Participant names in declaration order.
    package private(set) var participantOrder: [String] = []
    /// Each written type's first declaration (the type name's range).
    package private(set) var types: [String: SourceRange] = [:]
    package private(set) var typeOrder: [String] = []
    package private(set) var mediator: Mediator?
    /// Messages in the order first written, and where each is sent and handled.
    package private(set) var messages: [String: MessageUses] = [:]
    package private(set) var messageOrder: [String] = []
    /// Properties written for each owner (participant name, or ``mediatorKey``): declared or set.
    package private(set) var properties: [String: [String]] = [:]
    /// Every name, in source order.
    package private(set) var occurrences: [Occurrence] = []
    package private(set) var outline: [OutlineEntry] = []
    /// The ranges of the reactions' bodies (`{` … `}`): where `self`, `sender` and parameters mean something.
    package private(set) var reactionRanges: [SourceRange] = []
    /// Where each `together` block's `{ … }` is (language 1.2): only sends start a statement there.
    package private(set) var togetherRanges: [SourceRange] = []
    /// Whether the file pins a version before 1.2 (`language 1.0` or `1.1`), which refuses `together`.
    package private(set) var refusesTogether = false

    /// The mediator's name, or `mediator` when it has none: the key of its party symbol.
    package var mediatorKey: String { mediator?.name?.text ?? "mediator" }

    package init() {}

    package init(script: Script, file: SourceFile) {
        if case .language(let version, _) = script.statements.first, let pinned = LanguageVersion(rawValue: version.text) {
            refusesTogether = pinned != .version1Dot2
        }
        // Declarations first, so that a name used above its declaration still resolves.
        var started = false
        for statement in script.statements {
            switch statement {
            case .participant(let declaration) where participants[declaration.name.text] == nil:
                participants[declaration.name.text] = Participant(
                    type: declaration.typeName, isWeak: declaration.isWeak, properties: declaration.properties,
                    declaration: declaration.range, nameRange: declaration.name.range)
                participantOrder.append(declaration.name.text)
                if let type = declaration.type, types[type.text] == nil {
                    types[type.text] = type.range
                    typeOrder.append(type.text)
                }
                addProperties(declaration.properties.map(\.name.text), to: declaration.name.text)
            case .mediatorDeclaration(let declaration) where mediator == nil && !started:
                mediator = Mediator(
                    kind: declaration.kind?.text, kindRange: declaration.kind?.range, name: declaration.name,
                    properties: declaration.properties, declaration: declaration.range)
            case .mediator(let kind, let range) where mediator == nil && !started:
                mediator = Mediator(kind: kind.text, kindRange: kind.range, name: nil, properties: [], declaration: range)
            default:
                if statement.isStep { started = true }
            }
        }
        if let mediator { addProperties(mediator.properties.map(\.name.text), to: mediatorKey) }
        for statement in script.statements { visit(statement, file: file) }
        occurrences.sort { $0.range.lowerBound < $1.range.lowerBound }
    }

    private mutating func addProperties(_ names: [String], to owner: String) {
        for name in names where !(properties[owner]?.contains(name) ?? false) { properties[owner, default: []].append(name) }
    }

    private mutating func add(_ range: SourceRange, _ symbol: Symbol, declaration: Bool = false) {
        occurrences.append(Occurrence(range: range, symbol: symbol, isDeclaration: declaration))
    }

    /// A name where a participant or the mediator is meant (a sender, a target, an owner).
    private mutating func party(_ name: Name) {
        if participants[name.text] != nil || name.text == mediatorKey || name.text == "mediator" {
            add(name.range, .party(name.text == "mediator" ? mediatorKey : name.text))
        }
    }

    private mutating func mediatorKeyword(_ range: SourceRange) { add(range, .party(mediatorKey)) }

    private mutating func visit(_ statement: Statement, file: SourceFile) {
        switch statement {
        case .participant(let declaration):
            add(declaration.name.range, .party(declaration.name.text), declaration: true)
            if let type = declaration.type { add(type.range, .type(type.text), declaration: types[type.text] == type.range) }
            for property in declaration.properties { visit(property.value) }
            outline.append(
                OutlineEntry(
                    name: declaration.name.text, detail: declaration.typeName, kind: .object, range: declaration.range,
                    selection: declaration.name.range))
        case .mediatorDeclaration(let declaration):
            if let name = declaration.name { add(name.range, .party(mediatorKey), declaration: true) }
            let title = "mediator" + (declaration.kind.map { " \($0.text)" } ?? "") + (declaration.name.map { " as \($0.text)" } ?? "")
            outline.append(
                OutlineEntry(
                    name: title, detail: nil, kind: .interface, range: declaration.range,
                    selection: declaration.name?.range ?? declaration.kind?.range ?? declaration.range))
        case .mediator(let kind, let range):
            outline.append(OutlineEntry(name: "mediator \(kind.text)", detail: nil, kind: .interface, range: range, selection: kind.range))
        case .send(let send):
            visit(send, by: send.sender.written, in: nil)
        case .together(let together):
            let count = together.sends.count
            outline.append(
                OutlineEntry(
                    name: "together", detail: count == 1 ? "1 send" : "\(count) sends", kind: .event, range: together.range,
                    selection: together.keyword))
            togetherRanges.append(together.keyword.upperBound..<together.range.upperBound)
            for send in together.sends { visit(send, by: send.sender.written, in: nil) }
        case .leave(let name, _), .release(let name, _):
            party(name)
        case .reaction(let reaction):
            visit(reaction, file: file)
        case .log(let log):
            visit(log)
        case .expect(let expectation):
            visit(expectation)
        case .set(let assignment):
            visit(assignment)
        case .scenario, .language:
            break
        }
    }

    private mutating func visit(_ send: Send, by sender: String, in reaction: String?) {
        switch send.sender {
        case .participant(let name): party(name)
        case .mediator(let range): mediatorKeyword(range)
        case .selfName: break
        }
        switch send.targets {
        case .everyone: break
        case .type(let type, _): add(type.range, .type(type.text))
        case .names(let targets):
            for target in targets {
                switch target {
                case .participant(let name): party(name)
                case .mediator(let range): mediatorKeyword(range)
                case .type(let type, _): add(type.range, .type(type.text))
                case .sender: break
                }
            }
        }
        if case .named(let name, let arguments, _) = send.message {
            add(name.range, .message(name.text))
            noteMessage(name.text)
            messages[name.text]!.sent.append((send.range.lowerBound.line, "`\(sender)`" + (reaction.map { " in `\($0)`" } ?? "")))
            for argument in arguments { visit(argument.value) }
        }
    }

    private mutating func noteMessage(_ name: String) {
        if messages[name] == nil {
            messages[name] = MessageUses()
            messageOrder.append(name)
        }
    }

    private mutating func visit(_ reaction: Reaction, file: SourceFile) {
        let subject = reaction.subject
        let subjectText: String
        if participants[subject.text] != nil || subject.text == mediatorKey || subject.text == "mediator" {
            party(subject)
            subjectText = subject.text
        } else {
            add(subject.range, .type(subject.text))
            subjectText = subject.text
        }
        let pattern: String
        var bindings: Set<String> = []
        switch reaction.pattern {
        case .any:
            pattern = "any"
        case .named(let name, let parameters, _):
            pattern = name.text + (parameters.isEmpty ? "" : "(" + parameters.map(\.written).joined(separator: ", ") + ")")
            add(name.range, .message(name.text))
            noteMessage(name.text)
            bindings = Set(parameters.compactMap { $0.binding?.text })
        }
        let title = "on \(subjectText) \(reaction.trigger.rawValue) \(pattern)"
        if case .named(let name, _, _) = reaction.pattern {
            let written = "`" + title + (reaction.condition.map { " \($0.text)" } ?? "") + "`"
            messages[name.text]!.handled.append((reaction.range.lowerBound.line, written))
        }
        outline.append(
            OutlineEntry(
                name: title, detail: reaction.condition?.text, kind: .event, range: reaction.range, selection: subject.range))
        if let condition = reaction.condition { visit(condition.expression) }
        let bodyStart = reaction.condition?.range.upperBound ?? reaction.fromHere?.upperBound ?? reaction.pattern.range.upperBound
        reactionRanges.append(bodyStart..<reaction.range.upperBound)
        for statement in reaction.body {
            switch statement {
            case .send(let send): visit(send, by: send.sender.written, in: title)
            case .set(let assignment): visit(assignment)
            case .log(let log): visit(log)
            case .leave(let reference, _), .release(let reference, _):
                if case .name(let name) = reference, !bindings.contains(name.text) { party(name) }
            }
        }
    }

    private mutating func visit(_ assignment: Assignment) {
        switch assignment.owner {
        case .participant(let name)?:
            party(name)
            addProperties([assignment.property.text], to: name.text)
        case .mediator(let range)?:
            mediatorKeyword(range)
            addProperties([assignment.property.text], to: mediatorKey)
        case .selfName?, nil: break
        }
        visit(assignment.value)
    }

    private mutating func visit(_ log: LogStatement) {
        for case .interpolation(let reference) in log.segments { visit(reference) }
    }

    private mutating func visit(_ expectation: Expectation) {
        party(expectation.subject)
        switch expectation.condition {
        case .property(_, _, let value): visit(value)
        case .received(_, let message?):
            if case .named(let name) = message {
                add(name.range, .message(name.text))
                noteMessage(name.text)
            }
        case .received, .alive, .deallocated: break
        }
    }

    private mutating func visit(_ expression: ValueExpression) {
        switch expression {
        case .literal: break
        case .reference(let reference): visit(reference)
        case .unary(_, let operand, _): visit(operand)
        case .binary(_, let left, let right, _):
            visit(left)
            visit(right)
        }
    }

    private mutating func visit(_ reference: Reference) {
        guard case .property(let owner, _, _) = reference else { return }
        switch owner {
        case .participant(let name): party(name)
        case .mediator(let range): mediatorKeyword(range)
        case .selfName: break
        }
    }
}
