public import MediateRuntime

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
