#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// One run's transcript for the report page, in the report's ``TranscriptSpill`` instead of in
/// memory, with where each top-level step's lines begin: read a step or a line at a time.
struct SpilledTranscript: Sendable {
    private let spill: TranscriptSpill
    /// Where it lies in the spill's file, in bytes.
    private let bytes: Range<Int>
    /// How many lines it has.
    let lineCount: Int
    /// The 0-based line each top-level step begins at (see `StepRecorder`).
    let stepStarts: [Int]
    /// The byte offset in the file of each of ``stepStarts``.
    private let stepOffsets: [Int]
    /// Its `expect …` lines, in order: the page's index and expectations table read them.
    let expectations: [String]

    /// The bytes read at once.
    static let chunkSize = 1 << 16

    /// Its length in bytes.
    var size: Int { bytes.count }

    /// The transcript at `bytes` of `spill`'s file, whose steps begin at the lines `stepStarts`;
    /// reads it once to find where each step begins and its `expect` lines. Throws the system's
    /// error when it cannot be read.
    init(in spill: TranscriptSpill, bytes: Range<Int>, stepStarts: [Int]) throws {
        self.spill = spill
        self.bytes = bytes
        self.stepStarts = stepStarts
        var offsets: [Int] = []
        offsets.reserveCapacity(stepStarts.count)
        var expectations: [String] = []
        var line = 0, offset = bytes.lowerBound
        var next = stepStarts.startIndex
        var reader = Reader(spill.descriptor, bytes: bytes)
        while let text = reader.nextLine() {
            while next < stepStarts.endIndex, stepStarts[next] <= line {
                offsets.append(offset)
                next += 1
            }
            if text.starts(with: "expect ".utf8) { expectations.append(String(decoding: text, as: UTF8.self)) }
            line += 1
            offset += text.count + 1
        }
        if reader.failure != 0 { throw OutputError(code: reader.failure) }
        while offsets.count < stepStarts.count { offsets.append(bytes.upperBound) }
        stepOffsets = offsets
        lineCount = line
        self.expectations = expectations
    }

    /// The lines of top-level step `step` (0-based); none past the last step.
    func lines(ofStep step: Int) -> [Substring] {
        guard step < stepOffsets.count else { return [] }
        let end = step + 1 < stepOffsets.count ? stepOffsets[step + 1] : bytes.upperBound
        var reader = Reader(spill.descriptor, bytes: stepOffsets[step]..<end)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(end - stepOffsets[step])
        while let line = reader.nextLine() {
            bytes += line
            bytes.append(0x0A)
        }
        spill.remember(reader.failure)
        // Cut at each newline byte: a transcript's lines hold no other line break (no carriage
        // return before a newline, which a split by `Character` would keep in the line).
        let text = String(decoding: bytes, as: UTF8.self)
        var lines: [Substring] = []
        var start = text.utf8.startIndex
        while let newline = text.utf8[start...].firstIndex(of: 0x0A) {
            lines.append(text[start..<newline])
            start = text.utf8.index(after: newline)
        }
        return lines
    }

    /// Its lines as strings (without their newlines), read a chunk at a time as they are asked for.
    var lines: some Sequence<String> {
        sequence(state: Reader(spill.descriptor, bytes: bytes)) { [spill] reader in
            if let line = reader.nextLine() { return String(decoding: line, as: UTF8.self) }
            spill.remember(reader.failure)
            return nil
        }
    }

    /// Reads the lines of a file that lie in a range of its bytes, a chunk at a time.
    private struct Reader {
        let descriptor: Int32
        let bytes: Range<Int>
        /// Bytes read and not yet taken, from ``start`` on.
        private var buffer: [UInt8] = []
        private var start = 0
        /// The offset in the file of the first byte not read yet.
        private var offset: Int
        /// The `errno` of the read that failed, which ended the lines; 0 while none did.
        private(set) var failure: Int32 = 0

        init(_ descriptor: Int32, bytes: Range<Int>) {
            self.descriptor = descriptor
            self.bytes = bytes
            offset = bytes.lowerBound
        }

        /// The next line without its newline (a last line without one too), or nil at the end
        /// of the range or once a read failed.
        mutating func nextLine() -> ArraySlice<UInt8>? {
            while true {
                if let newline = buffer[start...].firstIndex(of: 0x0A) {
                    defer { start = newline + 1 }
                    return buffer[start..<newline]
                }
                guard failure == 0, offset < bytes.upperBound else {
                    guard failure == 0, start < buffer.count else { return nil }
                    defer { start = buffer.count }
                    return buffer[start...]
                }
                buffer.removeFirst(start)
                start = 0
                let kept = buffer.count
                let wanted = min(SpilledTranscript.chunkSize, bytes.upperBound - offset)
                buffer.append(contentsOf: repeatElement(0, count: wanted))
                let (read, code) = buffer.withUnsafeMutableBytes { buffer in
                    let read = pread(descriptor, buffer.baseAddress! + kept, wanted, off_t(offset))
                    return (read, read < 0 ? errno : 0)
                }
                buffer.removeLast(wanted - max(read, 0))
                if read < 0 {
                    if code != EINTR { failure = code }
                } else if read == 0 {
                    offset = bytes.upperBound
                } else {
                    offset += read
                }
            }
        }
    }
}
