import MediateKit

/// `textDocument/completion`: what may be written at the cursor, read from the words before it
/// on its line (the statement so far) and from the document's names.
///
/// The words before the cursor choose the context: after `mediator`, the designs; after `on`,
/// the participants, types and the mediator, then `receives`/`sends`, then the messages; after
/// `->`, the targets; after `:` in a send, the messages; after `NAME.`, NAME's properties; after
/// `expect NAME`, what may be expected; at the start of a statement, the statement keywords (in a
/// reaction's block, the statements a reaction may hold). Anywhere else, everything.
package struct CompletionContext {
    package let analysis: DocumentAnalysis
    package let designs: [String]

    package init(analysis: DocumentAnalysis, designs: [String]) {
        self.analysis = analysis
        self.designs = designs
    }

    /// LSP's `CompletionItemKind` values used here.
    enum ItemKind: Int {
        case variable = 6
        case `class` = 7
        case interface = 8
        case module = 9
        case property = 10
        case value = 12
        case keyword = 14
        case event = 23
    }

    struct Item: Equatable {
        var label: String
        var kind: ItemKind
        var detail: String
    }

    /// The completion items at `position`, most relevant first (`sortText` keeps that order).
    package func items(at position: LSPPosition) -> JSON {
        // A name written only at the cursor is the word being typed, not one the file uses.
        let cursor = analysis.offset(of: position)
        var elsewhere: Set<String> = []
        var atCursor: Set<String> = []
        for occurrence in index.occurrences {
            let name: String
            switch occurrence.symbol {
            case .message(let text), .type(let text): name = text
            case .party: continue
            }
            if occurrence.range.lowerBound.offset <= cursor, cursor <= occurrence.range.upperBound.offset {
                atCursor.insert(name)
            } else {
                elsewhere.insert(name)
            }
        }
        let typed = atCursor.subtracting(elsewhere)
        let items = candidates(at: position).filter { !(typed.contains($0.label) && ($0.kind == .event || $0.kind == .class)) }
        var seen: Set<String> = []
        var result: [JSON] = []
        for item in items where seen.insert(item.label).inserted {
            result.append([
                "label": JSON(item.label), "kind": JSON(item.kind.rawValue), "detail": JSON(item.detail),
                "sortText": JSON(String(String(result.count + 10_000).dropFirst())),
            ])
        }
        return .array(result)
    }

    private var index: SymbolIndex { analysis.index }

    func candidates(at position: LSPPosition) -> [Item] {
        let file = analysis.file
        let offset = analysis.offset(of: position)
        let lineRange = file.byteRange(ofLine: position.line + 1)
        guard lineRange.lowerBound <= offset else { return everything(inReaction: false, at: position) }
        let prefix = String(decoding: file.bytes[lineRange.lowerBound..<min(offset, lineRange.upperBound)], as: UTF8.self)
        guard let code = Self.codeBeforeCursor(prefix) else { return [] }
        let inReaction = isInReaction(offset: offset)

        // The word being written, and the statement's words before it.
        let word = code.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        let before = String(code.dropLast(word.count))
        if before.hasSuffix(".") {
            let owner = Self.words(String(before.dropLast())).last ?? ""
            return propertyItems(of: owner)
        }
        var words = Self.words(before)
        if let separator = words.lastIndex(where: { $0 == "{" || $0 == ";" || $0 == "}" }) {
            words.removeSubrange(...separator)
        }
        guard let first = words.first else {
            if isInTogether(offset: offset) { return partyItems() }
            return statementStart(inReaction: inReaction)
        }
        let last = words.last!

        if let arrow = words.firstIndex(of: "->") {
            if let colon = words[arrow...].firstIndex(of: ":") {
                return colon == words.count - 1 ? messageItems() : values(inReaction: inReaction)
            }
            if last == "*" { return typeItems(at: position) }
            if last == "->" || last == "," { return targetItems(inReaction: inReaction) }
            return [keyword(":", "then the message")]
        }
        switch first {
        case "mediator" where words.count == 1:
            return designItems() + [keyword("as", "name the mediator")]
        case "mediator" where words.count == 2 && last != "as":
            return [keyword("as", "name the mediator")]
        case "language" where words.count == 1:
            return LanguageVersion.allCases.map { Item(label: $0.rawValue, kind: .value, detail: "language version") }
        case "participant":
            if last == ":" { return typeItems(at: position) }
            if words.count >= 2, !words.contains("{"), last != "weak" { return [keyword("weak", "held weakly by the mediator")] }
            return []
        case "on":
            return reactionItems(words, at: position)
        case "expect":
            return expectationItems(words)
        case "leave", "release":
            return partyItems() + (inReaction ? [keyword("self", "the reacting party"), keyword("sender", "who sent the message")] : [])
        case "set":
            return words.count == 1
                ? partyItems() + (inReaction ? [keyword("self", "the reacting party")] : []) : values(inReaction: inReaction)
        default:
            if words.count == 1, first == "self" || first == "mediator" || index.participants[first] != nil || first == index.mediatorKey {
                return [keyword("->", "send a message")]
            }
            return everything(inReaction: inReaction, at: position)
        }
    }

    // MARK: Contexts

    private func statementStart(inReaction: Bool) -> [Item] {
        if inReaction {
            return [
                keyword("self", "send: self -> TARGETS: MESSAGE"), keyword("set", "set a property"), keyword("log", "write a log line"),
                keyword("leave", "unregister a participant"), keyword("release", "let a participant go"),
            ]
        }
        return [
            keyword("participant", "declare a participant"), keyword("on", "a reaction"), keyword("expect", "an expectation"),
            keyword("mediator", "the design, or a run-time replacement"), keyword("log", "write a log line"),
            keyword("set", "set a property"), keyword("leave", "unregister a participant"),
            keyword("release", "let a participant go"), keyword("scenario", "the title"), keyword("language", "the language version"),
        ] + (index.refusesTogether ? [] : [keyword("together", "sends that start together (1.2)")]) + partyItems()
    }

    private func reactionItems(_ words: [String], at position: LSPPosition) -> [Item] {
        switch words.count {
        case 1: return partyItems() + typeItems(at: position)
        case 2: return [keyword("receives", "after each delivery"), keyword("sends", "before a send goes out")]
        case 3: return messageItems() + [keyword("any", "every message")]
        default:
            let last = words.last!
            if last == "from" { return [keyword("here", "apply from this line on")] }
            if let guardStart = words.firstIndex(of: "if"), guardStart < words.count {
                return [keyword("and", "both hold"), keyword("or", "either holds"), keyword("not", "it does not hold")]
                    + values(inReaction: true)
            }
            if last.hasSuffix(")") || words.count == 4 || last == "here" {
                return (words.contains("from") ? [] : [keyword("from", "from here: apply from this line on")])
                    + [keyword("if", "a guard: run only when it holds")]
            }
            return []
        }
    }

    private func expectationItems(_ words: [String]) -> [Item] {
        let last = words.last!
        if last == "under" || (last == "," && words.contains("under")) { return designItems() }
        if last == "fails" { return [keyword("under", "the designs it fails under")] }
        switch words.count {
        case 1: return partyItems()
        case 2:
            return [
                keyword("received", "received N [MESSAGE]"), keyword("alive", "still alive"),
                keyword("deallocated", "gone"),
            ]
        case 4 where words[2] == "received": return messageItems() + [keyword("fails", "meant to fail")]
        default: return [keyword("fails", "meant to fail")] + values(inReaction: false)
        }
    }

    private func targetItems(inReaction: Bool) -> [Item] {
        [keyword("*", "every participant but the sender")] + partyItems()
            + (inReaction ? [keyword("sender", "who sent the message being handled")] : [])
    }

    /// What may stand in an expression: names, and in a reaction `self` and `sender`.
    private func values(inReaction: Bool) -> [Item] {
        (inReaction ? [keyword("self", "the reacting party"), keyword("sender", "who sent the message")] : []) + partyItems()
            + [keyword("true", "a boolean"), keyword("false", "a boolean")]
    }

    private func everything(inReaction: Bool, at position: LSPPosition) -> [Item] {
        var items = statementStart(inReaction: inReaction) + partyItems() + typeItems(at: position) + messageItems() + designItems()
        let contextual = [
            ("receives", "after each delivery"), ("sends", "before a send goes out"), ("any", "every message"),
            ("weak", "held weakly"), ("received", "expect NAME received N"), ("alive", "expect NAME alive"),
            ("deallocated", "expect NAME deallocated"), ("self", "the reacting party"), ("sender", "who sent the message"),
            ("message", "the handled message"), ("true", "a boolean"), ("false", "a boolean"), ("as", "name the mediator"),
            ("if", "a guard"), ("and", "both hold"), ("or", "either holds"), ("not", "it does not hold"),
            ("fails", "meant to fail"), ("under", "the designs it fails under"), ("from", "from here"), ("here", "from here"),
            ("language", "the language version"), ("together", "sends that start together (1.2)"),
        ]
        items += contextual.map { keyword($0.0, $0.1) }
        return items
    }

    // MARK: Items

    private func keyword(_ label: String, _ detail: String) -> Item { Item(label: label, kind: .keyword, detail: detail) }

    /// The participants in declaration order, then the mediator (its name, and `mediator`).
    private func partyItems() -> [Item] {
        index.participantOrder.map { Item(label: $0, kind: .variable, detail: "participant : \(index.participants[$0]!.type)") }
            + (index.mediator?.name.map { [Item(label: $0.text, kind: .interface, detail: "the mediator")] } ?? [])
            + [Item(label: "mediator", kind: .interface, detail: "the mediator")]
    }

    private func typeItems(at position: LSPPosition) -> [Item] {
        var types = index.typeOrder
        // Not the declaration being written on the cursor's line, which has no type yet.
        let defaultTyped = index.participants.values.contains {
            $0.type == "Participant" && $0.declaration.lowerBound.line != position.line + 1
        }
        if defaultTyped, !types.contains("Participant") {
            types.append("Participant")
        }
        return types.map { Item(label: $0, kind: .class, detail: "type") }
    }

    private func messageItems() -> [Item] {
        index.messageOrder.map { name in
            let uses = index.messages[name]!
            return Item(label: name, kind: .event, detail: "message: sent \(uses.sent.count)×, handled \(uses.handled.count)×")
        }
    }

    private func designItems() -> [Item] {
        designs.map { Item(label: $0, kind: .module, detail: "design") }
    }

    private func propertyItems(of owner: String) -> [Item] {
        let key: String?
        switch owner {
        case "mediator": key = index.mediatorKey
        case "self":
            // Any party's: which one `self` is depends on the reaction's subject.
            var names: [String] = []
            for party in index.participantOrder + [index.mediatorKey] {
                for property in index.properties[party] ?? [] where !names.contains(property) { names.append(property) }
            }
            return names.map { Item(label: $0, kind: .property, detail: "property") }
        default: key = owner
        }
        return (key.flatMap { index.properties[$0] } ?? []).map { Item(label: $0, kind: .property, detail: "property of \(owner)") }
    }

    // MARK: Reading the text

    /// The line before the cursor without a string's or a comment's text; nil when the cursor is
    /// inside a string or a comment.
    static func codeBeforeCursor(_ prefix: String) -> String? {
        var code = ""
        var inString = false
        var escaped = false
        for character in prefix {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    code.append("\"")
                }
                continue
            }
            if character == "#" { return nil }
            if character == "\"" { inString = true }
            code.append(character)
        }
        return inString ? nil : code
    }

    /// The words and punctuation of a piece of a statement: `->`, `:`, `,`, `{`, `}`, `;`, `(`,
    /// `)` and `*` stand alone.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        var characters = text[...]
        while let character = characters.first {
            if characters.hasPrefix("->") {
                flush()
                words.append("->")
                characters = characters.dropFirst(2)
                continue
            }
            characters = characters.dropFirst()
            if character == " " || character == "\t" {
                flush()
            } else if ":,{};()*".contains(character) {
                flush()
                words.append(String(character))
            } else {
                current.append(character)
            }
        }
        flush()
        return words
    }

    /// Whether `offset` is inside a reaction's block: one the tree has, or, while the text does
    /// not parse, a `{` opened on a line starting with `on` and not closed before the cursor.
    /// Whether `offset` is inside a `together` block's braces, where each statement is a send.
    private func isInTogether(offset: Int) -> Bool {
        index.togetherRanges.contains { $0.lowerBound.offset < offset && offset < $0.upperBound.offset }
    }

    private func isInReaction(offset: Int) -> Bool {
        if index.reactionRanges.contains(where: { $0.lowerBound.offset < offset && offset < $0.upperBound.offset }) { return true }
        let bytes = analysis.file.bytes
        var openers: [Bool] = []
        var lineStartsWithOn = false
        var atLineStart = true
        var inString = false
        var inComment = false
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            defer { index += 1 }
            if byte == 0x0A {
                inComment = false
                inString = false
                atLineStart = true
                continue
            }
            if inComment { continue }
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            if atLineStart, byte != 0x20, byte != 0x09 {
                atLineStart = false
                lineStartsWithOn = bytes[index...].starts(with: Array("on ".utf8))
            }
            switch byte {
            case UInt8(ascii: "#"): inComment = true
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"): openers.append(lineStartsWithOn)
            case UInt8(ascii: "}"): _ = openers.popLast()
            default: break
            }
        }
        return openers.contains(true)
    }
}
