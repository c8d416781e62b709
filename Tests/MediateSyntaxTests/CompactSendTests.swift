import Testing

@testable import MediateSyntax

/// A send written plainly is kept as offsets into the file's bytes (``Send/init(sender:target:message:in:)``):
/// what it reads back must be what the parser read, positions included.
@Suite("Compact sends")
struct CompactSendTests {
    /// The top-level sends of `text` (those in `together` included), in order.
    private func sends(_ text: String) -> [Send] {
        let (script, diagnostics) = Frontend.parse(SourceFile(path: "t.scenario", text: text))
        #expect(diagnostics.map(\.message) == [])
        return script.statements.flatMap { statement -> [Send] in
            switch statement {
            case .send(let send): return [send]
            case .together(let together): return together.sends
            default: return []
            }
        }
    }

    /// The sender's, the targets', the message's and the send's ranges, as `L:C-L:C`.
    private func ranges(_ send: Send) -> [String] {
        [send.sender.range, send.targets.range, send.message.range, send.range].map { "\($0.lowerBound)-\($0.upperBound)" }
    }

    private let header = "participant P1\nparticipant P2\n"

    @Test func aPlainSendIsCompactAndReadsBackItsParts() {
        let sends = sends(header + "P1 -> P2: \"m1\"\nP2 -> *: \"m2\"\n")
        #expect(sends.map(\.isCompact) == [true, true])
        #expect(ranges(sends[0]) == ["3:1-3:3", "3:7-3:9", "3:11-3:15", "3:1-3:15"])
        #expect(sends[0].sender.written == "P1")
        #expect(sends[0].targets.written == "P2")
        #expect(sends[0].message == .text(StringLiteral("m1", sends[0].message.range)))
        #expect(sends[1].targets.written == "*")
        #expect(sends[1].range.lowerBound.offset == 45)
    }

    /// After a character of two bytes on the same line, columns and byte offsets part.
    @Test func aSendAfterAWideCharacterKeepsItsColumns() {
        let sends = sends(header + "P1 -> P2: \"m1\"\ntogether { P1 -> P2: \"é\"; P2 -> P1: \"m\" }\n")
        #expect(sends.map(\.isCompact) == [true, false, true])
        #expect(ranges(sends[1]) == ["4:12-4:14", "4:18-4:20", "4:22-4:25", "4:12-4:25"])
        #expect(ranges(sends[2]) == ["4:27-4:29", "4:33-4:35", "4:37-4:40", "4:27-4:40"])
        #expect(sends[2].range.lowerBound.offset == 45 + 26 + 1)
        #expect(sends[1].message == .text(StringLiteral("é", sends[1].message.range)))
    }

    /// Escapes, named messages and several targets are kept as parsed.
    @Test func otherSendsAreKeptAsParsed() {
        let sends = sends(header + "P1 -> P2: \"a\\\"b\"\nP1 -> P2: ping\nP1 -> P2, P1: \"m\"\n")
        #expect(sends.map(\.isCompact) == [false, false, false])
        #expect(sends[0].message == .text(StringLiteral("a\"b", sends[0].message.range)))
    }
}
