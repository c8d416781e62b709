#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Somewhere text goes: standard output, a file, or a string in a test.
public protocol TextOutput: AnyObject {
    func write(_ text: String)
    /// Pushes buffered text out; throws if the bytes could not be written.
    func flush() throws
}

/// Collects text in memory, for tests.
public final class StringOutput: TextOutput {
    public private(set) var text = ""

    public init() {}

    public func write(_ text: String) { self.text += text }
    public func flush() {}
}

/// Buffered writes to a file descriptor, flushed every 64 KiB, so a run of millions of lines
/// streams in constant memory.
public final class FileDescriptorOutput: TextOutput {
    public let descriptor: Int32
    private var buffer: [UInt8] = []
    private var failure: Int32 = 0
    private static let capacity = 1 << 16

    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.capacity)
    }

    public func write(_ text: String) {
        write(bytes: text.utf8)
    }

    /// Writes raw bytes, such as a rendered PNG.
    public func write(bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.capacity { drain() }
    }

    public func flush() throws {
        drain()
        if failure != 0 { throw OutputError(code: failure) }
    }

    private func drain() {
        var start = 0
        while start < buffer.count, failure == 0 {
            let written = buffer.withUnsafeBytes { bytes in
                Glibc.write(descriptor, bytes.baseAddress! + start, bytes.count - start)
            }
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
            } else {
                start += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// A write that failed, with the system's reason.
public struct OutputError: Error, CustomStringConvertible {
    public var code: Int32
    public var description: String { String(cString: strerror(code)) }
}

/// Renders events in one format onto a text output as they happen.
public final class FormattedSink: EventSink {
    private let format: OutputFormat
    private let output: any TextOutput

    public init(format: OutputFormat, output: any TextOutput) {
        self.format = format
        self.output = output
    }

    public func emit(_ event: TranscriptEvent) {
        let text = format.render(event)
        if !text.isEmpty { output.write(text) }
    }
}
