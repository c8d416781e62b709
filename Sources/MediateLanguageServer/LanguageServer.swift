import Foundation
package import MediateKit

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
/// Each message is read once by ``JSONReader``, then decoded into a ``ClientMessage`` and, by its
/// method (``LSPMethod``), into a ``ClientRequest`` or a ``ClientNotification`` whose params are
/// `Decodable` structs (``LSPParams``); the server dispatches by a `switch` over those.
///
/// A malformed message never stops the server: a body that is not JSON, or a header block
/// without a valid `Content-Length`, gets a parse error (-32700) with a null id; a message that is
/// not a request or a notification, an invalid request (-32600); an unknown method, or a
/// notification's method sent with an id, -32601; parameters missing a field or with a field of
/// the wrong type, -32602 naming the field; a request before `initialize`, -32002.
/// Notifications are never answered: one the server cannot use (wrong parameters, a request's
/// method without an id) is dropped and logged.
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
    /// reading (a closed pipe) ends it with 1, where the executable ignores SIGPIPE, as `mediate`
    /// does.
    package mutating func serve(input: Int32 = STDIN_FILENO, output descriptor: Int32 = STDOUT_FILENO) -> Int32 {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let out = FileDescriptorOutput(descriptor: descriptor)
        while true {
            processFrames()
            if !pending.isEmpty, !Self.hasInput(input) { publishPending() }
            out.write(bytes: takeOutput())
            guard (try? out.flush()) != nil else { return 1 }
            if let exitCode { return exitCode }
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
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

    /// Answers one message's body: decodes it into a ``ClientMessage``, then its method and
    /// params into a ``ClientRequest`` or a ``ClientNotification``, and dispatches on those.
    private mutating func handle(_ body: [UInt8]) {
        guard let json = JSON.parse(body) else {
            send(error: .parseError, "the message is not JSON text (or not UTF-8)", id: .null)
            return
        }
        guard let message = try? JSONValueDecoder.decode(ClientMessage.self, from: json) else {
            send(error: .invalidRequest, "a message is a JSON object (LSP has no batches)", id: .null)
            return
        }
        guard let method = message.method else {
            // A response to a request of ours (the server sends none) is dropped.
            if message.id != .absent, message.isResponse { return }
            send(error: .invalidRequest, "a message needs a 'method'", id: message.id.json)
            return
        }
        let id: ClientMessage.RequestID
        switch message.id {
        case .absent:
            guard message.isJSONRPC2 else {
                log?("dropped '\(method)': 'jsonrpc' is not \"2.0\"")
                return
            }
            notification(method, message.params)
            return
        case .invalid:
            send(error: .invalidRequest, "a request's id is a number or a string", id: .null)
            return
        case .valid(let valid):
            id = valid
        }
        guard message.isJSONRPC2 else {
            send(error: .invalidRequest, "'jsonrpc' must be \"2.0\"", id: id.json)
            return
        }
        do {
            let result = try request(method, message.params)
            send(["jsonrpc": "2.0", "id": id.json, "result": result])
        } catch {
            send(error: error.code, error.message, id: id.json)
        }
    }

    private mutating func send(_ message: JSON) {
        output += MessageFramer.frame(message.encoded())
    }

    private mutating func send(error code: ResponseError.Code, _ message: String, id: JSON) {
        send(["jsonrpc": "2.0", "id": id, "error": ["code": JSON(code.rawValue), "message": JSON(message)]])
    }

    // MARK: Requests

    /// The result of the request `method`, or the error it is answered with. The server's state
    /// is looked at before the params: before `initialize` and after `shutdown`, every request is
    /// refused whatever it holds.
    private mutating func request(_ method: String, _ params: any Decoder) throws(ResponseError) -> JSON {
        switch state {
        case .waiting where LSPMethod(rawValue: method) != .initialize:
            throw ResponseError(.serverNotInitialized, "the server is not initialized: send 'initialize' first")
        case .shuttingDown:
            throw ResponseError(.invalidRequest, "the server is shutting down: only 'exit' is accepted")
        case .waiting, .running:
            break
        }
        switch try ClientRequest(method, params: params) {
        case .initialize:
            guard state == .waiting else { throw ResponseError(.invalidRequest, "'initialize' was already received") }
            state = .running
            return Self.capabilities
        case .shutdown:
            state = .shuttingDown
            return .null
        case .completion(let params):
            let analysis = try openAnalysis(params.textDocument)
            return CompletionContext(analysis: analysis, designs: designs.names).items(at: params.position)
        case .hover(let params):
            return try openAnalysis(params.textDocument).hover(at: params.position)
        case .definition(let params):
            return try openAnalysis(params.textDocument).definition(at: params.position, uri: params.textDocument.uri)
        case .references(let params):
            return try openAnalysis(params.textDocument).references(
                at: params.position, uri: params.textDocument.uri, includeDeclaration: params.includeDeclaration)
        case .documentSymbol(let params):
            return try openAnalysis(params.textDocument).documentSymbols()
        case .formatting(let params):
            guard let document = documents[params.textDocument.uri]?.document else { throw Self.notOpen(params.textDocument) }
            return try format(document)
        }
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

    /// The analysis of an open document's current text, made once per version; nil when the
    /// document is not open.
    private mutating func analysis(of uri: String) -> DocumentAnalysis? {
        guard let entry = documents[uri] else { return nil }
        if let analysis = entry.analysis { return analysis }
        let analysis = DocumentAnalysis(document: entry.document, designs: designs)
        documents[uri]?.analysis = analysis
        return analysis
    }

    /// The analysis of `document`, which a request needs open.
    private mutating func openAnalysis(_ document: LSPParams.DocumentID) throws(ResponseError) -> DocumentAnalysis {
        guard let analysis = analysis(of: document.uri) else { throw Self.notOpen(document) }
        return analysis
    }

    private static func notOpen(_ document: LSPParams.DocumentID) -> ResponseError {
        ResponseError(.invalidParams, "the document is not open: \(document.uri)")
    }

    /// `textDocument/formatting`: `mediate fmt`'s text as one edit of the whole document, none
    /// when it is already formatted. The layout is fixed (4 spaces), so the client's options are
    /// not read. A file with errors is not formatted: a request failure (-32803) says why.
    private func format(_ document: TextDocument) throws(ResponseError) -> JSON {
        guard document.bytes.count <= SourceLimits.maxFileBytes else {
            throw ResponseError(.requestFailed, "the scenario is past \(ByteCount(SourceLimits.maxFileBytes)); it is not formatted")
        }
        let file = SourceFile(path: DocumentAnalysis.path(ofURI: document.uri), bytes: document.bytes)
        switch ScenarioFormatter.format(file) {
        case .success(let text):
            guard Array(text.utf8) != document.bytes else { return [] }
            let whole = LSPPosition(line: 0, character: 0)..<document.endPosition
            return [["range": DocumentAnalysis.rangeJSON(whole), "newText": JSON(text)]]
        case .failure(.invalid(let diagnostics)):
            let first = diagnostics.items.first.map { ": line \($0.range.lowerBound.line): \($0.message)" } ?? ""
            throw ResponseError(.requestFailed, "the scenario has \(diagnostics.items.count) error(s) and is not formatted\(first)")
        case .failure(.meaningChanged):
            throw ResponseError(.requestFailed, "internal error: the formatted text would not mean the same; the file is left as it is")
        }
    }

    // MARK: Notifications

    /// Acts on the notification `method`; one the server cannot use is dropped and logged, never
    /// answered.
    private mutating func notification(_ method: String, _ params: any Decoder) {
        let notification: ClientNotification
        do {
            notification = try ClientNotification(method, params: params)
        } catch {
            log?("dropped '\(method)': \(error.message)")
            return
        }
        if case .exit = notification {
            exitCode = state == .shuttingDown ? 0 : 1
            return
        }
        guard state == .running else {
            log?("dropped '\(method)': the server is \(state == .waiting ? "not initialized" : "shutting down")")
            return
        }
        switch notification {
        case .exit, .ignored:
            break
        case .didOpen(let params):
            let item = params.textDocument
            let others = documents.count - (documents[item.uri] == nil ? 0 : 1)
            guard others < maxOpenDocuments, openBytes(excluding: item.uri) + item.text.utf8.count <= maxOpenBytes else {
                drop(item.uri, becauseOf: item.text.utf8.count)
                return
            }
            documents[item.uri] = Entry(document: TextDocument(uri: item.uri, version: item.version ?? 0, text: item.text))
            markPending(item.uri)
        case .didChange(let params):
            let uri = params.textDocument.uri
            guard let current = documents[uri]?.document.version else {
                log?("dropped didChange: the document is not open: \(uri)")
                return
            }
            // In place: the document's text is not copied.
            guard documents[uri]?.document.apply(params.contentChanges, version: params.textDocument.version ?? current + 1) == true
            else {
                log?("dropped didChange: a range ends before it starts")
                return
            }
            documents[uri]?.analysis = nil
            let size = documents[uri]?.document.bytes.count ?? 0
            guard openBytes(excluding: uri) + size <= maxOpenBytes else {
                drop(uri, becauseOf: size)
                return
            }
            markPending(uri)
        case .didClose(let params):
            let uri = params.textDocument.uri
            guard documents.removeValue(forKey: uri) != nil else {
                log?("dropped didClose: the document is not open: \(uri)")
                return
            }
            pending.removeAll { $0 == uri }
            // Its diagnostics go with it.
            send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": ["uri": JSON(uri), "diagnostics": []]])
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

    private mutating func markPending(_ uri: String) {
        if !pending.contains(uri) { pending.append(uri) }
    }

    private mutating func publishPending() {
        for uri in pending {
            guard let analysis = analysis(of: uri), let version = documents[uri]?.document.version else { continue }
            send([
                "jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                "params": ["uri": JSON(uri), "version": JSON(version), "diagnostics": .array(analysis.diagnostics)],
            ])
        }
        pending = []
    }
}
