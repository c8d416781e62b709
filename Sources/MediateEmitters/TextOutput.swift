public import MediateRuntime

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Somewhere text goes: standard output, a file, or a string in a test.
public protocol TextOutput: AnyObject {
    /// Writes `text` as it is.
    func write(_ text: String)
    /// Writes text given as UTF-8 bytes, without making a string of them where the output can.
    func write(utf8 bytes: UnsafeRawBufferPointer)
    /// Writes `count` bytes of UTF-8 that `fill` puts at the address it is given, in place
    /// where the output can.
    func write(count: Int, _ fill: (UnsafeMutableRawPointer) -> Void)
    /// Pushes buffered text out; throws if the bytes could not be written.
    func flush() throws
    /// Whether the output is a terminal, where binary data would be garbage; false unless the
    /// output says otherwise.
    var isTerminal: Bool { get }
}

extension TextOutput {
    /// Not a terminal.
    public var isTerminal: Bool { false }

    /// Writes the bytes decoded as a string.
    public func write(utf8 bytes: UnsafeRawBufferPointer) {
        write(String(decoding: bytes, as: UTF8.self))
    }

    /// Writes the bytes `fill` puts in temporary memory.
    public func write(count: Int, _ fill: (UnsafeMutableRawPointer) -> Void) {
        writeThroughCopy(count: count, fill)
    }

    /// `write(count:_:)` for an output that cannot be written in place: `fill` writes into
    /// temporary memory, which is then written with `write(utf8:)`.
    func writeThroughCopy(count: Int, _ fill: (UnsafeMutableRawPointer) -> Void) {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { bytes.deallocate() }
        if let start = bytes.baseAddress { fill(start) }
        write(utf8: UnsafeRawBufferPointer(bytes))
    }
}

/// Collects text in memory, for tests.
public final class StringOutput: TextOutput {
    /// Everything written so far.
    public private(set) var text = ""

    /// An empty output.
    public init() {}

    /// Appends `text`.
    public func write(_ text: String) { self.text += text }
    /// Does nothing: the text is already in memory.
    public func flush() {}
}

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

/// A write that failed, with the system's reason.
public struct OutputError: Error, CustomStringConvertible {
    /// The `errno` value.
    public var code: Int32
    /// The system's message for ``code``.
    public var description: String { String(cString: strerror(code)) }

    package init(code: Int32) { self.code = code }
}

/// Renders events in one format onto a text output as they happen.
public final class FormattedSink: EventSink {
    private let format: OutputFormat
    private let output: any TextOutput
    /// The sender and message of the last delivery: every delivery of a send shares them, so
    /// ` <- SENDER MESSAGE` and its newline are formatted once per send.
    private var lastSender = ""
    private var lastMessage: Message?
    /// That tail in UTF-8, in memory the sink owns, so that the hot path retains nothing: its
    /// first `tailCount` bytes.
    private var tail = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 1)
    private var tailCount = 0

    /// What this sink has written, in bytes; a run given the same budget stops past its limit.
    private let budget: OutputBudget

    /// A sink writing `format` to `output`, counting its bytes in `budget`.
    public init(format: OutputFormat, output: any TextOutput, budget: OutputBudget = OutputBudget()) {
        self.format = format
        self.output = output
        self.budget = budget
    }

    deinit { tail.deallocate() }

    /// Writes `event` in the format, if the format shows it.
    public func emit(_ event: TranscriptEvent) {
        switch format {
        case .transcript:
            if case .delivery(let receiver, let sender, let message, let depth) = event {
                emitDelivery(receiver: receiver, sender: sender, message: message, depth: depth)
            } else {
                writeLine(TranscriptFormatter.line(for: event))
            }
        case .log:
            guard case .log(let text, _) = event else { return }
            writeLine(text)
        case .jsonl:
            writeLine(JSONLinesFormatter.line(for: event))
        }
    }

    /// Writes `line` and a newline, and counts them.
    private func writeLine(_ line: String) {
        output.write(line)
        output.write("\n")
        budget.used.pointee += line.utf8.count + 1
    }

    /// The hot path of a run: `RECEIVER <- SENDER MESSAGE`, written in place into the output,
    /// all but the indentation and the receiver reused from the previous delivery.
    public func emitDelivery(receiver: String, sender: String, message: Message, depth: Int) {
        switch format {
        case .transcript: break
        case .log: return
        case .jsonl: return emit(.delivery(receiver: receiver, sender: sender, message: message, depth: depth))
        }
        if message != lastMessage || sender != lastSender {
            lastSender = sender
            lastMessage = message
            var text = " <- \(sender) \(message.written)\n"
            text.withUTF8 { bytes in
                if bytes.count > tail.count {
                    tail.deallocate()
                    tail = .allocate(byteCount: max(bytes.count, 2 * tail.count), alignment: 1)
                }
                tail.baseAddress!.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
                tailCount = bytes.count
            }
        }
        let indent = 2 * depth
        var receiver = receiver
        receiver.withUTF8 { name in
            let (tail, tailCount) = (tail.baseAddress!, tailCount)
            budget.used.pointee += indent + name.count + tailCount
            output.write(count: indent + name.count + tailCount) { line in
                line.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: " "), count: indent)
                if let start = name.baseAddress { (line + indent).copyMemory(from: start, byteCount: name.count) }
                (line + indent + name.count).copyMemory(from: tail, byteCount: tailCount)
            }
        }
    }
}
