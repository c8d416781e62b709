import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `mediate lsp`: a Language Server (LSP 3.17, JSON-RPC 2.0) for scenario files, over standard
/// input and output.
///
/// It works on the text the editor sends, never on the file on disk: diagnostics (the same as
/// `mediate validate`'s), completion, hover, go to definition, find references, formatting
/// (`mediate fmt`'s layout) and document symbols. Requests are answered one at a time, in the
/// order they arrive; diagnostics are published once the client has nothing more queued, so a
/// burst of edits is checked once. Positions are UTF-16 code units, as LSP's default encoding.
///
/// A malformed message never stops the server: a body that is not JSON, or a header block
/// without a valid `Content-Length`, gets a parse error (-32700) with a null id; a message that is
/// not a request or a notification, an invalid request (-32600); an unknown method, -32601;
/// wrong parameters, -32602; a request before `initialize`, -32002. Notifications are never
/// answered: one the server cannot use is dropped (and logged).
package struct LanguageServer {
    private let designs: DesignRegistry
    private let log: (@Sendable (String) -> Void)?
    private var framer = MessageFramer()
    private var state = State.waiting
    private var documents: [String: Entry] = [:]
    /// Documents whose diagnostics are not yet published, in the order they changed.
    private var pending: [String] = []
    private var output: [UInt8] = []
    /// The most documents open at once; one more is not kept, and the editor is told.
    package var maxOpenDocuments = 64
    /// The most text the open documents hold together, in bytes: four scenarios at the language's
    /// 8 MiB limit. An open or an edit that would pass it is not kept, and the editor is told.
    package var maxOpenBytes = 32 << 20

    private enum State {
        case waiting, running, shuttingDown
    }

    private struct Entry {
        var document: TextDocument
        var analysis: DocumentAnalysis?
    }

    /// The exit code the client asked for with `exit`: 0 after `shutdown`, 1 without; nil until then.
    package private(set) var exitCode: Int32?

    /// A server that knows `designs` (for diagnostics and completion), writing what it logs (a
    /// dropped notification, say) to `log`.
    package init(designs: DesignRegistry, log: (@Sendable (String) -> Void)? = nil) {
        self.designs = designs
        self.log = log
    }

    /// Serves the client on `input` and `output` until it sends `exit` or closes `input`, and
    /// returns the exit code: LSP's (0 after `shutdown`, else 1) for both. A client that stops
    /// reading (a closed pipe) ends it with 1.
    package mutating func serve(input: Int32 = STDIN_FILENO, output descriptor: Int32 = STDOUT_FILENO) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let out = FileDescriptorOutput(descriptor: descriptor)
        while true {
            processFrames()
            if !pending.isEmpty, !Self.hasInput(input) { publishPending() }
            out.write(bytes: takeOutput())
            guard (try? out.flush()) != nil else { return 1 }
            if let exitCode { return exitCode }
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count == 0 {
                log?("the client closed the input; stopping")
                return state == .shuttingDown ? 0 : 1
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return 1
            }
            framer.append(chunk[0..<count])
        }
    }

    /// Hands the server bytes as a client sends them, and returns what it writes back: the
    /// answers to every complete message among them, then the diagnostics of the documents they
    /// changed. For tests and fuzzing; ``serve(input:output:)`` is the real loop.
    package mutating func receive(_ bytes: some Collection<UInt8>) -> [UInt8] {
        framer.append(bytes)
        processFrames()
        publishPending()
        return takeOutput()
    }

    private mutating func takeOutput() -> [UInt8] {
        defer { output = [] }
        return output
    }

    private static func hasInput(_ descriptor: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    // MARK: Messages

    private mutating func processFrames() {
        while exitCode == nil, let frame = framer.next() {
            switch frame {
            case .malformed(let reason):
                send(error: .parseError, "a malformed header: \(reason)", id: .null)
            case .message(let body):
                handle(body)
            }
        }
    }

    private mutating func handle(_ body: [UInt8]) {
        guard let message = JSON.parse(body) else {
            send(error: .parseError, "the message is not JSON text (or not UTF-8)", id: .null)
            return
        }
        guard message.isObject else {
            send(error: .invalidRequest, "a message is a JSON object (LSP has no batches)", id: .null)
            return
        }
        let id = message["id"]
        guard let method = message["method"]?.string else {
            // A response to a request of ours (the server sends none) is dropped.
            if id != nil, message["result"] != nil || message["error"] != nil { return }
            send(error: .invalidRequest, "a message needs a 'method'", id: Self.validID(id) ?? .null)
            return
        }
        let params = message["params"] ?? .null
        guard let id else {
            guard message["jsonrpc"]?.string == "2.0" else {
                log?("dropped '\(method)': 'jsonrpc' is not \"2.0\"")
                return
            }
            notification(method, params)
            return
        }
        guard let validID = Self.validID(id) else {
            send(error: .invalidRequest, "a request's id is a number or a string", id: .null)
            return
        }
        guard message["jsonrpc"]?.string == "2.0" else {
            send(error: .invalidRequest, "'jsonrpc' must be \"2.0\"", id: validID)
            return
        }
        switch request(method, params) {
        case .success(let result): send(["jsonrpc": "2.0", "id": validID, "result": result])
        case .failure(let error): send(error: error.code, error.message, id: validID)
        }
    }

    private static func validID(_ id: JSON?) -> JSON? {
        switch id {
        case .string?: return id
        case .number?: return id?.int != nil ? id : nil
        default: return nil
        }
    }

    private mutating func send(_ message: JSON) {
        output += MessageFramer.frame(message.encoded())
    }

    private mutating func send(error code: ResponseError.Code, _ message: String, id: JSON) {
        send(["jsonrpc": "2.0", "id": id, "error": ["code": JSON(code.rawValue), "message": JSON(message)]])
    }

    private struct ResponseError: Error {
        enum Code: Int {
            case parseError = -32700
            case invalidRequest = -32600
            case methodNotFound = -32601
            case invalidParams = -32602
            case serverNotInitialized = -32002
            case requestFailed = -32803
        }
        var code: Code
        var message: String

        init(_ code: Code, _ message: String) {
            self.code = code
            self.message = message
        }
    }

    // MARK: Requests

    private mutating func request(_ method: String, _ params: JSON) -> Result<JSON, ResponseError> {
        switch (state, method) {
        case (.waiting, "initialize"):
            state = .running
            return .success(Self.capabilities)
        case (.waiting, _):
            return .failure(ResponseError(.serverNotInitialized, "the server is not initialized: send 'initialize' first"))
        case (.shuttingDown, _):
            return .failure(ResponseError(.invalidRequest, "the server is shutting down: only 'exit' is accepted"))
        case (.running, "initialize"):
            return .failure(ResponseError(.invalidRequest, "'initialize' was already received"))
        case (.running, "shutdown"):
            state = .shuttingDown
            return .success(.null)
        case (.running, _):
            break
        }
        let handlers: [String: (inout LanguageServer, String, LSPPosition?, JSON) -> JSON] = [
            "textDocument/completion": { server, uri, position, _ in
                CompletionContext(analysis: server.analysis(of: uri), designs: server.designs.names).items(at: position!)
            },
            "textDocument/hover": { server, uri, position, _ in server.analysis(of: uri).hover(at: position!) },
            "textDocument/definition": { server, uri, position, _ in server.analysis(of: uri).definition(at: position!, uri: uri) },
            "textDocument/references": { server, uri, position, params in
                let includeDeclaration = params["context"]?["includeDeclaration"]?.bool ?? false
                return server.analysis(of: uri).references(at: position!, uri: uri, includeDeclaration: includeDeclaration)
            },
            "textDocument/documentSymbol": { server, uri, _, _ in server.analysis(of: uri).documentSymbols() },
        ]
        let needsPosition = method != "textDocument/documentSymbol" && method != "textDocument/formatting"
        guard handlers[method] != nil || method == "textDocument/formatting" else {
            return .failure(ResponseError(.methodNotFound, "unknown method '\(method)'"))
        }
        guard let uri = params["textDocument"]?["uri"]?.string else {
            return .failure(ResponseError(.invalidParams, "'\(method)' needs params.textDocument.uri"))
        }
        guard documents[uri] != nil else {
            return .failure(ResponseError(.invalidParams, "the document is not open: \(uri)"))
        }
        let position = LSPPosition(params["position"])
        if needsPosition, position == nil {
            return .failure(ResponseError(.invalidParams, "'\(method)' needs params.position {line, character}, whole numbers ≥ 0"))
        }
        if method == "textDocument/formatting" { return format(uri) }
        return .success(handlers[method]!(&self, uri, position, params))
    }

    private static let capabilities: JSON = [
        "capabilities": [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 2],
            "completionProvider": ["triggerCharacters": [".", ":", ">"]],
            "hoverProvider": true,
            "definitionProvider": true,
            "referencesProvider": true,
            "documentFormattingProvider": true,
            "documentSymbolProvider": true,
        ],
        "serverInfo": ["name": "mediate", "version": JSON(mediateVersion)],
    ]

    /// The analysis of the document's current text, made once per version.
    private mutating func analysis(of uri: String) -> DocumentAnalysis {
        if let analysis = documents[uri]!.analysis { return analysis }
        let analysis = DocumentAnalysis(document: documents[uri]!.document, designs: designs)
        documents[uri]!.analysis = analysis
        return analysis
    }

    /// `textDocument/formatting`: `mediate fmt`'s text as one edit of the whole document, none
    /// when it is already formatted. The layout is fixed (4 spaces), so the client's options are
    /// not read. A file with errors is not formatted: a request failure (-32803) says why.
    private func format(_ uri: String) -> Result<JSON, ResponseError> {
        let document = documents[uri]!.document
        guard document.bytes.count <= SourceLimits.maxFileBytes else {
            return .failure(
                ResponseError(.requestFailed, "the scenario is past \(ByteCount(SourceLimits.maxFileBytes)); it is not formatted"))
        }
        let file = SourceFile(path: DocumentAnalysis.path(ofURI: uri), bytes: document.bytes)
        switch ScenarioFormatter.format(file) {
        case .success(let text):
            guard Array(text.utf8) != document.bytes else { return .success([]) }
            let whole = LSPPosition(line: 0, character: 0)..<document.endPosition
            return .success([["range": DocumentAnalysis.rangeJSON(whole), "newText": JSON(text)]])
        case .failure(.invalid(let diagnostics)):
            let first = diagnostics.items.first.map { ": line \($0.range.lowerBound.line): \($0.message)" } ?? ""
            return .failure(
                ResponseError(.requestFailed, "the scenario has \(diagnostics.items.count) error(s) and is not formatted\(first)"))
        case .failure(.meaningChanged):
            return .failure(
                ResponseError(.requestFailed, "internal error: the formatted text would not mean the same; the file is left as it is"))
        }
    }

    // MARK: Notifications

    private mutating func notification(_ method: String, _ params: JSON) {
        if method == "exit" {
            exitCode = state == .shuttingDown ? 0 : 1
            return
        }
        guard state == .running else {
            log?("dropped '\(method)': the server is \(state == .waiting ? "not initialized" : "shutting down")")
            return
        }
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else {
                log?("dropped didOpen: it needs textDocument.uri and textDocument.text")
                return
            }
            let others = documents.count - (documents[uri] == nil ? 0 : 1)
            guard others < maxOpenDocuments, openBytes(excluding: uri) + text.utf8.count <= maxOpenBytes else {
                drop(uri, becauseOf: text.utf8.count)
                return
            }
            documents[uri] = Entry(document: TextDocument(uri: uri, version: item["version"]?.int ?? 0, text: text))
            markPending(uri)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, documents[uri] != nil,
                let changes = params["contentChanges"]?.array.flatMap(Self.changes)
            else {
                log?("dropped didChange: it needs the uri of an open document and valid contentChanges")
                return
            }
            let version = params["textDocument"]?["version"]?.int ?? documents[uri]!.document.version + 1
            guard documents[uri]!.document.apply(changes, version: version) else {
                log?("dropped didChange: a range ends before it starts")
                return
            }
            documents[uri]!.analysis = nil
            let size = documents[uri]!.document.bytes.count
            guard openBytes(excluding: uri) + size <= maxOpenBytes else {
                drop(uri, becauseOf: size)
                return
            }
            markPending(uri)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string, documents.removeValue(forKey: uri) != nil else {
                log?("dropped didClose: it needs the uri of an open document")
                return
            }
            pending.removeAll { $0 == uri }
            // Its diagnostics go with it.
            send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": ["uri": JSON(uri), "diagnostics": []]])
        default:
            // `initialized`, `$/cancelRequest` (every request is answered before the next is
            // read), `$/setTrace`, `workspace/didChangeConfiguration` …: nothing to do.
            break
        }
    }

    /// The bytes of every open document's text but `uri`'s.
    private func openBytes(excluding uri: String) -> Int {
        documents.reduce(0) { total, entry in entry.key == uri ? total : total + entry.value.document.bytes.count }
    }

    /// Does not keep `uri`, whose text of `size` bytes would pass a cap on open documents: forgets
    /// it (and clears its diagnostics) if it was open, and tells the editor in a message it shows,
    /// since nothing in the file itself would say why it is not checked.
    private mutating func drop(_ uri: String, becauseOf size: Int) {
        let cap =
            documents.count - (documents[uri] == nil ? 0 : 1) >= maxOpenDocuments
            ? "\(maxOpenDocuments) open documents"
            : "\(ByteCount(maxOpenBytes)) of open documents (this one is \(ByteCount(size)))"
        let message = "mediate does not check \(uri): past its limit of \(cap); close some documents and open it again"
        log?(message)
        send(["jsonrpc": "2.0", "method": "window/showMessage", "params": ["type": 1, "message": JSON(message)]])
        guard documents.removeValue(forKey: uri) != nil else { return }
        pending.removeAll { $0 == uri }
        send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": ["uri": JSON(uri), "diagnostics": []]])
    }

    private static func changes(_ entries: [JSON]) -> [TextDocument.Change]? {
        var changes: [TextDocument.Change] = []
        for entry in entries {
            guard let text = entry["text"]?.string else { return nil }
            if let range = entry["range"] {
                guard let start = LSPPosition(range["start"]), let end = LSPPosition(range["end"]) else { return nil }
                changes.append(TextDocument.Change(range: (start, end), text: text))
            } else {
                changes.append(TextDocument.Change(range: nil, text: text))
            }
        }
        return changes
    }

    private mutating func markPending(_ uri: String) {
        if !pending.contains(uri) { pending.append(uri) }
    }

    private mutating func publishPending() {
        for uri in pending where documents[uri] != nil {
            let analysis = analysis(of: uri)
            send([
                "jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                "params": [
                    "uri": JSON(uri), "version": JSON(documents[uri]!.document.version), "diagnostics": .array(analysis.diagnostics),
                ],
            ])
        }
        pending = []
    }
}
