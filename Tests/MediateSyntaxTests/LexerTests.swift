import Foundation
import Testing

@testable import MediateSyntax

@Suite("Lexer")
struct LexerTests {
    private func lex(_ text: String) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        Lexer.tokenize(SourceFile(path: "t.scenario", text: text))
    }

    /// The kinds of `text`'s tokens, without the final end of file.
    private func kinds(_ text: String) -> [Token.Kind] {
        let (tokens, diagnostics) = lex(text)
        #expect(diagnostics.isEmpty, "unexpected diagnostics: \(diagnostics.map(\.message))")
        #expect(tokens.last?.kind == .endOfFile)
        return Array(tokens.dropLast().map(\.kind))
    }

    @Test func participantDeclaration() {
        #expect(
            kinds("participant Athos : Musketeer weak { hp = 10, name = \"A\" }") == [
                .keyword(.participant), .identifier("Athos"), .colon, .identifier("Musketeer"),
                .keyword(.weak), .leftBrace, .identifier("hp"), .equal, .number(10), .comma,
                .identifier("name"), .equal, .string([.text("A")]), .rightBrace,
            ])
    }

    @Test func everyKeywordIsRecognised() {
        for keyword in Keyword.allCases {
            #expect(kinds(keyword.rawValue) == [.keyword(keyword)])
        }
        #expect(Keyword.allCases.count == 22)
        #expect(
            kinds("Self selfish _self self_") == [
                .identifier("Self"), .identifier("selfish"), .identifier("_self"), .identifier("self_"),
            ])
    }

    @Test func punctuation() {
        #expect(
            kinds("-> : , ; * { } ( ) = == != . -") == [
                .arrow, .colon, .comma, .semicolon, .star, .leftBrace, .rightBrace, .leftParen,
                .rightParen, .equal, .equalEqual, .notEqual, .dot, .minus,
            ])
    }

    @Test func sendWithoutSpaces() {
        #expect(
            kinds("Athos->*:hit(-3,by:self.hp)") == [
                .identifier("Athos"), .arrow, .star, .colon, .identifier("hit"), .leftParen,
                .number(-3), .comma, .identifier("by"), .colon, .keyword(.selfName), .dot,
                .identifier("hp"), .rightParen,
            ])
    }

    @Test(arguments: [
        ("10", 10.0), ("-3", -3), ("1099.99", 1099.99), ("0.1", 0.1), ("-0.5", -0.5),
        ("007", 7), ("123456789012345678", 123_456_789_012_345_680),  // the nearest Double
    ])
    func numbers(text: String, value: Double) {
        #expect(kinds(text) == [.number(value)])
    }

    @Test func minusBeforeADigitStartsANumberButArrowAndKindsDoNot() {
        #expect(kinds("a->-1") == [.identifier("a"), .arrow, .number(-1)])
        #expect(kinds("protocol-extension") == [.identifier("protocol"), .minus, .identifier("extension")])
        #expect(kinds("- 1") == [.minus, .number(1)])
        #expect(kinds("1.") == [.number(1), .dot])
        #expect(kinds("a.b") == [.identifier("a"), .dot, .identifier("b")])
    }

    @Test func newlinesAreTokensAndCommentsAreSkipped() {
        #expect(
            kinds("leave A # bye \"not a string\" {\n\n# only a comment\nrelease B#x") == [
                .keyword(.leave), .identifier("A"), .newline, .newline, .newline,
                .keyword(.release), .identifier("B"),
            ])
    }

    @Test func hashInsideAStringIsText() {
        #expect(kinds("log \"#1\" # comment") == [.keyword(.log), .string([.text("#1")])])
    }

    @Test func stringEscapes() {
        #expect(
            kinds(#""q\" b\\ n\n t\t \{x\} \u{1F604}\u{41}""#) == [
                .string([.text("q\" b\\ n\n t\t {x} 😄A")])
            ])
        #expect(kinds(#""""#) == [.string([])])
    }

    @Test func stringInterpolationPieces() throws {
        let (tokens, diagnostics) = lex(#"log "{self} got {message}!""#)
        #expect(diagnostics.isEmpty)
        guard case .string(let pieces) = tokens[1].kind else {
            Issue.record("not a string: \(tokens[1].kind)")
            return
        }
        #expect(pieces.count == 4)
        guard case .interpolation("self", let first) = pieces[0],
            case .text(" got ") = pieces[1],
            case .interpolation("message", let second) = pieces[2],
            case .text("!") = pieces[3]
        else {
            Issue.record("unexpected pieces \(pieces)")
            return
        }
        #expect(first.dumpDescription == "@1:6-1:12")
        #expect(second.dumpDescription == "@1:17-1:26")
    }

    @Test func strayBracesArePieces() {
        let (tokens, diagnostics) = lex(#""a } b { c""#)
        #expect(diagnostics.isEmpty)
        guard case .string(let pieces) = tokens[0].kind else {
            Issue.record("not a string")
            return
        }
        #expect(pieces.count == 5)
        guard pieces.count == 5, case .text("a ") = pieces[0], case .strayBrace("}", let close) = pieces[1],
            case .text(" b ") = pieces[2], case .strayBrace("{", let open) = pieces[3],
            case .text(" c") = pieces[4]
        else {
            Issue.record("unexpected pieces \(pieces)")
            return
        }
        #expect(close.dumpDescription == "@1:4-1:5")
        #expect(open.dumpDescription == "@1:8-1:9")
    }

    @Test func rangesAreOneBasedAndHalfOpen() {
        let (tokens, _) = lex("leave Athos\n  release B")
        #expect(
            tokens.map(\.range.dumpDescription) == [
                "@1:1-1:6", "@1:7-1:12", "@1:12-1:13", "@2:3-2:10", "@2:11-2:12", "@2:12-2:12",
            ])
        #expect(tokens[3].range.lowerBound.offset == 14)
    }

    @Test func columnsCountCharactersAfterNonASCIIText() {
        let (tokens, diagnostics) = lex("log \"é🇫🇷\" x # ünïcode\ny")
        #expect(diagnostics.isEmpty)
        // `"é🇫🇷"` is 4 characters, 12 bytes.
        #expect(tokens[1].range.dumpDescription == "@1:5-1:9")
        #expect(tokens[2].range.dumpDescription == "@1:10-1:11")
        #expect(tokens[2].range.lowerBound.offset == 17)
        #expect(tokens[3].kind == .newline)
        #expect(tokens[3].range.lowerBound.column == 21)
        #expect(tokens[4].range.dumpDescription == "@2:1-2:2")
    }

    @Test func byteOrderMarkAndCRLF() {
        let file = SourceFile(path: "t", bytes: [0xEF, 0xBB, 0xBF] + Array("leave A\r\nleave B\r\n".utf8))
        let (tokens, diagnostics) = Lexer.tokenize(file)
        #expect(diagnostics.isEmpty)
        #expect(
            tokens.map(\.kind) == [
                .keyword(.leave), .identifier("A"), .newline, .keyword(.leave), .identifier("B"), .newline,
                .endOfFile,
            ])
        #expect(tokens[4].range.dumpDescription == "@2:7-2:8")
    }

    @Test func locationsAgreeWithSourceFile() {
        let file = SourceFile(path: "t", text: "a \"ü\" b # é\n\"😄\" c d\n")
        let (tokens, _) = Lexer.tokenize(file)
        for token in tokens where token.kind != .newline {
            #expect(token.range.lowerBound == file.location(ofOffset: token.range.lowerBound.offset))
            #expect(token.range.upperBound == file.location(ofOffset: token.range.upperBound.offset))
        }
    }

    // MARK: Errors

    @Test(arguments: [
        (#"x "abc"#, "unterminated string", "@1:3-1:7"),
        ("x \"abc\ny", "unterminated string", "@1:3-1:7"),
        (#"x "a\qb""#, #"invalid escape '\q' in a string"#, "@1:5-1:7"),
        (#""\é""#, #"invalid escape '\é' in a string"#, "@1:2-1:4"),
        (#""\u{}""#, "invalid Unicode escape", "@1:2-1:6"),
        (#""\u{123456789}""#, "invalid Unicode escape", "@1:2-1:15"),
        (#""\u41""#, "invalid Unicode escape", "@1:2-1:4"),
        (#""\u{4G}""#, "invalid Unicode escape", "@1:2-1:6"),
        (#""\u{D800}""#, #"'\u{D800}' is not a valid Unicode scalar"#, "@1:2-1:10"),
        (#""\u{110000}""#, #"'\u{110000}' is not a valid Unicode scalar"#, "@1:2-1:12"),
        ("x = 10abc", "invalid number '10abc'", "@1:5-1:10"),
        ("x = 1.5e3", "invalid number '1.5e3'", "@1:5-1:10"),
        (
            "x = 1" + String(repeating: "0", count: 400),
            "number '1" + String(repeating: "0", count: 400)
                + "' is too large", "@1:5-1:406"
        ),
        ("a @ b", "unexpected character '@'", "@1:3-1:4"),
        ("a ! b", "unexpected character '!'", "@1:3-1:4"),
        ("Athos → B", "unexpected character '→'", "@1:7-1:8"),
        ("a\u{7}b", "unexpected character U+0007", "@1:2-1:3"),
        ("a\u{A0}b", "unexpected character U+00A0", "@1:2-1:3"),
    ])
    func lexicalErrors(text: String, message: String, range: String) {
        let (_, diagnostics) = lex(text)
        #expect(diagnostics.map(\.message) == [message])
        #expect(diagnostics.first?.range.dumpDescription == range)
    }

    @Test func unexpectedCharactersBecomeInvalidTokens() {
        let (tokens, _) = lex("a @ b")
        #expect(tokens.map(\.kind) == [.identifier("a"), .invalid, .identifier("b"), .endOfFile])
    }

    @Test func theLexerGoesOnAfterAnError() {
        let (tokens, diagnostics) = lex("\"\\q\" @ \"ok\"\n\"open\nleave A")
        #expect(
            diagnostics.map(\.message) == [
                #"invalid escape '\q' in a string"#, "unexpected character '@'", "unterminated string",
            ])
        #expect(
            tokens.map(\.kind) == [
                .string([]), .invalid, .string([.text("ok")]), .newline,
                .string([.text("open")]), .newline, .keyword(.leave), .identifier("A"), .endOfFile,
            ])
    }

    @Test(
        arguments: [
            ([0x61, 0xFF, 0x62], "invalid UTF-8 byte 0xFF", "@1:2-1:3"),
            ([0x22, 0x61, 0xC3, 0x22], "invalid UTF-8 byte 0xC3", "@1:3-1:4"),
            ([0x23, 0x20, 0xED, 0xA0, 0x80], "invalid UTF-8 byte 0xED", "@1:3-1:4"),
            ([0x22, 0xF0, 0x82, 0x82, 0xAC, 0x22], "invalid UTF-8 byte 0xF0", "@1:2-1:3"),
        ] as [([UInt8], String, String)])
    func invalidUTF8IsReportedWhereItIs(bytes: [UInt8], message: String, range: String) {
        let (_, diagnostics) = Lexer.tokenize(SourceFile(path: "t", bytes: bytes))
        #expect(diagnostics.first?.message == message)
        #expect(diagnostics.first?.range.dumpDescription == range)
    }

    @Test func aLongFileLexesEveryLine() {
        let line = "Athos -> Porthos, Aramis : hit(damage: 10, from: \"Athos\") # a comment\n"
        let file = SourceFile(path: "t", text: String(repeating: line, count: 20_000))
        let (tokens, diagnostics) = Lexer.tokenize(file)
        #expect(tokens.count == 20_000 * 17 + 1)
        #expect(diagnostics.isEmpty)
        #expect(tokens.last?.range.lowerBound.line == 20_001)
    }

    /// A number the transcript would write with other digits gets a warning at its place; one
    /// that reads back (whatever its zeros) gets none. The run is the same either way.
    @Test func aNumberThatLosesDigitsIsAWarning() throws {
        let exact = [
            "9007199254740992", "9007199254740994", "-9007199254740992", "000000000000000012", "-1.50000000000000000", "0.1", "1099.99",
        ]
        for literal in exact {
            let script = try Frontend.load(SourceFile(path: "t.scenario", text: "participant A { n = \(literal) }\n")).get()
            #expect(script.warnings.isEmpty, "\(literal)")
        }
        let inexact = [
            ("9007199254740993", "9007199254740992"), ("-9007199254740993", "-9007199254740992"),
            ("123456789012345678901234567890", "123456789012345680000000000000"), ("0.123456789012345678", "0.12345678901234568"),
        ]
        for (literal, written) in inexact {
            let script = try Frontend.load(SourceFile(path: "t.scenario", text: "participant A\nA -> *: n(\(literal))\n")).get()
            let warning = try #require(script.warnings.first)
            #expect(script.warnings.count == 1)
            #expect(warning.severity == .warning)
            #expect(warning.message == "the number \(literal) is written \(written): it has more digits than a number keeps")
            #expect(warning.range.lowerBound.line == 2 && warning.range.lowerBound.column == 11)
        }
        // A long literal is quoted by its start and length, not three times whole.
        let long = "1" + String(repeating: "2", count: 299)
        let file = SourceFile(path: "t.scenario", text: "participant A\nA -> *: n(\(long))\n")
        let script = try Frontend.load(file).get()
        let rendered = DiagnosticPrinter.render(script.warnings, in: file)
        #expect(rendered.components(separatedBy: String(long.prefix(60))).count - 1 <= 1, "\(rendered)")
        #expect(rendered.contains("the number \(long.prefix(40))… (300 characters) is written "))
        #expect(rendered.count < 1_000)
        // A file with errors reports its errors only.
        guard case .failure(let errors) = Frontend.load(SourceFile(path: "t.scenario", text: "A -> *: n(9007199254740993)\n")) else {
            Issue.record("an unknown participant is an error")
            return
        }
        #expect(errors.items.allSatisfy { $0.severity == .error })
    }
}
