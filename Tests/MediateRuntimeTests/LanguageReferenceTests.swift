import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit
@testable import MediateSyntax

/// The language reference, docs/LANGUAGE.md, read as the tests need it: its fenced blocks, its
/// examples (the blocks whose info string is `scenario`), its grammar (the `ebnf` block) and its
/// table of contextual words.
enum LanguageReference {
    /// A fenced block: its info string, its text and the line of its opening fence.
    struct Block {
        var info: String
        var text: String
        var line: Int
    }

    /// An example of the reference, as a test argument.
    struct Example: Sendable, CustomTestStringConvertible {
        var source: String
        var line: Int

        var testDescription: String {
            let title = source.firstMatch(of: /scenario "([^"]*)"/).map { String($0.output.1) } ?? "untitled"
            return "\(title) (docs/LANGUAGE.md:\(line))"
        }
    }

    /// The reference's text; empty if it cannot be read (the tests then fail on what is missing).
    static var text: String {
        (try? String(contentsOf: packageRoot.appendingPathComponent("docs/LANGUAGE.md"), encoding: .utf8)) ?? ""
    }

    /// Every fenced block of `text` opened by a line of three backticks and an info string.
    static func blocks(in text: String) -> [Block] {
        var blocks: [Block] = []
        var open: Block?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var block = open {
                if line == "```" {
                    blocks.append(block)
                    open = nil
                } else {
                    block.text += line + "\n"
                    open = block
                }
            } else if line.hasPrefix("```") {
                open = Block(info: String(line.dropFirst(3)), text: "", line: index + 1)
            }
        }
        return blocks
    }

    /// The `scenario` blocks of the reference.
    static var examples: [Example] {
        blocks(in: text).filter { $0.info == "scenario" }.map { Example(source: $0.text, line: $0.line) }
    }

    /// The text of the reference's one `ebnf` block.
    static var grammarText: String {
        blocks(in: text).first { $0.info == "ebnf" }?.text ?? ""
    }

    /// The words in the first column of the table under "### Contextual words".
    static var contextualWordsTable: Set<String> {
        guard let start = text.range(of: "### Contextual words") else { return [] }
        let section = text[start.upperBound...]
        let end = section.range(of: "\n### ")?.lowerBound ?? section.endIndex
        var words: Set<String> = []
        for line in section[..<end].split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.dropFirst(2).prefix { $0 != "|" }
            for match in cell.matches(of: /`([a-z]+)`/) { words.insert(String(match.output.1)) }
        }
        return words
    }
}

/// A grammar in the reference's EBNF: its productions, each with the terminals and names on its
/// right side and whether it is marked as language 1.1.
struct Grammar {
    struct Production {
        var name: String
        /// The quoted words and symbols, as written between the quotes.
        var terminals: [String]
        /// The names of productions and tokens on the right side.
        var names: [String]
        /// Whether a comment in it says `1.1`.
        var marked11: Bool
        /// Whether a comment in it says `1.2`.
        var marked12 = false
    }

    var productions: [Production] = []

    /// Reads `text`: `name = … ;` rules, `"…"` terminals, `(* … *)` comments. A comment belongs
    /// to the rule it is in, or to the rule whose `;` ends its line.
    init(_ text: String) {
        var current: Production?
        /// Whether a rule ended on the current line, before a comment that then belongs to it.
        var endedOnThisLine = false
        var rest = Substring(text)
        while let character = rest.first {
            if rest.hasPrefix("(*") {
                let end = rest.range(of: "*)")?.upperBound ?? rest.endIndex
                for (version, flag) in [("1.1", \Production.marked11), ("1.2", \Production.marked12)]
                where rest[..<end].contains(version) {
                    if current != nil {
                        current?[keyPath: flag] = true
                    } else if endedOnThisLine, !productions.isEmpty {
                        productions[productions.count - 1][keyPath: flag] = true
                    }
                }
                rest = rest[end...]
            } else if character == "\n" {
                endedOnThisLine = false
                rest = rest.dropFirst()
            } else if character == "\"" {
                let body = rest.dropFirst()
                let close = body.firstIndex(of: "\"") ?? body.endIndex
                current?.terminals.append(String(body[..<close]))
                rest = close == body.endIndex ? body[close...] : body[body.index(after: close)...]
            } else if character.isLetter || character == "_" {
                let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
                rest = rest.dropFirst(word.count)
                let afterWord = rest.drop { $0 == " " || $0 == "\n" }
                if current == nil, afterWord.first == "=" {
                    current = Production(name: String(word), terminals: [], names: [], marked11: false)
                    rest = afterWord.dropFirst()
                } else {
                    current?.names.append(String(word))
                }
            } else if character == ";" {
                if let production = current { productions.append(production) }
                current = nil
                endedOnThisLine = true
                rest = rest.dropFirst()
            } else {
                rest = rest.dropFirst()
            }
        }
    }

