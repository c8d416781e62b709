import MediateDesigns
import MediateRuntime
import Testing

@testable import MediateSyntax

/// Loads `marked` (a source whose markers `1️⃣`… show where errors are expected) and returns
/// each diagnostic as `MARKER MESSAGE | help: … | note: …`, in the order `Frontend.load` gives.
///
/// A diagnostic at no marker shows `LINE:COLUMN` instead of a marker, so a wrong position fails
/// the comparison visibly.
func loadDiagnostics(_ marked: String) -> [String] {
    let source = MarkedSource(marked)
    guard case .failure(let diagnostics) = Frontend.load(source.file(), designs: .reference) else { return [] }
    return diagnostics.items.map { diagnostic in
        let start = diagnostic.range.lowerBound
        let at = source.locations.first { $0.value == start }?.key ?? start.description
        let notes = diagnostic.notes.map { "\($0.kind.rawValue): \($0.message)" }
        return ([at + " " + diagnostic.message] + notes).joined(separator: " | ")
    }
}

@Suite("Diagnostics")
struct DiagnosticTests {
    // MARK: Lexical errors

    static let lexical: [(String, [String])] = [
        ("scenario 1️⃣\"Musketeers", [#"1️⃣ unterminated string | help: close the string with '"' on the same line"#]),
        (
            #"scenario "a1️⃣\qb""#,
            [#"1️⃣ invalid escape '\q' in a string | help: the escapes are \" \\ \n \t \{ \} and \u{…}"#]
        ),
        (
            #"scenario "1️⃣\u{}""#,
            [#"1️⃣ invalid Unicode escape | help: write '\u{' then 1 to 8 hexadecimal digits and '}', e.g. '\u{1F604}'"#]
        ),
        (#"scenario "1️⃣\u{DFFF}""#, [#"1️⃣ '\u{DFFF}' is not a valid Unicode scalar"#]),
        (
            "participant A { hp = 1️⃣10x }",
            ["1️⃣ invalid number '10x' | help: write digits with an optional fraction, e.g. '10', '-3' or '1099.99'"]
        ),
        ("participant A\nparticipant B\nA 1️⃣→ B: hi", ["1️⃣ unexpected character '→'"]),
        ("participant A 1️⃣@ { x = 2️⃣$ }", ["1️⃣ unexpected character '@'", "2️⃣ unexpected character '$'"]),
    ]

    @Test(arguments: lexical)
    func lexicalErrors(source: String, expected: [String]) {
        #expect(loadDiagnostics(source) == expected)
    }

    @Test func invalidUTF8() throws {
        let file = SourceFile(path: "t.scenario", bytes: Array("scenario \"a".utf8) + [0xFE] + Array("\"".utf8))
        guard case .failure(let diagnostics) = Frontend.load(file, designs: .reference) else {
            Issue.record("no error")
            return
        }
        #expect(diagnostics.items.map(\.message) == ["invalid UTF-8 byte 0xFE"])
        #expect(diagnostics.items.first?.range.lowerBound.description == "1:12")
    }

    // MARK: Syntax errors

    static let sends: [(String, [String])] = [
        ("participant A\nparticipant B\nA -> B 1️⃣hi", ["1️⃣ expected ':' before the message"]),
        ("participant A\nparticipant B\nA 1️⃣B: hi", ["1️⃣ expected '->' after the sender"]),
        ("participant A\nA -> 1️⃣: hi", ["1️⃣ expected '*' or a participant name after '->'"]),
        ("participant A\nparticipant B\nA -> B, 1️⃣: hi", ["1️⃣ expected a participant name after ','"]),
        ("participant A\nA -> *: 1️⃣", ["1️⃣ expected a message after ':': a string or a name"]),
        ("participant A\nA -> *: hit(1, 2 1️⃣3)", ["1️⃣ expected ',' or ')' in the argument list"]),
        ("participant A\nA -> *: hit(1, 1️⃣)", ["1️⃣ expected a value in the argument list"]),
        ("participant A\nA -> *: hit(by: 1️⃣)", ["1️⃣ expected a value after 'by:'"]),
        ("participant A\nA -> *: hit(1 1️⃣", ["1️⃣ expected ',' or ')' in the argument list"]),
        ("participant A\nA -> 1️⃣any: x", ["1️⃣ 'any' is a word of the language and cannot be a name"]),
        ("participant A\nA -> * 1️⃣all: x", ["1️⃣ 'all' is a word of the language and cannot be a name"]),
        (
            "language 1.0\nparticipant A\nA -> *: 1️⃣log",
            ["1️⃣ the word 'log' as a message name needs language 1.1 | help: write 'language 1.1', or remove the version line"]
        ),
        (
            "language 1.0\nparticipant A\nA -> *: hit(1️⃣on: 1)",
            ["1️⃣ the word 'on' as a label needs language 1.1 | help: write 'language 1.1', or remove the version line"]
        ),
        ("participant A\nA -> *: hit 1️⃣x", ["1️⃣ expected end of line after the message"]),
    ]

    static let statements: [(String, [String])] = [
        ("leave 1️⃣", ["1️⃣ expected a participant name after 'leave'"]),
        ("release 1️⃣42", ["1️⃣ expected a participant name after 'release'"]),
        ("participant 1️⃣release", ["1️⃣ 'release' is a word of the language and cannot be a name"]),
        ("participant A\nleave A 1️⃣A", ["1️⃣ expected end of line after the participant name"]),
        ("scenario 1️⃣Musketeers", ["1️⃣ expected a title string after 'scenario'"]),
        ("scenario \"M\" 1️⃣\"N\"", ["1️⃣ expected end of line after the title"]),
        (
            "mediator 1️⃣",
            [
                "1️⃣ expected a mediator kind after 'mediator' | help: the kinds are 'protocol-extension', "
                    + "'wrapper', 'direct-delegate', 'mesh', 'actor', 'async-stream', 'notification-center', 'combine'"
            ]
        ),
        (
            "mediator protocol 1️⃣- extension",
            ["1️⃣ a mediator kind is written without spaces | help: join its words with '-', e.g. 'protocol-extension'"]
        ),
        (
            "mediator protocol1️⃣- extension",
            ["1️⃣ a mediator kind is written without spaces | help: join its words with '-', e.g. 'protocol-extension'"]
        ),
        ("mediator wrapper 1️⃣x", ["1️⃣ expected end of line after the mediator kind"]),
        (
            "set 1️⃣hp = 1",
            ["1️⃣ 'set hp' does not say whose property it sets | help: at top level, say whose property: 'set NAME.PROP = VALUE'"]
        ),
        ("1️⃣}", ["1️⃣ '}' closes no block"]),
        ("1️⃣particpant A", ["1️⃣ unknown statement 'particpant' | help: did you mean 'participant'?"]),
        ("1️⃣lg \"x\"", ["1️⃣ unknown statement 'lg' | help: did you mean 'log'?"]),
        ("1️⃣\"hello\"", ["1️⃣ expected a statement"]),
        ("1️⃣weak", ["1️⃣ expected a statement"]),
        ("log 1️⃣hello", ["1️⃣ expected a string after 'log'"]),
        ("log \"x\" 1️⃣\"y\"", ["1️⃣ expected end of line after the log string"]),
        ("leave A1️⃣; leave B", ["1️⃣ expected end of line after the participant name"]),
    ]

    static let participants: [(String, [String])] = [
        ("participant A : 1️⃣", ["1️⃣ expected a type name after ':'"]),
        ("participant A 1️⃣B", ["1️⃣ expected ':', 'weak', '{' or end of line after 'A'"]),
        ("participant A : T 1️⃣B", ["1️⃣ expected 'weak', '{' or end of line after 'T'"]),
        ("participant A weak 1️⃣B", ["1️⃣ expected '{' or end of line after 'weak'"]),
        ("participant A { hp 1️⃣10 }", ["1️⃣ expected '=' after the property name"]),
        ("participant A { hp = 1 1️⃣name = 2 }", ["1️⃣ expected ',' or '}' after the property"]),
        ("participant A {\n  hp = 1,\n  name = 21️⃣\n  x = 3\n}", ["1️⃣ expected ',' or '}' after the property"]),
        ("participant A { hp = 1️⃣}", ["1️⃣ expected a value after '='"]),
        ("participant A { 1️⃣= 1 }", ["1️⃣ expected a property name"]),
        (
            "language 1.0\nparticipant A { 1️⃣on = 1 }",
            ["1️⃣ the word 'on' as a property name needs language 1.1 | help: write 'language 1.1', or remove the version line"]
        ),
        ("participant A 1️⃣{ hp = 1,\n", ["1️⃣ this '{' is never closed | help: close the block with '}'"]),
        (
            "participant A { hp = 1\n1️⃣participant B\nleave B",
            ["1️⃣ expected '}' to close the block opened on line 1"]
        ),
        ("participant A {} 1️⃣x", ["1️⃣ expected end of line after the property block"]),
    ]

    static let reactions: [(String, [String])] = [
        ("on 1️⃣", ["1️⃣ expected a participant or type name after 'on'"]),
        ("participant A\non A 1️⃣gets any {}", ["1️⃣ expected 'receives' or 'sends' after 'A'"]),
        (
            "participant A\non A receives 1️⃣{ }",
            ["1️⃣ expected a message pattern after 'receives': 'any', a name, or a name with parameters"]
        ),
        ("participant A\non A receives hit(x 1️⃣y) {}", ["1️⃣ expected ',' or ')' after the parameter"]),
        ("participant A\non A receives hit(1️⃣*) {}", ["1️⃣ expected a parameter name or a literal"]),
        ("participant A\non A sends hit(1️⃣self) {}", ["1️⃣ 'self' is a word of the language and cannot be a name"]),
        ("participant A\non A receives any 1️⃣log \"x\"", ["1️⃣ expected '{' to open the reaction's block"]),
        (
            "participant A\non A receives any { 1️⃣expect A alive }",
            ["1️⃣ expected a send from 'self', 'set', 'log', 'leave' or 'release' in the reaction's block"]
        ),
        (
            "language 1.0\nparticipant A\non A receives any { 1️⃣leave A }",
            ["1️⃣ 'leave' in a reaction needs language 1.1 | help: write 'language 1.1', or remove the version line"]
        ),
        (
            "participant A\non A receives any {\n  log \"x\"\n1️⃣leave A",
            [
                "1️⃣ expected '}' to close the block opened on line 2 | help: to 'leave' in the reaction, indent the line; "
                    + "at its start it ends the block"
            ]
        ),
        ("participant A\non A receives any 1️⃣{\n  log \"x\"\n", ["1️⃣ this '{' is never closed | help: close the block with '}'"]),
        (
            "participant A\non A receives any { log \"x\" 1️⃣log \"y\" }",
            ["1️⃣ expected end of line, ';' or '}' after the statement"]
        ),
        (
            "participant A\non A receives any { set 1️⃣self = 1 }",
            [
                "1️⃣ expected '.' and a property name after 'self' | help: 'set' sets a property: "
                    + "write 'set self.PROP = VALUE'"
            ]
        ),
        ("participant A\non A receives any { set hp 1️⃣1 }", ["1️⃣ expected '=' after the property name"]),
        ("participant A\non A receives any { set hp = 1️⃣}", ["1️⃣ expected a value after '='"]),
        ("participant A\non A receives any { } 1️⃣x", ["1️⃣ expected end of line after the reaction's block"]),
    ]

    static let strings: [(String, [String])] = [
        (
            "log \"1️⃣{ self }\"",
            [
                "1️⃣ invalid interpolation '{ self }' | help: write '{self}', '{sender}', '{message}', '{PARAM}', "
                    + #"'{NAME.PROP}' or '{self.PROP}', without spaces, or '\{' for a literal '{'"#
            ]
        ),
        (
            "log \"1️⃣{}\"",
            [
                "1️⃣ invalid interpolation '{}' | help: write '{self}', '{sender}', '{message}', '{PARAM}', "
                    + #"'{NAME.PROP}' or '{self.PROP}', without spaces, or '\{' for a literal '{'"#
            ]
        ),
        (
            "participant A\non A receives any { log \"1️⃣{sender.hp}\" }",
            [
                "1️⃣ invalid interpolation '{sender.hp}' | help: write '{self}', '{sender}', '{message}', "
                    + #"'{PARAM}', '{NAME.PROP}' or '{self.PROP}', without spaces, or '\{' for a literal '{'"#
            ]
        ),
        ("log \"a 1️⃣{self\"", [#"1️⃣ expected '}' to close the interpolation | help: write '\{' for a literal '{'"#]),
        ("log \"a 1️⃣} b\"", [#"1️⃣ '}' closes no interpolation | help: write '\}' for a literal '}'"#]),
        ("log \"{1️⃣any}\"", ["1️⃣ 'any' is a word of the language and cannot be a name"]),
        (
            "language 1.0\nparticipant A\nlog \"{A.1️⃣log}\"",
            ["1️⃣ the word 'log' as a property name needs language 1.1 | help: write 'language 1.1', or remove the version line"]
        ),
        (
            "scenario \"a 1️⃣{b}\"",
            [
                #"1️⃣ an unescaped '{' in a string is interpolation, which only 'log' strings allow | help: write '\{' for a literal '{'"#
            ]
        ),
        (
            "participant A\nA -> *: \"x 1️⃣} {\"",
            [
                #"1️⃣ an unescaped '}' in a string is interpolation, which only 'log' strings allow | help: write '\}' for a literal '}'"#
            ]
        ),
        (
            "participant A { name = \"1️⃣{x}\" }",
            [
                #"1️⃣ an unescaped '{' in a string is interpolation, which only 'log' strings allow | help: write '\{' for a literal '{'"#
            ]
        ),
    ]

    static let expectations: [(String, [String])] = [
        ("expect 1️⃣", ["1️⃣ expected a participant name after 'expect'"]),
        ("participant A\nexpect A 1️⃣is alive", ["1️⃣ expected '.PROP ==', 'received', 'alive' or 'deallocated' after 'A'"]),
        (
            "participant A\nexpect A.hp 1️⃣= 3",
            ["1️⃣ expected '==', '!=', '<', '<=', '>' or '>=' after 'A.hp' | help: '=' sets a property; write '==' to compare"]
        ),
        ("participant A\nexpect A. 1️⃣== 3", ["1️⃣ expected a property name after '.'"]),
        (
            "participant A\nexpect A.hp != 1️⃣A",
            ["1️⃣ expected a value after '!=': a string, a number, 'true' or 'false'"]
        ),
        ("participant A\nexpect A received 1️⃣x", ["1️⃣ expected a count after 'received'"]),
        ("participant A\nexpect A received 1️⃣-1", ["1️⃣ the count after 'received' must be a whole number, 0 or more; got '-1'"]),
        ("participant A\nexpect A received 1️⃣2.0", ["1️⃣ the count after 'received' must be a whole number, 0 or more; got '2.0'"]),
        ("participant A\nexpect A alive 1️⃣now", ["1️⃣ expected end of line after the expectation"]),
    ]

    @Test(arguments: sends + statements)
    func syntaxErrors(source: String, expected: [String]) {
        #expect(loadDiagnostics(source) == expected)
    }

    @Test(arguments: participants + reactions)
    func blockErrors(source: String, expected: [String]) {
        #expect(loadDiagnostics(source) == expected)
    }

    @Test(arguments: strings + expectations)
    func stringAndExpectationErrors(source: String, expected: [String]) {
        #expect(loadDiagnostics(source) == expected)
    }

    // MARK: Static errors

    static let names: [(String, [String])] = [
        (
            "participant Porthos\nparticipant Athos\n1️⃣Portos -> Athos: hi",
            ["1️⃣ unknown participant 'Portos' | help: did you mean 'Porthos'?"]
        ),
        ("participant A\nA -> 1️⃣Zed: hi", ["1️⃣ unknown participant 'Zed'"]),
        // Both are one edit away: the first declared wins.
        ("participant Abc\nparticipant Abd\nleave 1️⃣Abx", ["1️⃣ unknown participant 'Abx' | help: did you mean 'Abc'?"]),
        // The closest wins over the first declared.
        (
            "participant Athena\nparticipant Athos\nleave 1️⃣Athes",
            ["1️⃣ unknown participant 'Athes' | help: did you mean 'Athos'?"]
        ),
        ("participant Athos\nexpect 1️⃣athos alive", ["1️⃣ unknown participant 'athos' | help: did you mean 'Athos'?"]),
        ("participant A : T\nleave 1️⃣T", ["1️⃣ 'T' is a type, not a participant"]),
        (
            "participant A : Musketeer\nA -> * 1️⃣Musketer: hi",
            ["1️⃣ unknown type 'Musketer' | help: did you mean 'Musketeer'?"]
        ),
        ("participant A\nA -> * 1️⃣Guard: hi", ["1️⃣ unknown type 'Guard'"]),
        (
            "participant A\nparticipant B\nA -> * 1️⃣B: hi",
            ["1️⃣ 'B' is a participant, not a type | help: write 'B' without '*' to send to it alone"]
        ),
        (
            "mediator 1️⃣wraper",
            [
                "1️⃣ unknown mediator kind 'wraper' | help: did you mean 'wrapper'? | help: the kinds are "
                    + "'protocol-extension', 'wrapper', 'direct-delegate', 'mesh', 'actor', 'async-stream', 'notification-center', 'combine'"
            ]
        ),
        (
            "mediator 1️⃣all",
            [
                "1️⃣ unknown mediator kind 'all' | help: the kinds are 'protocol-extension', 'wrapper', "
                    + "'direct-delegate', 'mesh', 'actor', 'async-stream', 'notification-center', 'combine'"
            ]
        ),
        (
            "participant Athos : Musketeer\non 1️⃣Musketer receives any { }",
            ["1️⃣ unknown participant or type 'Musketer' | help: did you mean 'Musketeer'?"]
        ),
        (
            "participant Athos : Musketeer\non 1️⃣Athoss receives any { }",
            ["1️⃣ unknown participant or type 'Athoss' | help: did you mean 'Athos'?"]
        ),
    ]

    static let declarations: [(String, [String])] = [
        (
            "participant A\nparticipant B\nparticipant 1️⃣A",
            ["1️⃣ duplicate participant 'A' | note: 'A' is first declared on line 1"]
        ),
        (
            "participant Guard\nparticipant B : 1️⃣Guard",
            ["1️⃣ 'Guard' is a participant and cannot also be a type | note: participant 'Guard' is declared on line 1"]
        ),
        (
            "participant B : Guard\n\nparticipant 1️⃣Guard",
            ["1️⃣ 'Guard' is a type and cannot also be a participant | note: 'Guard' is first used as a type on line 1"]
        ),
        (
            "participant A : 1️⃣A",
            ["1️⃣ 'A' is a participant and cannot also be a type | note: participant 'A' is declared on line 1"]
        ),
        ("participant 1️⃣Participant", ["1️⃣ 'Participant' is the default type and cannot be a participant's name"]),
        (
            "participant A { hp = 1, 1️⃣hp = 2 }",
            ["1️⃣ duplicate property 'hp' | note: 'hp' is first given on line 1"]
        ),
        ("participant A\non A receives hit(x, 1️⃣x) { }", ["1️⃣ duplicate parameter 'x' in the pattern"]),
        (
            "mediator mesh\n1️⃣scenario \"x\"",
            ["1️⃣ 'scenario' must come before every other statement | note: the first statement is on line 1"]
        ),
        (
            "scenario \"a\"\n1️⃣scenario \"b\"",
            ["1️⃣ 'scenario' is given twice | note: the title is first given on line 1"]
        ),
    ]

    static let steps: [(String, [String])] = [
        (
            "participant A\nparticipant B\nrelease A\n1️⃣A -> B: hi\nB -> A: ok\nleave A\nexpect A deallocated",
            [
                "1️⃣ 'A' was released on line 3 and can no longer send | help: a released participant can "
                    + "still be a target; move this send above 'release A'"
            ]
        ),
        (
            "participant A\nrelease A\nrelease 1️⃣A",
            ["1️⃣ 'A' is released twice | note: 'A' is first released on line 2"]
        ),
        (
            "1️⃣A -> *: hi\nparticipant A",
            ["1️⃣ 'A' is used before it is declared | note: 'A' is declared on line 2"]
        ),
        (
            "participant B\nB -> B, 1️⃣A: hi\nleave 2️⃣A\nexpect 3️⃣A alive\nlog \"{4️⃣A.hp}\"\nrelease 5️⃣A\nparticipant A",
            [
                "1️⃣ 'A' is used before it is declared | note: 'A' is declared on line 7",
                "2️⃣ 'A' is used before it is declared | note: 'A' is declared on line 7",
                "3️⃣ 'A' is used before it is declared | note: 'A' is declared on line 7",
                "4️⃣ 'A' is used before it is declared | note: 'A' is declared on line 7",
                "5️⃣ 'A' is used before it is declared | note: 'A' is declared on line 7",
            ]
        ),
        ("1️⃣self -> *: x", ["1️⃣ 'self' can only be used inside a reaction"]),
        ("participant A\nA -> 1️⃣sender: x", ["1️⃣ 'sender' can only be used inside a reaction"]),
        (
            "participant A\nA -> *: hit(1️⃣self, 2️⃣sender, 3️⃣message)",
            [
                "1️⃣ 'self' can only be used inside a reaction",
                "2️⃣ 'sender' can only be used inside a reaction",
                "3️⃣ 'message' is not a value | help: 'message' can only be interpolated in a log string, as '{message}'",
            ]
        ),
        (
            "log \"{1️⃣sender} {2️⃣message} {3️⃣self} {4️⃣self.hp}\"",
            [
                "1️⃣ 'sender' can only be used inside a reaction",
                "2️⃣ 'message' can only be used inside a reaction",
                "3️⃣ 'self' can only be used inside a reaction",
                "4️⃣ 'self' can only be used inside a reaction",
            ]
        ),
        ("participant A\nA -> *: m(1️⃣x)", ["1️⃣ unknown name 'x': only a reaction's pattern binds parameters"]),
        ("log \"{1️⃣x}\"", ["1️⃣ unknown name 'x': only a reaction's pattern binds parameters"]),
        (
            "participant A { hp = 1️⃣A.hp, mp = 2️⃣self.mp }",
            [
                "1️⃣ 'A.hp' cannot be a property's first value | help: a property block holds literals: a string, a "
                    + "number, 'true' or 'false'; set it after the declaration instead, as in 'set NAME.PROP = A.hp'",
                "2️⃣ 'self.mp' cannot be a property's first value | help: a property block holds literals: a string, a "
                    + "number, 'true' or 'false'; set it after the declaration instead, as in 'set NAME.PROP = self.mp'",
            ]
        ),
    ]

    static let insideReactions: [(String, [String])] = [
        (
            "participant A\non A receives any { 1️⃣A -> *: x; 2️⃣mediator -> *: y }",
            [
                "1️⃣ in a reaction the sender must be 'self' | help: a reaction sends as the participant that reacts: write 'self -> …'",
                "2️⃣ in a reaction the sender must be 'self' | help: a reaction sends as the participant that reacts: write 'self -> …'",
            ]
        ),
        (
            "participant A\non A receives hit(damage) { log \"{1️⃣damag} {2️⃣Zed.hp}\" }",
            [
                "1️⃣ unknown name 'damag': it is not a parameter of the reaction's pattern | help: did you mean 'damage'?",
                "2️⃣ unknown participant 'Zed'",
            ]
        ),
        (
            "participant A\non A receives hit(x) { self -> *: m(1️⃣y, 2️⃣Zed.hp); set hp = 3️⃣count }",
            [
                "1️⃣ unknown name 'y': it is not a parameter of the reaction's pattern | help: did you mean 'x'?",
                "2️⃣ unknown participant 'Zed'",
                "3️⃣ unknown name 'count': it is not a parameter of the reaction's pattern",
            ]
        ),
        (
            "participant A\non A receives any { set m = 1️⃣message }",
            ["1️⃣ 'message' is not a value | help: 'message' can only be interpolated in a log string, as '{message}'"]
        ),
        (
            "participant A : T\non A receives any { self -> * 1️⃣Tt: x }",
            ["1️⃣ unknown type 'Tt' | help: did you mean 'T'?"]
        ),
        (
            "participant A : T\non A receives any { self -> 1️⃣Bobb, 2️⃣T, Bob: x }\nparticipant Bob",
            ["1️⃣ unknown participant 'Bobb' | help: did you mean 'Bob'?", "2️⃣ 'T' is a type, not a participant"]
        ),
    ]

    @Test(arguments: names + declarations)
    func staticErrors(source: String, expected: [String]) {
        #expect(loadDiagnostics(source) == expected)
    }

    @Test(arguments: steps + insideReactions)
    func scopeErrors(source: String, expected: [String]) {
        #expect(loadDiagnostics(source) == expected)
    }

    // MARK: Valid files

    static let valid: [String] = [
        musketeersExample,
        """
        # Reactions apply throughout: they may name participants declared below them.
        on Guard receives hit(damage, from) {
          set hp = damage
          self -> sender, Later: ouch(by: self, hp: self.hp, who: from, s: sender, t: Later.hp)
          log "{from} hit {self} ({self.hp}) for {damage}: {message} from {sender}; {Later.hp}"
        }
        on Later sends any { }
        participant A : Guard weak { hp = 10, name = "A \\{1\\}", up = true, }
        participant B : Guard
        A -> * Guard: hit(3, from: "A")
        mediator -> *: "go"
        A -> * Participant: x
        log "{A.hp} \\{literal\\}"
        participant Later
        release A
        B -> A: x
        leave A
        mediator mesh
        expect A.hp == 10
        expect A.name != "x"
        expect B received 1
        expect A deallocated
        expect Later alive
        """,
        "",
        "# only comments\n\n",
    ]

    @Test(arguments: valid)
    func validFilesHaveNoDiagnostics(source: String) {
        #expect(loadDiagnostics(source) == [])
    }

    // MARK: Several errors in one pass

    @Test func everyErrorOfAFileIsReportedInOnePass() {
        let source = """
            scenario "Fight"
            mediator 1️⃣wraper
            participant Athos : Musketeer
            participant Porthos : Musketeer { hp = 10, 2️⃣hp = 11 }
            participant 3️⃣Athos
            on Musketeer receives hit(damage) {
              4️⃣Athos -> *: ouch(5️⃣dmg)
              log "6️⃣{ damage }"
            }
            Athos -> 7️⃣Portos: hit(10)
            release Porthos 8️⃣x
            """
        #expect(
            loadDiagnostics(source) == [
                "1️⃣ unknown mediator kind 'wraper' | help: did you mean 'wrapper'? | help: the kinds are "
                    + "'protocol-extension', 'wrapper', 'direct-delegate', 'mesh', 'actor', 'async-stream', 'notification-center', 'combine'",
                "2️⃣ duplicate property 'hp' | note: 'hp' is first given on line 4",
                "3️⃣ duplicate participant 'Athos' | note: 'Athos' is first declared on line 3",
                "4️⃣ in a reaction the sender must be 'self' | help: a reaction sends as the participant that reacts: write 'self -> …'",
                "5️⃣ unknown name 'dmg': it is not a parameter of the reaction's pattern",
                "6️⃣ invalid interpolation '{ damage }' | help: write '{self}', '{sender}', '{message}', '{PARAM}', "
                    + #"'{NAME.PROP}' or '{self.PROP}', without spaces, or '\{' for a literal '{'"#,
                "7️⃣ unknown participant 'Portos' | help: did you mean 'Porthos'?",
                "8️⃣ expected end of line after the participant name",
            ])
    }

    // MARK: Errors that follow from another

    static let unterminated = #"1️⃣ unterminated string | help: close the string with '"' on the same line"#

    /// After a line that does not parse or an unterminated string, what follows from it is not
    /// reported, and the rest of the file is read as it would be without it.
    static let cascades: [(String, [String])] = [
        (
            "scenario \"s\"\n1️⃣particpant Alice\nparticipant Bob\nAlice -> Bob: hi\nBob -> Alice: hi\nexpect Alice received 1",
            ["1️⃣ unknown statement 'particpant' | help: did you mean 'participant'?"]
        ),
        // The names of a line that did not parse hide only their own errors.
        (
            "scenario \"s\"\n1️⃣particpant Alice\nparticipant Bob\nAlice -> 2️⃣Bbo: hi",
            [
                "1️⃣ unknown statement 'particpant' | help: did you mean 'participant'?",
                "2️⃣ unknown participant 'Bbo' | help: did you mean 'Bob'?",
            ]
        ),
        // A type a broken declaration named: its reactions and typed targets.
        (
            "participant Bob\nparticipant Alice 1️⃣Member\non Member receives hi { }\nBob -> * Member: hi",
            ["1️⃣ expected ':', 'weak', '{' or end of line after 'Alice'"]
        ),
        // The `}` the string swallowed closes the block: the next lines are top-level again.
        (
            "participant A : M\nparticipant B : M\non M receives ping { log 1️⃣\"pong }\nA -> B: ping\nleave B\nrelease B",
            [unterminated]
        ),
        (
            "participant A { name = 1️⃣\"ann }\nparticipant B\nA -> B: hi\nexpect A.name == \"ann\"",
            [unterminated]
        ),
        // Nothing after the string on its line, nor in it, is reported.
        ("participant A\nparticipant B\nA -> B: 1️⃣\"hi \\q {x}", [unterminated]),
        ("participant A\nlog 1️⃣\"{A.name } {", [unterminated]),
        // Quotes that pair wrongly: from the line's first string on, only the unterminated one.
        ("participant A\non A receives ping(\"x) { log \"got1️⃣\" }\nA -> A: ping", [unterminated]),
        // In a block of several lines, a string without `}` leaves the block open.
        ("participant A\non A receives ping {\n    log 1️⃣\"pong\n    self -> A: pong\n}\nA -> A: ping", [unterminated]),
    ]

    @Test(arguments: cascades)
    func followOnErrorsAreNotReported(source: String, expected: [String]) {
        #expect(loadDiagnostics(source) == expected)
    }

    // MARK: A newcomer's slips

    /// A property set without `set`, and read without `self.`: the help writes the fix.
    static let slips: [(String, [String])] = [
        (
            "participant C : Tally { n = 0 }\non Tally receives tick {\n    1️⃣n = n + 1\n}",
            ["1️⃣ 'n = …' sets a property, which a statement does with 'set' | help: write 'set n = n + 1'"]
        ),
        (
            "participant C\non C receives tick { 1️⃣self.n = self.n * 2; log \"x\" }",
            ["1️⃣ 'self.n = …' sets a property, which a statement does with 'set' | help: write 'set self.n = self.n * 2'"]
        ),
        (
            "participant C\n1️⃣C.n = 1\n2️⃣n = 2",
            [
                "1️⃣ 'C.n = …' sets a property, which a statement does with 'set' | help: write 'set C.n = 1'",
                "2️⃣ 'n = …' sets a property, which a statement does with 'set' | help: write 'set NAME.n = 2', NAME the "
                    + "participant whose property it is",
            ]
        ),
        // A dot that does not set a property is the usual error.
        ("participant C\nC1️⃣.n -> C: hi", ["1️⃣ expected '->' after the sender"]),
        (
            "participant C : Tally\non Tally receives tick(by) if 1️⃣n > 0 { set n = 2️⃣n + by; log \"{3️⃣n} {4️⃣b}\" }",
            [
                "1️⃣ unknown name 'n': it is not a parameter of the reaction's pattern | help: 'n' is a property here: to read it, "
                    + "write 'self.n'",
                "2️⃣ unknown name 'n': it is not a parameter of the reaction's pattern | help: 'n' is a property here: to read it, "
                    + "write 'self.n'",
                "3️⃣ unknown name 'n': it is not a parameter of the reaction's pattern | help: 'n' is a property here: to read it, "
                    + "write 'self.n'",
                "4️⃣ unknown name 'b': it is not a parameter of the reaction's pattern | help: did you mean 'by'?",
            ]
        ),
        // A property of the subject's participants, given in a block or set at the top level.
        (
            "participant A : T { hp = 1 }\nparticipant B\nset B.mp = 2\non T receives x { set y = 1️⃣hp }\non B receives x { set y = 2️⃣mp }",
            [
                "1️⃣ unknown name 'hp': it is not a parameter of the reaction's pattern | help: 'hp' is a property here: to read it, "
                    + "write 'self.hp'",
                "2️⃣ unknown name 'mp': it is not a parameter of the reaction's pattern | help: 'mp' is a property here: to read it, "
                    + "write 'self.mp'",
            ]
        ),
    ]

    @Test(arguments: slips)
    func slipsGetTheFixAsHelp(source: String, expected: [String]) {
        #expect(loadDiagnostics(source) == expected)
    }

    // MARK: Rendering

    @Test func renderedUnknownParticipant() throws {
        let file = SourceFile(path: "Scenarios/fight.scenario", text: "participant Porthos\nparticipant Athos\nPortos -> Athos: hi\n")
        guard case .failure(let diagnostics) = Frontend.load(file, designs: .reference) else {
            Issue.record("no error")
            return
        }
        #expect(
            diagnostics.rendered == """
                Scenarios/fight.scenario:3:1: error: unknown participant 'Portos'
                Portos -> Athos: hi
                ^~~~~~
                help: did you mean 'Porthos'?

                """)
    }

    @Test func renderedErrorsAreSortedAndEachHasItsCaret() throws {
        let file = SourceFile(
            path: "s.scenario",
            text: "participant Athos\nrelease Athos\n\tAthos -> *: \"héllo\" x\nleave Athos\nrelease Athos\n")
        guard case .failure(let diagnostics) = Frontend.load(file, designs: .reference) else {
            Issue.record("no error")
            return
        }
        #expect(
            diagnostics.rendered == """
                s.scenario:3:22: error: expected end of line after the message
                \tAthos -> *: "héllo" x
                \t                    ^
                s.scenario:5:9: error: 'Athos' is released twice
                release Athos
                        ^~~~~
                note: 'Athos' is first released on line 2

                """)
    }

    @Test func renderedUnclosedBlockPointsAtTheBraceLeftOpen() throws {
        let file = SourceFile(path: "b.scenario", text: "participant A\non A receives any {\n  log \"x\"")
        guard case .failure(let diagnostics) = Frontend.load(file, designs: .reference) else {
            Issue.record("no error")
            return
        }
        #expect(
            diagnostics.rendered == """
                b.scenario:2:19: error: this '{' is never closed
                on A receives any {
                                  ^
                help: close the block with '}'

                """)
    }

    @Test func renderedReleasedSender() throws {
        let file = SourceFile(
            path: "r.scenario",
            text: """
                participant Athos
                participant Porthos
                release Athos
                Athos -> Porthos: "hi"
                """)
        guard case .failure(let diagnostics) = Frontend.load(file, designs: .reference) else {
            Issue.record("no error")
            return
        }
        #expect(
            diagnostics.rendered == """
                r.scenario:4:1: error: 'Athos' was released on line 3 and can no longer send
                Athos -> Porthos: "hi"
                ^~~~~
                help: a released participant can still be a target; move this send above 'release Athos'

                """)
    }

    @Test func theParseEntryPointReportsSyntaxOnly() {
        let (script, diagnostics) = Frontend.parse(SourceFile(path: "t", text: "leave Zed\nleave\n"))
        #expect(diagnostics.map(\.message) == ["expected a participant name after 'leave'"])
        #expect(script.statements.count == 1)
    }

    @Test func loadSortsDiagnosticsByPosition() {
        let source = "leave 1️⃣Zed\nleave 2️⃣\nparticipant 3️⃣on\nexpect 4️⃣Zed alive"
        #expect(
            loadDiagnostics(source) == [
                "1️⃣ unknown participant 'Zed'",
                "2️⃣ expected a participant name after 'leave'",
                "3️⃣ 'on' is a word of the language and cannot be a name",
                "4️⃣ unknown participant 'Zed'",
            ])
    }
}

@Suite("Diagnostic printer")
struct DiagnosticPrinterTests {
    @Test func formatIsPathLineColumnThenSourceLineCaretAndNotes() {
        let file = SourceFile(path: "dir/x.scenario", text: "leave A\n\tA -> Porthos: hi\n")
        let start = MediateSyntax.SourceLocation(line: 2, column: 7, offset: 14)
        let end = MediateSyntax.SourceLocation(line: 2, column: 14, offset: 21)
        let diagnostic = Diagnostic(
            "unknown participant 'Porthos'", at: start..<end,
            notes: [.note("a note"), .help("did you mean 'Porthos'?")])
        #expect(
            DiagnosticPrinter.render([diagnostic], in: file) == """
                dir/x.scenario:2:7: error: unknown participant 'Porthos'
                \tA -> Porthos: hi
                \t     ^~~~~~~
                note: a note
                help: did you mean 'Porthos'?

                """)
    }

    @Test func aZeroWidthRangeIsASingleCaret() {
        let file = SourceFile(path: "x", text: "leave")
        let end = MediateSyntax.SourceLocation(line: 1, column: 6, offset: 5)
        let rendered = DiagnosticPrinter.render(Diagnostic("expected a name", at: end..<end), in: file)
        #expect(rendered == "x:1:6: error: expected a name\nleave\n     ^\n")
    }
}
