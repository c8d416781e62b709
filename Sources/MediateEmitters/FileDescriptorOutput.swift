#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Buffered writes to a file descriptor, flushed every 64 KiB, so a run of millions of lines
/// streams in constant memory.
public final class FileDescriptorOutput: TextOutput {
    /// The file descriptor written to; the output does not close it.
    public let descriptor: Int32
    /// The buffer, allocated once; its first `count` bytes wait to be written.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    private var count = 0
    private var failure: Int32 = 0

    /// An output writing to `descriptor`.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { buffer.deallocate() }

    /// Whether the descriptor is a terminal.
    public var isTerminal: Bool { isatty(descriptor) != 0 }

    /// Buffers `text`.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Buffers `bytes`.
    public func write(utf8 bytes: UnsafeRawBufferPointer) {
        append(bytes)
    }

    /// Fills the next `count` bytes of the buffer in place, draining it first if they do not fit;
    /// more bytes than the whole buffer holds go through a copy.
    public func write(count: Int, _ fill: (UnsafeMutableRawPointer) -> Void) {
        guard count <= buffer.count else { return writeThroughCopy(count: count, fill) }
        if self.count + count > buffer.count { drain() }
        fill(buffer.baseAddress! + self.count)
        self.count += count
    }

    /// Writes raw bytes, such as a rendered PNG.
    public func write(bytes: some Sequence<UInt8>) {
        let copied: Void? = bytes.withContiguousStorageIfAvailable { append(UnsafeRawBufferPointer($0)) }
        if copied == nil { Array(bytes).withUnsafeBytes { append($0) } }
    }

    private func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > buffer.count {
            drain()
            if bytes.count > buffer.count { return send(bytes) }
        }
        (buffer.baseAddress! + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Writes out the buffer; throws the first write's failure, if any failed.
    public func flush() throws {
        drain()
        if failure != 0 { throw OutputError(code: failure) }
    }

    /// Writes out what the buffer holds, and empties it.
    private func drain() {
        send(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        count = 0
    }

    /// Writes `bytes` to the descriptor, retrying after interruptions; the first failure stops
    /// every later write and is thrown by `flush`.
    private func send(_ bytes: UnsafeRawBufferPointer) {
        var start = 0
        while start < bytes.count, failure == 0 {
            let written = systemWrite(descriptor, bytes.baseAddress! + start, bytes.count - start)
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
            } else {
                start += written
            }
        }
    }
}

/// write(2), which the `write` methods of the outputs above hide from their own bodies.
@inline(__always)
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
