// With the `Serve` trait only, as the tests that use it.
#if Serve
    import Foundation

    /// Runs `body` on a thread of its own and returns what it returns: what blocks (starting a
    /// server, connecting, reading, waiting) then holds none of the few threads that Swift's
    /// concurrency shares with the server's own tasks.
    func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
#endif