    var names: Set<String> { Set(productions.map(\.name)) }
    var terminals: Set<String> { Set(productions.flatMap(\.terminals)) }
}

/// The grammar in the reference matches the parser, and a test parses every
/// example in the reference.
@Suite("Language reference")
struct LanguageReferenceTests {
    static let designNames = MediatorKind.allCases.map(\.rawValue)

    /// Parses and checks `source` as `mediate` does, with the reference designs.
    static func load(_ source: String, path: String = "reference.scenario") -> Result<Script, Diagnostics> {
        Frontend.load(SourceFile(path: path, text: source), designNames: designNames)
    }

    /// Every diagnostic of `source`, errors and warnings, as `LINE:COLUMN: severity: message`.
    static func diagnostics(of source: String) -> [String] {
        switch load(source) {
        case .success(let script):
            return script.warnings.map { "\($0.range.lowerBound.line):\($0.range.lowerBound.column): warning: \($0.message)" }
        case .failure(let failure):
            return failure.items.map { "\($0.range.lowerBound.line):\($0.range.lowerBound.column): error: \($0.message)" }
        }
    }

    // MARK: The examples

    @Test func theReferenceHasAnExampleForEachFeature() {
        // Version line, words as names, a named mediator, targets, mediator reactions, guards,
        // literal patterns, from here, leave/release in a reaction, set, expectations, fails,
        // expressions, run-time errors, and the 1.0 examples.
        #expect(LanguageReference.examples.count >= 17)
    }

