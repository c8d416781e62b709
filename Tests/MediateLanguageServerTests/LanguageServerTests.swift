import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit
@testable import MediateLanguageServer

/// The language server's JSON, not the tests' own JSON reader.
private typealias LSPJSON = MediateLanguageServer.JSON

@Suite("Language server: framing")
struct MessageFramerTests {
    private func frames(_ chunks: [String]) -> [MessageFramer.Frame] {
        var framer = MessageFramer()
        var found: [MessageFramer.Frame] = []
        for chunk in chunks {
            framer.append(Array(chunk.utf8))
            while let frame = framer.next() { found.append(frame) }
        }
        return found
    }

    private func message(_ text: String) -> MessageFramer.Frame { .message(Array(text.utf8)) }

    @Test func messagesComeOutWholeHoweverTheBytesArrive() {
        let stream = "Content-Length: 2\r\n\r\n{}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  3 \r\n\r\n[1]"
        let expected = [message("{}"), message("[1]")]
        #expect(frames([stream]) == expected)
        // One byte at a time, and split inside the header's end and inside a body.
        #expect(frames(stream.map { String($0) }) == expected)
        #expect(frames(["Content-Length: 2\r\n\r", "\n{", "}Content-Length: 3\r\n\r\n[1", "]"]) == expected)
        #expect(frames(["Content-Length: 2\r\n\r\n{"]).isEmpty)
    }

    @Test func aBodyIsCountedInBytesNotCharacters() {
        let body = #"{"t":"😀é"}"#
        #expect(frames(["Content-Length: \(body.utf8.count)\r\n\r\n\(body)"]) == [message(body)])
    }

    @Test func malformedHeadersAreReportedAndTheStreamGoesOn() {
        let next = "Content-Length: 2\r\n\r\n{}"
        let cases: [(String, String)] = [
            ("Content-Type: x\r\n\r\n", "a header block without Content-Length"),
            ("Content-Length: -1\r\n\r\n", "Content-Length '-1' is not a number of bytes"),
            ("Content-Length: 1e3\r\n\r\n", "Content-Length '1e3' is not a number of bytes"),
            ("Content-Length: 99999999999999999999\r\n\r\n", "Content-Length '99999999999999999999' is not a number of bytes"),
            ("no colon\r\n\r\n", "a header line without ':'"),
            ("Content-Length: 1\r\nContent-Length: 2\r\n\r\n", "two different Content-Length headers"),
        ]
        for (header, reason) in cases {
            #expect(frames([header + next]) == [.malformed(reason), message("{}")], "\(header)")
        }
        #expect(frames(["\u{FF}: 1\r\n\r\n" + next]).count == 2)
    }

    @Test func anEndlessHeaderStopsAtItsLimit() {
        let filler = String(repeating: "a", count: MessageFramer.maxHeaderBytes + 1)
        let found = frames(["X: " + filler, "Content-Length: 2\r\n\r\n{}"])
        #expect(found == [.malformed("a header block longer than 8192 bytes without an empty line"), message("{}")])
    }

    @Test func anOversizedBodyIsSkippedWithoutBeingKept() {
        var framer = MessageFramer()
        let length = MessageFramer.maxContentBytes + 10
        framer.append(Array("Content-Length: \(length)\r\n\r\n".utf8))
        let refused = framer.next()
        #expect(refused == .malformed("Content-Length \(length) is past the largest message, \(MessageFramer.maxContentBytes) bytes"))
        let chunk = [UInt8](repeating: 0x41, count: 1 << 20)
        for _ in 0..<64 {
            framer.append(chunk)
            let none = framer.next()
            #expect(none == nil)
        }
        #expect(framer.bufferedCount == 0)
        framer.append(Array("AAAAAAAAAAContent-Length: 2\r\n\r\n{}".utf8))
        let after = framer.next()
        #expect(after == message("{}"))
    }

