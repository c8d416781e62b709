#if Serve
    import Foundation
    import NIOCore
    import Synchronization

    /// The report server's open connections, oldest first, at most ``cap`` of them: the one that
    /// opens past the cap closes the oldest, so that a client holding hundreds of silent
    /// connections cannot take every descriptor, and a page asked for meanwhile is still answered.
    final class OpenConnections: Sendable {
        /// The most connections open at once.
        let cap: Int
        private let state = Mutex(State())

        private struct State {
            var open: [(id: Int, channel: any Channel)] = []
            var nextID = 0
            var listener: (any Channel)?
        }

        init(cap: Int) {
            self.cap = cap
        }

        /// Adds `channel`, and closes the oldest connection if it is one too many; returns the
        /// number ``closed(_:)`` takes when `channel` closes.
        func opened(_ channel: any Channel) -> Int {
            let (id, oldest) = state.withLock { state -> (Int, (any Channel)?) in
                state.nextID += 1
                state.open.append((state.nextID, channel))
                return (state.nextID, state.open.count > cap ? state.open.removeFirst().channel : nil)
            }
            oldest?.close(promise: nil)
            return id
        }

        /// Forgets the connection `opened` numbered `id`.
        func closed(_ id: Int) {
            state.withLock { $0.open.removeAll { $0.id == id } }
        }

        /// Remembers the channel the server accepts connections on, for ``drain(within:)``.
        func listening(on channel: any Channel) {
            state.withLock { $0.listener = channel }
        }

        /// Stops accepting connections, closes every open one, and returns once they are closed or
        /// `timeout` has passed. A connection accepted just before the listener closed may open
        /// after that: each round closes the ones open then.
        func drain(within timeout: Duration) {
            let listener = state.withLock { $0.listener }
            try? listener?.close().wait()
            let deadline = ContinuousClock.now + timeout
            repeat {
                for channel in state.withLock({ $0.open.map(\.channel) }) { channel.close(promise: nil) }
                Thread.sleep(forTimeInterval: 0.01)
            } while count > 0 && ContinuousClock.now < deadline
        }

        /// The number of connections open now.
        var count: Int { state.withLock { $0.open.count } }
    }
#endif