    /// Two examples send to a participant that left on purpose, to show the `!` line it writes:
    /// the line of each such send, and the one warning each gets for it.
    static let sendsToAParticipantThatLeft: [(send: String, warning: String)] = [
        (#"Ann -> Cy: "bye""#, "14:8: warning: this send goes to 'Cy', who left the mediator on line 13"),
        (#"A -> B: "hi?""#, "5:6: warning: this send goes to 'B', who left the mediator on line 4"),
    ]

    @Test(arguments: LanguageReference.examples)
    func everyExampleParsesAndChecksWithoutADiagnostic(_ example: LanguageReference.Example) {
        let expected = Self.sendsToAParticipantThatLeft.filter { example.source.contains($0.send + "\n") }.map(\.warning)
        #expect(LanguageReferenceTests.diagnostics(of: example.source) == expected)
    }

    @Test(arguments: LanguageReference.examples)
    func everyExampleRunsUnderEveryDesign(_ example: LanguageReference.Example) throws {
        guard case .success = LanguageReferenceTests.load(example.source) else { return }
        for kind in MediatorKind.allCases {
            let (text, _) = try runScenario(example.source, kind: kind)
            let lines = text.split(separator: "\n")
            #expect(lines.dropLast().last?.hasPrefix("end: ") == true, "under \(kind)")
            #expect(lines.last?.hasPrefix("leaked: ") == true, "under \(kind)")
        }
    }

    /// The check above fails when an example is broken: a misspelt name added to an example is
    /// an error, and a reaction written below a send it changes a warning.
    @Test func aBrokenExampleIsCaught() throws {
        let example = try #require(LanguageReference.examples.first)
        #expect(LanguageReferenceTests.diagnostics(of: example.source) == [])
        let misspelt = example.source + "participant Zed\nZde -> Zed: hi\n"
        #expect(LanguageReferenceTests.diagnostics(of: misspelt).contains { $0.contains("error: unknown participant 'Zde'") })
        let hoisted = example.source + "participant Zed\nZed -> Zed: hi\non Zed receives hi { }\n"
        #expect(LanguageReferenceTests.diagnostics(of: hoisted).contains { $0.contains("warning: this reaction also applies") })
    }

    // MARK: The grammar and the lexer

    static let grammar = Grammar(LanguageReference.grammarText)

    @Test func theGrammarIsComplete() {
        let grammar = LanguageReferenceTests.grammar
        #expect(grammar.productions.count >= 40)
        // Every name on a right side is a production or a token the text describes.
        let tokens: Set<String> = ["STRING", "EOL", "RESERVED", "LETTER", "DIGIT"]
        let used = Set(grammar.productions.flatMap(\.names))
        #expect(used.subtracting(grammar.names).subtracting(tokens) == [])
        // Every production but the start is used, and the interpolation, which is read inside a
        // log's STRING.
        #expect(grammar.names.subtracting(used) == ["script", "interpolation"])
        // No production is defined twice.
        #expect(grammar.productions.count == grammar.names.count)
    }

    /// The lexer's reading of `text`: its token kinds, without the end of the file.
    static func tokens(_ text: String) -> [Token.Kind] {
        let (tokens, _) = Lexer.tokenize(SourceFile(path: "t.scenario", text: text))
        return tokens.map(\.kind).filter { $0 != .endOfFile }
    }

    @Test func everyTerminalIsOneTokenOfTheLexer() {
        for terminal in LanguageReferenceTests.grammar.terminals.sorted() {
            let kinds = LanguageReferenceTests.tokens(terminal)
            #expect(kinds.count == 1, "\"\(terminal)\" is \(kinds.count) tokens: \(kinds)")
            guard let kind = kinds.first else { continue }
            switch kind {
            case .invalid, .string, .newline, .endOfFile:
                Issue.record("\"\(terminal)\" is not a word or a symbol of the lexer: \(kind)")
            case .number:
                Issue.record("\"\(terminal)\": the grammar writes numbers as NUMBER, not as a terminal")
            default:
                break
            }
        }
    }

    /// The other way round: every reserved word (but `all`, which no statement uses) and every
    /// symbol the lexer reads is in the grammar.
    @Test func everyKeywordAndSymbolOfTheLexerIsInTheGrammar() {
        let terminals = LanguageReferenceTests.grammar.terminals
        for keyword in Keyword.allCases where keyword != .all {
            #expect(terminals.contains(keyword.rawValue), "the grammar never writes '\(keyword.rawValue)'")
        }
        #expect(!terminals.contains("all"))
        let symbols = ["->", ":", ",", ";", "*", "{", "}", "(", ")", "=", "==", "!=", ".", "-", "<", "<=", ">", ">=", "+", "/"]
        for symbol in symbols {
            #expect(terminals.contains(symbol), "the grammar never writes '\(symbol)'")
            #expect(LanguageReferenceTests.tokens("a \(symbol) b").count == 3, "'\(symbol)' is one token")
        }
    }

    static let contextualWords: Set<String> = [
        "language", "as", "from", "here", "if", "and", "or", "not", "fails", "under", "together",
    ]

    /// Language 1.1 adds no reserved word: every word of the grammar that is not a keyword is a
    /// contextual word, listed in the reference's table, and the lexer reads it as a name.
    @Test func everyNewWordIsContextual() {
        let words = LanguageReferenceTests.grammar.terminals.filter { $0.first?.isLetter == true }
        let notReserved = Set(words.filter { Keyword(rawValue: $0) == nil })
        #expect(notReserved == LanguageReferenceTests.contextualWords)
        #expect(LanguageReference.contextualWordsTable == LanguageReferenceTests.contextualWords)
        #expect(Keyword.allCases.count == 22, "language 1.1 reserves no word")
        for word in notReserved.sorted() {
            #expect(LanguageReferenceTests.tokens(word) == [.identifier(word)])
        }
        // Each production that writes a contextual word is marked 1.1.
        for production in LanguageReferenceTests.grammar.productions
        where !Set(production.terminals).isDisjoint(with: LanguageReferenceTests.contextualWords) {
            #expect(production.marked11 || production.marked12, "\(production.name) writes a new word but is not marked so")
        }
    }

    @Test(arguments: contextualWords.sorted())
    func aContextualWordIsStillAName(_ word: String) {
        let source = """
            participant \(word) : T
            participant B
            on T receives \(word)(\(word)) { log "{\(word)}" }
            \(word) -> B: \(word)(\(word): 1)
            B -> \(word): \(word)
            expect \(word) received 1 \(word)

            """
        #expect(LanguageReferenceTests.diagnostics(of: source) == [])
    }

    // MARK: Each production, exercised

    /// A snippet for each production of the grammar, and what the parser's tree of it must hold
    /// (its `TreeDump`), so that the production is read as the grammar says. Expressions dump
    /// fully parenthesised, which pins precedence and associativity.
    static let snippets: [String: (source: String, dump: [String])] = [
        "script": ("participant A\n\n# a comment\nlog \"hi\"", ["Participant A", "Log"]),
        "statement": ("participant A\nA -> A: hi\nlog \"x\"", ["Participant A", "Send", "Log"]),
        "version": ("language 1.1\nparticipant A", ["Language 1.1"]),
        "title": ("scenario \"T\"", ["Scenario \"T\""]),
        "mediator": (
            "mediator wrapper as Tower { landed = 0 }\nmediator mesh\nparticipant A\nA -> Tower: hi\nmediator wrapper",
            ["Mediator wrapper as Tower", "Property landed = 0", "Mediator mesh"]
        ),
        "participant": ("participant A : T weak { x = 1 }", ["Participant A : T weak", "Property x = 1"]),
        "properties": ("participant A {\n  x = 1,\n  y = \"two\",\n}", ["Property x = 1", "Property y = \"two\""]),
        "property": ("participant A { on = true, set = -2.5 }", ["Property on = true", "Property set = -2.5"]),
        "send": ("participant A\nparticipant B\nA -> B: hi", ["Sender A", "Targets B", "Message hi"]),
        "sender": (
            "participant A\non A receives hi { self -> A: ho }\nmediator -> A: hi",
            ["Sender self", "Sender mediator"]
        ),
        "targets": (
            "participant A : T\nparticipant B\nA -> *: hi\nA -> * T: hi\nA -> B, mediator, * T: hi",
            ["Targets *", "Targets * T", "Targets B, mediator, * T"]
        ),
        "target": (
            "participant A : T\nparticipant B\non A receives hi { self -> sender, B, mediator, * T: ho }\nB -> A: hi",
            ["Targets sender, B, mediator, * T"]
        ),
        "message": (
            "participant A\nA -> A: \"text\"\nA -> A: leave\nA -> A: hit(1, on: true)",
            ["Message \"text\"", "Message leave", "Message hit", "Argument on: true"]
        ),
        "argument": ("participant A { n = 1 }\nA -> A: hit(by: A.n + 1, 2)", ["Argument by: (A.n + 1)", "Argument 2"]),
        "leave": ("participant A\nleave A", ["Leave A"]),
        "release": ("participant A\nrelease A", ["Release A"]),
        "reaction": (
            "participant A\nmediator as M\non A receives any { }\non M sends hi from here if true { }",
            ["Reaction A receives", "Reaction M sends", "From here", "If true"]
        ),
        "from-here": ("participant A\non A receives hi from here { }", ["From here"]),
        "guard": ("participant A\non A receives hit(n) if n > 3 and not n == 5 { }", ["If ((n > 3) and (not (n == 5)))"]),
        "pattern": (
            "participant A\non A receives any { }\non A receives leave { }\non A receives hit(n, \"x\", by: 2) { }",
            ["Pattern any", "Pattern leave", "Pattern hit(n, \"x\", by: 2)"]
        ),
        "parameter": ("participant A\non A receives hit(n, true, -1, on: false) { }", ["Pattern hit(n, true, -1, on: false)"]),
        "block": (
            "participant A\non A receives any {\n  log \"a\"; log \"b\"\n\n  ;log \"c\"\n}",
            ["Log", "Reaction A receives"]
        ),
        "body": (
            "participant A\non A receives any { self -> A: x; set n = 1; log \"l\"; leave self; release sender }\nA -> A: hi",
            ["Send", "Set n = 1", "Log", "Leave self", "Release sender"]
        ),
        "party": (
            "participant A\non A receives kick(who) { leave who; leave A; release self; release sender }",
            ["Leave who", "Leave A", "Release self", "Release sender"]
        ),
        "set-step": ("participant A\nset A.n = 1\nset mediator.m = 2", ["Set A.n = 1", "Set mediator.m = 2"]),
        "set": (
            "participant A\non A receives any { set n = 1; set self.on = 2; set A.m = 3; set mediator.k = 4 }",
            ["Set n = 1", "Set self.on = 2", "Set A.m = 3", "Set mediator.k = 4"]
        ),
        "owner": (
            "participant A\nmediator as M\nset A.x = M.y\nset mediator.z = 1\non A receives any { set self.w = 1 }",
            ["Set A.x = M.y", "Set mediator.z = 1", "Set self.w = 1"]
        ),
        "log": ("participant A\nlog \"{A.x}\"", ["Log", "Interpolation A.x"]),
        "interpolation": (
            "participant A\non A receives hi(p) { log \"{self} {sender} {message} {p} {A.on} {self.x} {mediator.y}\" }",
            [
                "Interpolation self", "Interpolation sender", "Interpolation message", "Interpolation p", "Interpolation A.on",
                "Interpolation self.x", "Interpolation mediator.y",
            ]
        ),
        "expect": (
            "participant A\nA -> A: hi\nexpect A received 1 hi fails under mesh, wrapper\nexpect mediator received 0",
            ["Expect A received 1 hi fails under mesh, wrapper", "Expect mediator received 0"]
        ),
        "condition": (
            "participant A\nA -> A: hi\nexpect A.on == 1\nexpect A received 1\nexpect A received 1 \"t\"\nexpect A alive\nexpect A deallocated",
            ["Expect A.on == 1", "Expect A received 1", "Expect A received 1 \"t\"", "Expect A alive", "Expect A deallocated"]
        ),
        "comparator": (
            "participant A\nexpect A.n == 1\nexpect A.n != 1\nexpect A.n < 1\nexpect A.n <= 1\nexpect A.n > 1\nexpect A.n >= 1",
            ["Expect A.n == 1", "Expect A.n != 1", "Expect A.n < 1", "Expect A.n <= 1", "Expect A.n > 1", "Expect A.n >= 1"]
        ),
        "intended": (
            "participant A\nexpect A alive fails\nexpect A alive fails under protocol-extension",
            ["Expect A alive fails", "Expect A alive fails under protocol-extension"]
        ),
        "expression": ("participant A\nset A.x = true or false and true or false", ["Set A.x = ((true or (false and true)) or false)"]),
        "conjunction": ("participant A\nset A.x = true and false and true", ["Set A.x = ((true and false) and true)"]),
        "negation": ("participant A\nset A.x = not not 1 < 2 and true", ["Set A.x = ((not (not (1 < 2))) and true)"]),
        "comparison": ("participant A\nset A.x = 1 + 2 <= 3 * 4", ["Set A.x = ((1 + 2) <= (3 * 4))"]),
        "sum": ("participant A\nset A.x = 1 - 2 + 3 -4", ["Set A.x = (((1 - 2) + 3) - 4)"]),
        "product": ("participant A\nset A.x = 1 + 2 * 3 / 4", ["Set A.x = (1 + ((2 * 3) / 4))"]),
        "unary": ("participant A { n = 1 }\nset A.x = - -A.n * - 3", ["Set A.x = ((-(-A.n)) * -3)"]),
        "primary": ("participant A { n = 1 }\nset A.x = (1 + A.n) * \"s\"", ["Set A.x = ((1 + A.n) * \"s\")"]),
        "reference": (
            "participant A\non A receives hi(p) { set x = p; set y = self; set z = sender; set w = A.n; set v = self.n; set u = mediator.n }",
            ["Set x = p", "Set y = self", "Set z = sender", "Set w = A.n", "Set v = self.n", "Set u = mediator.n"]
        ),
        "literal": ("participant A\nset A.x = \"s\"\nset A.y = -1.5\nset A.z = true\nset A.w = false", ["\"s\"", "-1.5", "true", "false"]),
        "KIND": ("mediator protocol-extension\nparticipant A\nexpect A alive fails under direct-delegate", ["Mediator protocol-extension"]),
        "NAME": ("participant _a1 : T_2", ["Participant _a1 : T_2"]),
        "WORD": ("participant A { scenario = 1 }\nA -> A: expect(all: 1)", ["Property scenario = 1", "Message expect", "Argument all: 1"]),
        "IDENTIFIER": ("participant a_B9", ["Participant a_B9"]),
        "NUMBER": ("participant A { a = 10, b = -3, c = 1099.99 }", ["Property a = 10", "Property b = -3", "Property c = 1099.99"]),
        "DIGITS": ("participant A\nexpect A received 007", ["Expect A received 7"]),
        "together": (
            "participant A\ntogether {\n  A -> A: hi; A -> A: ho\n\n  A -> *: all\n}",
            ["Together", "Message hi", "Message ho", "Targets *"]
        ),
    ]

    @Test func everyProductionHasASnippet() {
        let grammar = LanguageReferenceTests.grammar.names
        let covered = Set(LanguageReferenceTests.snippets.keys)
        #expect(grammar.subtracting(covered) == [], "productions of the reference without a snippet in this test")
        #expect(covered.subtracting(grammar) == [], "snippets for productions the reference does not have")
    }

    @Test(arguments: snippets.keys.sorted())
    func eachProductionIsReadAsTheGrammarSays(_ production: String) throws {
        let (source, fragments) = try #require(LanguageReferenceTests.snippets[production])
        let (script, syntactic) = Frontend.parse(
            SourceFile(path: "t.scenario", text: source), designNames: LanguageReferenceTests.designNames)
        #expect(syntactic.map(\.message) == [], "\(production): \(source)")
        #expect(LanguageReferenceTests.diagnostics(of: source).filter { $0.contains("error:") } == [], "\(production)")
        let dump = script.dump()
        for fragment in fragments {
            #expect(dump.contains(fragment), "\(production): the tree lacks '\(fragment)':\n\(dump)")
        }
    }

    /// What a production marked 1.1 adds is refused under `language 1.0`: a snippet that uses
    /// only it, pinned, is an error that it needs language 1.1.
    static let pinned: [String: String] = [
        "version": "language 1.1",
        "mediator": "mediator wrapper as Tower",
        "from-here": "participant A\non A receives hi from here { }",
        "guard": "participant A\non A receives hi if true { }",
        "parameter": "participant A\non A receives hi(\"x\") { }",
        "body": "participant A\non A receives hi { leave self }",
        "set-step": "participant A\nset A.n = 1",
        "set": "participant A\non A receives hi { set A.n = 1 }",
        "owner": "participant A\nlog \"{mediator.n}\"",
        "target": "participant A\nA -> mediator: hi",
        "property": "participant A { on = 1 }",
        "reaction": "on mediator receives hi { }",
        "condition": "participant A\nA -> A: hi\nexpect A received 1 hi",
        "comparator": "participant A\nexpect A.n < 1",
        "intended": "participant A\nexpect A alive fails",
        "argument": "participant A\nA -> A: hi(1 + 1)",
        "expression": "participant A\nexpect A.n == 1 + 1",
        "reference": "participant A { n = 1 }\nA -> A: hi(A.n)",
        "primary": "participant A { n = 1 }\nexpect A.n == A.n",
    ]

    @Test(arguments: pinned.keys.sorted())
    func aConstructOfLanguage11IsRefusedUnderLanguage10(_ production: String) throws {
        let snippet = try #require(LanguageReferenceTests.pinned[production])
        if production == "version" {
            #expect(LanguageReferenceTests.diagnostics(of: snippet) == [])
            return
        }
        #expect(LanguageReferenceTests.diagnostics(of: snippet) == [], "\(production): without a version line")
        let errors = LanguageReferenceTests.diagnostics(of: "language 1.0\n" + snippet)
        #expect(errors.contains { $0.contains("needs language 1.1") }, "\(production): \(errors)")
    }

    /// What language 1.2 adds is refused under `language 1.1` and `1.0`, and accepted under `1.2`.
    @Test func everyProductionMarked12IsRefusedUnderLanguage11() {
        let marked = LanguageReferenceTests.grammar.productions.filter(\.marked12).map(\.name)
        #expect(marked == ["version", "together"])
        let snippet = "participant A\ntogether { A -> A: hi }"
        #expect(LanguageReferenceTests.diagnostics(of: "language 1.2\n" + snippet) == [])
        for version in ["1.0", "1.1"] {
            #expect(
                LanguageReferenceTests.diagnostics(of: "language \(version)\n" + snippet) == ["3:1: error: 'together' needs language 1.2"])
        }
    }

    @Test func everyProductionMarked11HasAPinnedSnippet() {
        let marked = Set(LanguageReferenceTests.grammar.productions.filter(\.marked11).map(\.name))
        // Expression levels are one construct ('an expression'), pinned through "expression";
        // words and names are pinned through the productions that use them.
        let throughOthers: Set<String> = [
            "conjunction", "negation", "comparison", "sum", "product", "unary", "WORD", "party", "targets",
        ]
        #expect(marked.subtracting(throughOthers).subtracting(LanguageReferenceTests.pinned.keys) == [])
    }
}
