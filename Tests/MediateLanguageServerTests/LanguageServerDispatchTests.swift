import Synchronization
import Testing

@testable import MediateDesigns
@testable import MediateKit
@testable import MediateLanguageServer

/// The language server's JSON, not the tests' own JSON reader.
private typealias LSPJSON = MediateLanguageServer.JSON

/// Requests and notifications through the in-process `receive`, as typed values: what a client is
/// answered when a method or its params are not what the server knows, and that it goes on after.
@Suite("Language server: typed requests")
struct LanguageServerDispatchTests {
    private static let uri = "file:///a.scenario"
    private static let text = "participant A\nparticipant B\nA -> B: hi\n"

    /// What the server logs, kept for the test to read.
    private final class Log: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
    }

    private func frame(_ json: String) -> [UInt8] { MessageFramer.frame(Array(json.utf8)) }

    /// Every message the server writes back for `json`, parsed.
    private func answers(_ server: inout LanguageServer, _ json: String) -> [LSPJSON] {
        var framer = MessageFramer()
        framer.append(server.receive(frame(json)))
        var found: [LSPJSON] = []
        while case .message(let body) = framer.next() { found.append(LSPJSON.parse(body) ?? "unparsed") }
        return found
    }

    /// A server after `initialize`, with ``uri`` open.
    private func server(log: Log = Log()) -> LanguageServer {
        var server = LanguageServer(designs: .reference) { line in log.lines.withLock { $0.append(line) } }
        _ = server.receive(frame(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#))
        let escaped = String(decoding: LSPJSON.string(Self.text).encoded(), as: UTF8.self)
        _ = server.receive(
            frame(
                #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(Self.uri)","version":1,"text":\#(escaped)}}}"#
            ))
        return server
    }

    private func request(_ id: Int, _ method: String, _ params: String?) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)""# + (params.map { #","params":\#($0)"# } ?? "") + "}"
    }

    /// The symbols of ``uri``, which a server that goes on still answers.
    private func symbols(_ server: inout LanguageServer) -> LSPJSON? {
        let params = #"{"textDocument":{"uri":"\#(Self.uri)"}}"#
        return answers(&server, request(99, "textDocument/documentSymbol", params)).first?["result"]
    }

    private static let at = #""textDocument":{"uri":"\#(uri)"},"position":{"line":2,"character":0}"#

    /// Params that are not the method's, and the field the answer names.
    @Test(arguments: [
        ("textDocument/hover", nil, "params: expected an object, found null"),
        ("textDocument/hover", #""not an object""#, "params: expected an object, found a string"),
        ("textDocument/hover", "[]", "params: expected an object, found an array"),
        ("textDocument/hover", #"{"textDocument":{"uri":"\#(uri)"}}"#, "params.position is missing"),
        ("textDocument/completion", #"{"position":{"line":0,"character":0}}"#, "params.textDocument is missing"),
        (
            "textDocument/definition", #"{"textDocument":{"uri":5},"position":{"line":0,"character":0}}"#,
            "params.textDocument.uri: expected a string, found a number"
        ),
        (
            "textDocument/hover", #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":"2","character":0}}"#,
            "params.position.line: expected a whole number, found a string"
        ),
        (
            "textDocument/hover", #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":1.5,"character":0}}"#,
            "params.position.line: expected a whole number, found a number"
        ),
        (
            "textDocument/hover", #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":2,"character":null}}"#,
            "params.position.character: expected a whole number, found null"
        ),
        (
            "textDocument/hover", #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":-1,"character":0}}"#,
            "params.position.line: a line is a whole number ≥ 0"
        ),
        ("textDocument/references", #"{\#(at),"context":"yes"}"#, "params.context: expected an object, found a string"),
        (
            "textDocument/references", #"{\#(at),"context":{"includeDeclaration":1}}"#,
            "params.context.includeDeclaration: expected a boolean, found a number"
        ),
        ("textDocument/documentSymbol", #"{"textDocument":null}"#, "params.textDocument: expected an object, found null"),
        ("textDocument/formatting", #"{"textDocument":{}}"#, "params.textDocument.uri is missing"),
    ])
    func wrongParamsAreInvalidParamsNamingTheField(method: String, params: String?, problem: String) {
        var server = server()
        let before = symbols(&server)
        let answer = answers(&server, request(7, method, params))
        #expect(
            answer == [
                [
                    "jsonrpc": "2.0", "id": 7,
                    "error": ["code": -32602, "message": LSPJSON("invalid params for '\(method)': \(problem)")],
                ]
            ])
        #expect(symbols(&server) == before)
        #expect(before?.array?.count == 2)
    }

    /// Params the method does not read, and optional ones left out or `null`, are no error.
    @Test func extraAndOptionalParamsAreAccepted() {
        var server = server()
        let hover = answers(&server, request(1, "textDocument/hover", #"{\#(Self.at),"workDoneToken":"t","extra":[1,{"x":null}]}"#))
        #expect(hover.first?["result"] != nil)
        for context in [#""context":null,"#, "", #""context":{},"#, #""context":{"includeDeclaration":null},"#] {
            let references = answers(&server, request(2, "textDocument/references", "{\(context)\(Self.at)}"))
            #expect(references.first?["result"] != nil, "\(context)")
        }
        let format = answers(&server, request(3, "textDocument/formatting", #"{"textDocument":{"uri":"\#(Self.uri)"},"options":7}"#))
        #expect(format.first?["result"] == [])
    }

    @Test func anUnknownMethodIsMethodNotFound() {
        var server = server()
        let answer = answers(&server, request(3, "textDocument/rename", "{}"))
        #expect(answer == [["jsonrpc": "2.0", "id": 3, "error": ["code": -32601, "message": "unknown method 'textDocument/rename'"]]])
        // The name is matched exactly.
        #expect(answers(&server, request(4, "textDocument/Hover", "{\(Self.at)}")).first?["error"]?["code"] == -32601)
    }

    /// A notification's method with an id is no request the server answers: MethodNotFound, and
    /// nothing of the notification is done (`exit` does not stop it, `didOpen` opens nothing).
    @Test(arguments: ["exit", "initialized", "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose"])
    func aNotificationSentAsARequestIsMethodNotFound(method: String) {
        var server = server()
        let params = #"{"textDocument":{"uri":"\#(Self.uri)","version":2,"text":""},"contentChanges":[{"text":""}]}"#
        let answer = answers(&server, request(5, method, params))
        #expect(
            answer == [
                [
                    "jsonrpc": "2.0", "id": 5,
                    "error": [
                        "code": -32601, "message": LSPJSON("'\(method)' is a notification: it is sent without an id and never answered"),
                    ],
                ]
            ])
        #expect(server.exitCode == nil)
        #expect(symbols(&server)?.array?.count == 2)
    }

    /// A request's method without an id is a notification the server cannot use: never
    /// answered, logged, and not acted on (`shutdown` does not shut it down).
    @Test(arguments: ["shutdown", "initialize", "textDocument/hover", "textDocument/formatting"])
    func aRequestSentAsANotificationIsDroppedAndLogged(method: String) {
        let log = Log()
        var server = server(log: log)
        #expect(answers(&server, #"{"jsonrpc":"2.0","method":"\#(method)","params":{\#(Self.at)}}"#) == [])
        #expect(log.all == ["dropped '\(method)': '\(method)' is a request: it needs an id"])
        #expect(symbols(&server)?.array?.count == 2)
    }

    /// A notification whose params are wrong is dropped, logged with the field, and changes
    /// nothing.
    @Test(arguments: [
        (
            "textDocument/didOpen", #"{"textDocument":{"uri":5,"text":""}}"#,
            "params.textDocument.uri: expected a string, found a number"
        ),
        ("textDocument/didOpen", #"{"textDocument":{"uri":"file:///b"}}"#, "params.textDocument.text is missing"),
        (
            "textDocument/didOpen", #"{"textDocument":{"uri":"file:///b","version":"1","text":""}}"#,
            "params.textDocument.version: expected a whole number, found a string"
        ),
        (
            "textDocument/didChange", #"{"textDocument":{"uri":"\#(uri)"},"contentChanges":"nope"}"#,
            "params.contentChanges: expected an array, found a string"
        ),
        (
            "textDocument/didChange", #"{"textDocument":{"uri":"\#(uri)"},"contentChanges":[{"text":""},{"range":null,"text":""}]}"#,
            "params.contentChanges[1].range: expected an object, found null"
        ),
        (
            "textDocument/didChange",
            #"{"textDocument":{"uri":"\#(uri)"},"contentChanges":[{"range":{"start":{"line":0,"character":0}},"text":""}]}"#,
            "params.contentChanges[0].range.end is missing"
        ),
        ("textDocument/didClose", #"{"textDocument":"\#(uri)"}"#, "params.textDocument: expected an object, found a string"),
        ("textDocument/didClose", nil, "params: expected an object, found null"),
    ])
    func wrongNotificationParamsAreDroppedAndLogged(method: String, params: String?, problem: String) {
        let log = Log()
        var server = server(log: log)
        let notification = #"{"jsonrpc":"2.0","method":"\#(method)""# + (params.map { #","params":\#($0)"# } ?? "") + "}"
        #expect(answers(&server, notification) == [])
        #expect(log.all == ["dropped '\(method)': invalid params for '\(method)': \(problem)"])
        #expect(symbols(&server)?.array?.count == 2)
        let other = request(6, "textDocument/documentSymbol", #"{"textDocument":{"uri":"file:///b"}}"#)
        #expect(answers(&server, other).first?["error"] == ["code": -32602, "message": "the document is not open: file:///b"])
    }

    /// The envelope: ids are echoed as they came, and what is not a request or a notification is
    /// an invalid request.
    @Test func idsAreEchoedAndBadEnvelopesAreInvalidRequests() {
        var server = server()
        let shutdownless = #""method":"textDocument/rename""#
        #expect(answers(&server, #"{"jsonrpc":"2.0","id":"a-1",\#(shutdownless)}"#).first?["id"] == "a-1")
        #expect(answers(&server, #"{"jsonrpc":"2.0","id":1E2,\#(shutdownless)}"#).first?["id"] == 100)
        for id in ["null", "1.5", "true", "[1]", "{}", "9e15"] {
            let answer = answers(&server, #"{"jsonrpc":"2.0","id":\#(id),\#(shutdownless)}"#)
            #expect(
                answer == [["jsonrpc": "2.0", "id": nil, "error": ["code": -32600, "message": "a request's id is a number or a string"]]])
        }
        #expect(answers(&server, #"{"jsonrpc":"2.0","id":8,"method":5}"#).first?["error"]?["message"] == "a message needs a 'method'")
        #expect(answers(&server, #"{"jsonrpc":"2.0","id":9,\#(shutdownless)}"#).first?["error"]?["code"] == -32601)
        #expect(answers(&server, #"{"jsonrpc":"1.0","id":9,\#(shutdownless)}"#).first?["error"]?["code"] == -32600)
        // Responses to the server, which asks nothing, are dropped.
        #expect(answers(&server, #"{"jsonrpc":"2.0","id":10,"result":null}"#) == [])
        #expect(answers(&server, #"{"jsonrpc":"2.0","id":11,"error":{"code":1,"message":"x"}}"#) == [])
        #expect(symbols(&server)?.array?.count == 2)
    }

    /// Before `initialize` and after `shutdown`, the state is answered first, whatever the
    /// method or its params.
    @Test func theStateIsAnsweredBeforeTheMethodAndItsParams() {
        var waiting = LanguageServer(designs: .reference)
        for message in [request(1, "textDocument/rename", "{}"), request(2, "textDocument/hover", "[]"), request(3, "exit", nil)] {
            #expect(answers(&waiting, message).first?["error"]?["code"] == -32002)
        }
        var server = server()
        #expect(answers(&server, request(4, "initialize", "7")).first?["error"]?["code"] == -32600)
        #expect(answers(&server, request(5, "shutdown", "7")) == [["jsonrpc": "2.0", "id": 5, "result": nil]])
        for message in [request(6, "textDocument/rename", "{}"), request(7, "textDocument/hover", "[]")] {
            #expect(answers(&server, message).first?["error"]?["code"] == -32600)
        }
        _ = answers(&server, #"{"jsonrpc":"2.0","method":"exit","params":"anything"}"#)
        #expect(server.exitCode == 0)
    }
}
