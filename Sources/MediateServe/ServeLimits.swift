#if Serve
    import Foundation
    import NIOCore

    /// How much of the process the report server may take, so that a slow or greedy local client
    /// can neither stop the page nor leave the watch without the descriptors a run needs.
    struct ServeLimits: Sendable {
        /// Open connections at most; one more closes the oldest (``OpenConnections``).
        var connections: Int
        /// Event streams (`GET /events`) at most; past it, a new one is answered 503.
        var listeners: Int
        /// How long a connection may go without a request: from its opening to its request's
        /// last header, and between requests (keep-alive). Not while a response is being sent: an
        /// event stream is kept, and a client gone away is noticed by its keep-alive comments.
        var idleTimeout: TimeAmount

        /// 256 connections (or a quarter of the descriptors the process may open, if fewer), 32
        /// event streams, and 10 s of silence.
        static var standard: ServeLimits {
            ServeLimits(connections: min(256, max(16, openFileLimit / 4)), listeners: 32, idleTimeout: .seconds(10))
        }

        /// The process's soft limit on open descriptors (`RLIMIT_NOFILE`).
        private static var openFileLimit: Int {
            var limit = rlimit()
            guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(Int.max) else { return Int.max }
            return Int(limit.rlim_cur)
        }
    }
#endif