    @Test func framedBodiesReadBack() {
        var framer = MessageFramer()
        framer.append(MessageFramer.frame(Array(#"{"a":1}"#.utf8)))
        let read = framer.next()
        #expect(read == message(#"{"a":1}"#))
    }

    @Test func jsonWritesSortedKeysAndEscapes() {
        let value: LSPJSON = ["b": [1, .number(2.5), nil, true], "a": "q\"\\\n\u{1}é😀"]
        #expect(String(decoding: value.encoded(), as: UTF8.self) == #"{"a":"q\"\\\n\u0001é😀","b":[1,2.5,null,true]}"#)
        #expect(LSPJSON.parse(value.encoded()) == value)
        #expect(LSPJSON.parse(Array("{".utf8)) == nil)
        #expect(LSPJSON.parse([0xFF, 0xFE]) == nil)
        // Nesting deeper than Foundation's parser allows is refused, not a crash.
        #expect(LSPJSON.parse(Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)) == nil)
    }
}

@Suite("Language server: positions")
struct LSPPositionTests {
    private func position(_ line: Int, _ character: Int) -> LSPPosition { LSPPosition(line: line, character: character) }

    @Test func utf16CodeUnitsNotCharactersOrBytes() {
        // 😀 is 4 bytes, 2 code units, 1 character; e + U+0301 is 3 bytes, 2 code units, 1 character;
        // 日 is 3 bytes, 1 code unit.
        let text = "ab\n😀e\u{301}日x\nlast"
        let bytes = Array(text.utf8)
        let lines = LineIndex(bytes)
        let x = bytes.firstIndex(of: UInt8(ascii: "x"))!
        #expect(lines.position(ofOffset: x, in: bytes) == position(1, 5))
        #expect(lines.offset(of: position(1, 5), in: bytes) == x)
        // The front end counts characters: column 4 (1-based) for the same place.
        let file = SourceFile(path: "t", text: text)
        #expect(file.location(ofOffset: x).column == 4)
        // Inside a surrogate pair: the start of its scalar. Past the line's end: its end.
        #expect(lines.offset(of: position(1, 1), in: bytes) == 3)
        #expect(lines.offset(of: position(1, 99), in: bytes) == x + 1)
        #expect(lines.offset(of: position(0, 99), in: bytes) == 2)
        // Past the last line: the end of the text.
        #expect(lines.offset(of: position(9, 0), in: bytes) == bytes.count)
        #expect(lines.position(ofOffset: bytes.count, in: bytes) == position(2, 4))
    }

    @Test func crlfLinesEndBeforeTheirCR() {
        let bytes = Array("ab\r\ncd".utf8)
        let lines = LineIndex(bytes)
        #expect(lines.offset(of: position(0, 5), in: bytes) == 2)
        #expect(lines.offset(of: position(1, 1), in: bytes) == 5)
    }

    @Test func incrementalChangesApplyInOrder() {
        var document = TextDocument(uri: "file:///t", version: 1, text: "😀 hello\nworld\n")
        let applied = document.apply(
            [
                .init(range: (position(0, 3), position(0, 8)), text: "bye"),
                .init(range: (position(1, 0), position(1, 0)), text: "é "),
                .init(range: (position(2, 0), position(2, 0)), text: "end"),
            ], version: 2)
        #expect(applied)
        #expect(String(decoding: document.bytes, as: UTF8.self) == "😀 bye\né world\nend")
        #expect(document.version == 2)
        #expect(document.endPosition == position(2, 3))
        // A range that ends before it starts changes nothing.
        let refused = document.apply([.init(range: (position(1, 2), position(1, 1)), text: "x")], version: 3)
        #expect(!refused)
        #expect(document.version == 2)
        let replaced = document.apply([.init(range: nil, text: "new")], version: 4)
        #expect(replaced)
        #expect(String(decoding: document.bytes, as: UTF8.self) == "new")
    }

    @Test func diagnosticsUseCodeUnitsOnNonASCIILines() throws {
        let text = "participant A\nA -> *: \"😀😀\" Bx\n"
        var server = LanguageServer(designs: .reference)
        func frame(_ json: String) -> [UInt8] { MessageFramer.frame(Array(json.utf8)) }
        _ = server.receive(frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
        let open =
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","#
            + #""params":{"textDocument":{"uri":"file:///t","version":1,"text":"@TEXT@"}}}"#
        let escaped = String(decoding: LSPJSON.string(text).encoded(), as: UTF8.self)
        var framer = MessageFramer()
        framer.append(server.receive(frame(open.replacingOccurrences(of: "\"@TEXT@\"", with: escaped))))
        guard case .message(let body) = framer.next(), let published = LSPJSON.parse(body) else {
            Issue.record("no diagnostics")
            return
        }
        let range = try #require(published["params"]?["diagnostics"]?.array?.first?["range"])
        // `A -> *: "😀😀" ` is 13 characters and 15 code units.
        #expect(range == ["start": ["line": 1, "character": 15], "end": ["line": 1, "character": 17]])
    }

    @Test func completionListsTheRegistrysDesigns() {
        let designs = try! DesignRegistry.reference(adding: [RelayDesign.self])
        let document = TextDocument(uri: "file:///t", version: 1, text: "mediator ")
        let analysis = DocumentAnalysis(document: document, designs: designs)
        let labels = CompletionContext(analysis: analysis, designs: designs.names).items(at: position(0, 9)).array?.compactMap {
            $0["label"]?.string
        }
        #expect(
            labels == [
                "protocol-extension", "wrapper", "direct-delegate", "mesh", "actor", "async-stream", "notification-center", "combine",
                RelayDesign.name, "as",
            ])
    }
}

@Suite("Language server: hostile messages")
struct LanguageServerLimitTests {
    private func frame(_ json: String) -> [UInt8] { MessageFramer.frame(Array(json.utf8)) }

    /// Every message the server writes back for `input`, parsed.
    private func answers(_ server: inout LanguageServer, _ input: [UInt8]) -> [LSPJSON] {
        var framer = MessageFramer()
        framer.append(server.receive(input))
        var found: [LSPJSON] = []
        while case .message(let body) = framer.next() { found.append(LSPJSON.parse(body) ?? "unparsed") }
        return found
    }

    private func initialized() -> LanguageServer {
        var server = LanguageServer(designs: .reference)
        _ = server.receive(frame(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#))
        return server
    }

    private func open(_ uri: String, _ text: String) -> [UInt8] {
        let escaped = String(decoding: LSPJSON.string(text).encoded(), as: UTF8.self)
        return frame(
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","version":1,"text":\#(escaped)}}}"#
        )
    }

    @Test func anIdPastDoubleIsAnInvalidRequest() {
        var server = initialized()
        let answer = answers(&server, frame(#"{"jsonrpc":"2.0","id":1e400,"method":"shutdown"}"#))
        #expect(answer.first?["error"]?["code"] == -32600)
        #expect(answer.first?["id"] == .null)
    }

    @Test func nestingPastTheLimitIsAParseErrorAndWithinItParses() {
        let depth = LSPJSON.maxDepth
        let within = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(LSPJSON.parse(Array(within.utf8)) != nil)
        let past = "[" + within + "]"
        #expect(LSPJSON.parse(Array(past.utf8)) == nil)
        var server = initialized()
        let answer = answers(&server, frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown","params":\#(past)}"#))
        #expect(answer.first?["error"]?["code"] == -32700)
    }

    /// A message of many values nested to the limit is read once: its cost grows with its size,
    /// not with its size times its depth (Foundation's decoder, value by value, took 83 s for 2 MB
    /// nested 100 deep). The bound is generous: it only tells linear from quadratic.
    @Test func deepAndWideMessagesAreReadInOnePass() {
        var nested = "0"
        for _ in 2..<LSPJSON.maxDepth { nested = "[" + nested + "]" }
        let wide = "[" + Array(repeating: nested, count: 4_000).joined(separator: ",") + "]"
        let started = ContinuousClock.now
        var server = initialized()
        let answer = answers(&server, frame(#"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":\#(wide)}"#))
        #expect(answer.first?["error"]?["code"] == -32602)
        #expect(ContinuousClock.now - started < .seconds(20), "\(wide.utf8.count) bytes")
    }

    @Test func stringsEscapesAndNumbersReadBack() {
        let text = #"{"s":"a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00","n":[-0.5e2,1E+2,0,true,false,null],"e":{}}"#
        let expected: LSPJSON = ["s": "a\"\\/\u{8}\u{C}\n\r\té😀", "n": [.number(-50), 100, 0, true, false, nil], "e": [:]]
        #expect(LSPJSON.parse(Array(text.utf8)) == expected)
        for bad in ["", "01", "1.", "-", "[1,]", "{\"a\"}", "\"\u{1}\"", #""\ud800""#, #""\x""#, "[1] x", "nul", "{\"a\":1,}"] {
            #expect(LSPJSON.parse(Array(bad.utf8)) == nil, "\(bad)")
        }
    }

    @Test func openDocumentsPastTheCapAreRefusedAndTheOthersServed() {
        var server = initialized()
        server.maxOpenBytes = 100
        server.maxOpenDocuments = 2
        let text = "participant A\n"
        #expect(answers(&server, open("file:///a", text)).first?["method"] == "textDocument/publishDiagnostics")
        // Past the total size.
        let big = answers(&server, open("file:///big", String(repeating: "# x\n", count: 30)))
        #expect(big.first?["method"] == "window/showMessage")
        #expect(big.first?["params"]?["type"] == 1)
        #expect(big.first?["params"]?["message"]?.string?.contains("file:///big") == true)
        #expect(answers(&server, open("file:///b", text)).first?["method"] == "textDocument/publishDiagnostics")
        // Past the number.
        let third = answers(&server, open("file:///c", text))
        #expect(third.first?["method"] == "window/showMessage")
        // An edit that takes the total past the cap drops its document, which the editor is told.
        let grow = frame(
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///b","version":2},"contentChanges":[{"text":"\#(String(repeating: "x", count: 200))"}]}}"#
        )
        let dropped = answers(&server, grow)
        #expect(dropped.map { $0["method"] } == ["window/showMessage", "textDocument/publishDiagnostics"])
        #expect(dropped.last?["params"]?["diagnostics"] == [])
        // The documents within the cap are still served, and the dropped one makes room.
        let request = #"{"jsonrpc":"2.0","id":4,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///a"}}}"#
        let symbols = answers(&server, frame(request))
        #expect(symbols.first?["result"]?.array?.count == 1)
        #expect(answers(&server, open("file:///c", text)).first?["method"] == "textDocument/publishDiagnostics")
    }
}
