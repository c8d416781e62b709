// With the `Serve` trait only (Package.swift), which brings Hummingbird: without it this module
// is empty and the `mediate` tool has no report server.
#if Serve
    import Dispatch
    import Foundation
    import Hummingbird
    import HummingbirdCore
    import Logging
    import MediateKit
    import MediateWatch
    import Synchronization

    /// The report page over HTTP, for `mediate watch --serve`: `GET /` is the page that
    /// `mediate report` writes, with a small script added before `</body>` that reloads it when a new
    /// version is published; `GET /events` is the stream of versions that script listens to
    /// (Server-Sent Events).
    ///
    /// Only the served copy carries the script: a page written by `mediate report` stays as it was.
    ///
    /// The `mediate` tool hands it to the command line (`MediateCommandLine.main(reportServer:
    /// ReportServer.self)`), which knows it only as a `WatchReportServer`.
    package final class ReportServer: WatchReportServer {
        /// The port the server listens on (the one the system chose when asked for port 0).
        package let port: Int
        /// The address it listens on, as given.
        package let host: String
        private let state: Mutex<State>
        private let task: Mutex<Task<Void, Never>?>
        private let stopped = DispatchSemaphore(value: 0)
        private let limits: ServeLimits
        private let connections: OpenConnections

        private struct State {
            var page: ByteBuffer
            var version = 0
            var listeners: [Int: AsyncStream<Int>.Continuation] = [:]
            var nextListener = 0
            var closed = false
        }

        /// How often an idle event stream carries a comment, so that a client gone without a word is
        /// noticed (its write fails) and forgotten.
        static let keepAlive = Duration.seconds(15)

        private init(host: String, port: Int, limits: ServeLimits, connections: OpenConnections) {
            self.host = host
            self.port = port
            self.limits = limits
            self.connections = connections
            state = Mutex(State(page: ByteBuffer(string: Self.served(Self.waitingPage, version: 0))))
            task = Mutex(nil)
        }

        /// Starts serving on `host` (`127.0.0.1` unless told otherwise: see `isLoopbackAddress`) and
        /// `port` (0: any free port), and returns once the server listens, or throws why it cannot.
        /// Until ``publish(_:)`` is called, the page says that the report is being made.
        package static func start(host: String, port: Int) throws -> ReportServer {
            try start(host: host, port: port, limits: .standard)
        }

        /// Starts serving as ``start(host:port:)`` does, within `limits`. An IPv6 address may be
        /// given in brackets (`[::1]`), as in a URL.
        static func start(host: String, port: Int, limits: ServeLimits) throws -> ReportServer {
            let host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            let connections = OpenConnections(cap: limits.connections)
            let bound = Mutex<Result<Int, any Error>?>(nil)
            let ready = DispatchSemaphore(value: 0)
            let holder = Mutex<ReportServer?>(nil)
            let task = Task {
                // The server needs itself in its routes: made once the port is known.
                let router = Router()
                let page = { @Sendable (request: Request, _: BasicRequestContext) -> Response in
                    if let refusal = ReportServer.refusal(of: request, host: host) { return refusal }
                    let page = holder.withLock { $0?.state.withLock { $0.page } } ?? ByteBuffer()
                    return Response(
                        status: .ok,
                        headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                        body: ResponseBody(byteBuffer: page))
                }
                router.get("/", use: page)
                // As GET, without the body (SwiftNIO leaves it out of the answer to a HEAD).
                router.head("/", use: page)
                // The page has no icon: say so without an error in the browser's console.
                router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
                router.get("/events") { request, _ -> Response in
                    if let refusal = ReportServer.refusal(of: request, host: host) { return refusal }
                    guard let server = holder.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
                    return server.eventStream()
                }
                var logger = Logger(label: "mediate.watch")
                logger.logLevel = .critical
                // The idle timeout closes a connection that sends no request (or not all of its
                // headers) in time, and one kept alive with nothing more to ask.
                let http = HTTP1Channel.Configuration(
                    additionalChannelHandlers: [ConnectionCapHandler(connections)], idleTimeout: limits.idleTimeout)
                let app = Application(
                    router: router, server: .http1(configuration: http),
                    configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
                    onServerRunning: { channel in
                        connections.listening(on: channel)
                        bound.withLock { $0 = .success(channel.localAddress?.port ?? port) }
                        ready.signal()
                    }, logger: logger)
                do {
                    try await app.run()
                } catch {
                    // A failure before the server ran wakes `start`, which is still waiting.
                    let beforeRunning = bound.withLock { value -> Bool in
                        guard value == nil else { return false }
                        value = .failure(error)
                        return true
                    }
                    if beforeRunning { ready.signal() }
                }
                _ = holder.withLock { $0?.stopped.signal() }
            }
            ready.wait()
            switch bound.withLock({ $0 })! {
            case .failure(let error):
                throw error
            case .success(let port):
                let server = ReportServer(host: host, port: port, limits: limits, connections: connections)
                server.task.withLock { $0 = task }
                holder.withLock { $0 = server }
                server.keepAliveLoop()
                return server
            }
        }

        /// `http://HOST:PORT/`, with an IPv6 address in brackets.
        package var url: String {
            "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
        }

        /// Serves `page` from now on, and tells every open page to reload.
        package func publish(_ page: String) {
            let (version, listeners) = state.withLock { state in
                state.version += 1
                // The old page goes first, so that two pages are never held with a third copy.
                state.page = ByteBuffer()
                state.page = Self.servedBuffer(page, version: state.version)
                return (state.version, Array(state.listeners.values))
            }
            for listener in listeners { listener.yield(version) }
        }

        /// The version last published: 0 before the first.
        package var version: Int { state.withLock { $0.version } }

        /// Ends every event stream, stops listening and closes the connections; returns when the
        /// server has stopped (at most a few seconds).
        package func shutdown() {
            let listeners = state.withLock { state -> [AsyncStream<Int>.Continuation] in
                state.closed = true
                defer { state.listeners = [:] }
                return Array(state.listeners.values)
            }
            for listener in listeners { listener.finish() }
            // Stop accepting and close every connection; the server then ends by itself. Cancelling
            // it is the last resort: SwiftNIO traps on an accepted connection that the server never
            // took (its writer is dropped unfinished). That can still happen to a connection
            // accepted as the listener closes, so `watch`, whose process ends anyway, does not
            // shut its server down.
            connections.drain(within: .seconds(2))
            if stopped.wait(timeout: .now() + .seconds(3)) == .timedOut {
                task.withLock { $0 }?.cancel()
                _ = stopped.wait(timeout: .now() + .seconds(5))
            }
        }

        /// The number of pages listening now: for tests.
        var listenerCount: Int { state.withLock { $0.listeners.count } }

        /// The number of connections open now: for tests.
        var connectionCount: Int { connections.count }

        /// `text/event-stream`: the current version at once, then each new one, and a comment every
        /// ``keepAlive``. Ends when the client goes (a write fails) or the server shuts down. Past
        /// ``ServeLimits/listeners`` streams, 503.
        private func eventStream() -> Response {
            let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let id = state.withLock { state -> Int? in
                guard !state.closed, state.listeners.count < limits.listeners else { return nil }
                state.nextListener += 1
                state.listeners[state.nextListener] = continuation
                return state.nextListener
            }
            // Shutting down, or past the cap: a page already open keeps its own stream.
            guard let id else { return Response(status: .serviceUnavailable, headers: [.retryAfter: "10"]) }
            continuation.yield(version)
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody { writer in
                    defer { continuation.finish() }
                    for await version in stream {
                        // -1: a keep-alive comment.
                        let text = version < 0 ? ": keep-alive\n\n" : "event: version\ndata: \(version)\n\n"
                        try await writer.write(ByteBuffer(string: text))
                    }
                    try await writer.finish(nil)
                })
        }

        /// Sends a keep-alive comment to every listener every ``keepAlive`` until the server stops.
        private func keepAliveLoop() {
            Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: Self.keepAlive)
                    guard let self else { return }
                    let (closed, listeners) = self.state.withLock { ($0.closed, Array($0.listeners.values)) }
                    if closed { return }
                    for listener in listeners { listener.yield(-1) }
                }
            }
        }

        /// Why `request` is not answered, as the response that says so; nil when it is answered. Two
        /// `Host` headers are a bad request (400): which one names the server is ambiguous. One that
        /// is not a loopback name on loopback is forbidden (403, see ``isAllowed(_:host:)``).
        static func refusal(of request: Request, host: String) -> Response? {
            // SwiftNIO takes the first `Host` as the authority and leaves any other among the fields.
            if request.headers.contains(where: { $0.name.canonicalName == "host" }) { return Response(status: .badRequest) }
            return isAllowed(request.head.authority, host: host) ? nil : Response(status: .forbidden)
        }

        /// Whether a request naming `authority` (its `Host` header) may be answered by a server
        /// bound to `host`: on loopback, only a loopback name, so that a web page elsewhere cannot
        /// read the report through a name of its own that resolves to 127.0.0.1 (DNS rebinding).
        static func isAllowed(_ authority: String?, host: String) -> Bool {
            guard isLoopbackAddress(host) else { return true }
            guard var name = authority else { return false }
            if name.hasPrefix("["), let close = name.firstIndex(of: "]") {
                name = String(name[name.index(after: name.startIndex)..<close])
            } else if let colon = name.lastIndex(of: ":") {
                name = String(name[..<colon])
            }
            return isLoopbackAddress(name)
        }

        /// What the page shows before the first report is ready.
        static let waitingPage = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>mediate watch</title></head>
            <body><p>mediate is running the scenarios; the report appears here when it is ready.</p></body></html>

            """

        /// `page` with the reload script added before its last `</body>` (at its end when it has
        /// none). The script knows `version`; when `/events` says another, it reloads the page,
        /// keeping the scroll position (the player's step is in the URL's fragment, which a reload
        /// keeps).
        static func served(_ page: String, version: Int) -> String {
            String(buffer: servedBuffer(page, version: version))
        }

        /// ``served(_:version:)`` written straight into the buffer the server sends, so that the
        /// page (up to `--max-output`) is copied once, not twice.
        static func servedBuffer(_ page: String, version: Int) -> ByteBuffer {
            let script = """
                <script>/* mediate watch: reloads this page when a scenario changes; not in mediate report's file */
                (() => {
                  const version = \(version);
                  const key = "mediate-watch-scroll:" + location.pathname;
                  const saved = sessionStorage.getItem(key);
                  if (saved !== null) {
                    sessionStorage.removeItem(key);
                    const [x, y] = saved.split(",").map(Number);
                    addEventListener("load", () => scrollTo(x, y));
                  }
                  const events = new EventSource("/events");
                  events.addEventListener("version", (event) => {
                    if (Number(event.data) !== version) {
                      events.close();
                      sessionStorage.setItem(key, scrollX + "," + scrollY);
                      location.reload();
                    }
                  });
                })();
                </script>

                """
            let end = page.range(of: "</body>", options: .backwards)?.lowerBound ?? page.endIndex
            var buffer = ByteBuffer()
            buffer.reserveCapacity(page.utf8.count + script.utf8.count)
            buffer.writeSubstring(page[..<end])
            buffer.writeString(script)
            buffer.writeSubstring(page[end...])
            return buffer
        }
    }
#endif
