// With the `Serve` trait only, as the tests that use it.
#if Serve
    import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A TCP connection to a local port that writes exactly the bytes it is given: for what
    /// URLSession will not send (two `Host` headers, half a request, a connection that never
    /// speaks).
    final class RawConnection {
        /// The socket's descriptor; closed when the connection is released.
        let descriptor: Int32

        /// Connects to `host` (an IPv4 or IPv6 loopback literal) on `port`; nil if it cannot.
        init?(host: String = "127.0.0.1", port: Int) {
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            hints.ai_flags = AI_NUMERICHOST
            var found: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, String(port), &hints, &found) == 0, let info = found else { return nil }
            defer { freeaddrinfo(found) }
            descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard descriptor >= 0 else { return nil }
            guard connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
                close(descriptor)
                return nil
            }
        }

        deinit { close(descriptor) }

        /// Writes `text` as UTF-8.
        func send(_ text: String) {
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                guard written > 0 else { return }
                bytes = bytes.dropFirst(written)
            }
        }

        /// Everything the server sends until it closes the connection or `seconds` pass.
        func readAll(seconds: Int = 20) -> String {
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let deadline = ContinuousClock.now + .seconds(seconds)
            while ContinuousClock.now < deadline {
                guard isReadable(milliseconds: 100) else { continue }
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                received += chunk[0..<count]
            }
            return String(decoding: received, as: UTF8.self)
        }

        /// The first line the server sends (without its CRLF), waiting at most `seconds`.
        func readFirstLine(seconds: Int = 20) -> String {
            var received: [UInt8] = []
            let deadline = ContinuousClock.now + .seconds(seconds)
            while !received.contains(UInt8(ascii: "\n")), ContinuousClock.now < deadline {
                guard isReadable(milliseconds: 100) else { continue }
                var byte: UInt8 = 0
                guard read(descriptor, &byte, 1) == 1 else { break }
                received.append(byte)
            }
            return String(decoding: received, as: UTF8.self).trimmingCharacters(in: .newlines)
        }

        /// Whether the server has closed the connection (a read finds its end at once).
        var isClosedByServer: Bool {
            guard isReadable(milliseconds: 0) else { return false }
            var byte: UInt8 = 0
            return recv(descriptor, &byte, 1, Int32(MSG_PEEK)) == 0
        }

        private func isReadable(milliseconds: Int32) -> Bool {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&poller, 1, milliseconds) > 0
        }
    }
#endif
