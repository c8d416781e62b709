/// The base protocol's framing: `Content-Length: N\r\n` (other headers allowed and ignored),
/// an empty line, then N bytes of JSON. Bytes go in as they arrive, whole messages come out.
///
/// Never waits for more than it can use and never holds more than one message: a header block
/// longer than ``maxHeaderBytes`` without its empty line, one without a valid `Content-Length`,
/// or a length past ``maxContentBytes`` comes out as ``Frame/malformed(_:)``, and the framer
/// carries on after it (the header block is dropped; an oversized body is skipped as it arrives,
/// without being kept).
package struct MessageFramer {
    /// A header block's largest size, its empty line included.
    package static let maxHeaderBytes = 8 << 10
    /// The largest body: an 8 MiB scenario (the language's limit) written with every byte escaped.
    package static let maxContentBytes = 64 << 20

    package enum Frame: Equatable {
        /// One message's body.
        case message([UInt8])
        /// What was wrong with a header block (or its length), for a parse-error response.
        case malformed(String)
    }

    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer`.
    private var start = 0
    /// How far past `start` the search for the header's end has looked.
    private var scanned = 0
    /// The body length of the header block already read; nil while reading headers.
    private var pendingLength: Int?
    /// Bytes of an oversized body still to drop as they arrive.
    private var skipping = 0

    package init() {}

    /// Bytes held for a message not yet complete.
    package var bufferedCount: Int { buffer.count - start }

    /// Adds bytes read from the client.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        var bytes = bytes[...]
        if skipping > 0 {
            let dropped = min(skipping, bytes.count)
            skipping -= dropped
            bytes = bytes.dropFirst(dropped)
        }
        if start > 0, start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or nil until more bytes arrive.
    package mutating func next() -> Frame? {
        if let length = pendingLength {
            guard buffer.count - start >= length else { return nil }
            pendingLength = nil
            guard start + length < buffer.count else {
                // The body is all that is left: it takes the buffer itself rather than a copy
                // (a document's text can be most of 64 MiB).
                buffer.removeSubrange(0..<start)
                defer { (buffer, start, scanned) = ([], 0, 0) }
                return .message(buffer)
            }
            let body = Array(buffer[start..<start + length])
            start += length
            return .message(body)
        }
        guard let end = headerEnd() else {
            guard buffer.count - start > Self.maxHeaderBytes else { return nil }
            // No empty line within the limit: drop what was read and start again.
            start = buffer.count
            scanned = 0
            return .malformed("a header block longer than \(Self.maxHeaderBytes) bytes without an empty line")
        }
        let headers = buffer[start..<end - 4]
        start = end
        scanned = 0
        switch Self.contentLength(in: headers) {
        case .failure(let failure):
            return .malformed(failure.reason)
        case .success(let length) where length > Self.maxContentBytes:
            let available = min(length, buffer.count - start)
            start += available
            skipping = length - available
            return .malformed("Content-Length \(length) is past the largest message, \(Self.maxContentBytes) bytes")
        case .success(let length):
            pendingLength = length
            // Room for the whole body at once, rather than growing by doubling as it arrives.
            buffer.reserveCapacity(start + length)
            return next()
        }
    }

    /// The index just past the `\r\n\r\n` ending the header block, if it has arrived.
    private mutating func headerEnd() -> Int? {
        let limit = buffer.count
        var index = start + max(scanned - 3, 0)
        while index + 3 < limit {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index + 4
            }
            index += 1
        }
        scanned = max(limit - start, 0)
        return nil
    }

    /// The `Content-Length` of a header block (without its empty line), or what is wrong with it.
    private static func contentLength(in headers: ArraySlice<UInt8>) -> Result<Int, Failure> {
        guard let text = String(validating: headers, as: UTF8.self) else {
            return .failure(Failure("a header that is not UTF-8 text"))
        }
        var length: Int?
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(Failure("a header line without ':'"))
            }
            let name = line[..<colon].trimmingSpaces.lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            guard name == "content-length" else { continue }
            guard !value.isEmpty, value.count <= 18, value.allSatisfy({ $0.isASCII && $0.isNumber }), let parsed = Int(value)
            else {
                return .failure(Failure("Content-Length '\(value.prefix(40))' is not a number of bytes"))
            }
            if let length, length != parsed { return .failure(Failure("two different Content-Length headers")) }
            length = parsed
        }
        guard let length else { return .failure(Failure("a header block without Content-Length")) }
        return .success(length)
    }

    package struct Failure: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// `body` with its header, ready to write.
    package static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
