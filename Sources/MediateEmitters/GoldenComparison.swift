import MediateSyntax

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Compares what a run writes with a golden file while it is written, reading the golden 64 KiB
/// at a time, so that neither side is held in memory whole. The run's bytes are kept only while
/// they are at most ``keptLimit``: enough for the diff of any golden a person reviews.
package final class GoldenComparison: TextOutput {
    /// The most bytes of each side ``diff(goldenPath:)`` holds to show a unified diff.
    package static let keptLimit = 8 << 20

    /// Whether no golden could be opened at the path.
    package let isMissing: Bool
    /// Whether the path is a symbolic link, which is not followed (`O_NOFOLLOW`): a repository's
    /// link could lead to any file, which a diff would then print. ``isMissing`` too.
    package let isLink: Bool
    /// Whether the output has differed from the golden so far.
    package private(set) var differs = false
    /// The 1-based line on which the output first differs from the golden.
    package private(set) var firstDifferentLine = 1
    /// The bytes the run wrote.
    package private(set) var writtenCount = 0
    /// The run's bytes, while there are at most ``keptLimit`` of them.
    private var kept: [UInt8]? = []
    private let descriptor: Int32
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    private var chunkStart = 0
    private var chunkEnd = 0

    /// Opens the golden at `path` for reading (missing when it cannot be opened, or is a link).
    package init(goldenPath path: String) {
        descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        isMissing = descriptor < 0
        isLink = descriptor < 0 && errno == ELOOP
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        chunk.deallocate()
    }

    package func write(_ text: String) {
        var text = text
        text.withUTF8 { write(utf8: UnsafeRawBufferPointer($0)) }
    }

    package func write(utf8 bytes: UnsafeRawBufferPointer) {
        writtenCount += bytes.count
        if kept != nil {
            if writtenCount <= Self.keptLimit { kept!.append(contentsOf: bytes) } else { kept = nil }
        }
        guard !isMissing, !differs, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            guard chunkStart < chunkEnd || refill() else {
                differs = true
                return
            }
            let count = min(bytes.count - offset, chunkEnd - chunkStart)
            let written = UnsafeRawBufferPointer(start: base + offset, count: count)
            let golden = UnsafeRawBufferPointer(start: chunk.baseAddress! + chunkStart, count: count)
            let equal = memcmp(written.baseAddress!, golden.baseAddress!, count) == 0
            let same = equal ? count : zip(written, golden).prefix { $0 == $1 }.count
            for byte in written.prefix(same) where byte == UInt8(ascii: "\n") { firstDifferentLine += 1 }
            if !equal {
                differs = true
                return
            }
            offset += count
            chunkStart += count
        }
    }

    package func flush() {}

    /// Whether the run wrote exactly the golden: call once the run is over.
    package var matches: Bool {
        if isMissing || differs { return false }
        if chunkStart < chunkEnd || refill() {
            differs = true
            return false
        }
        return true
    }

    /// The unified diff from the golden at `goldenPath` to what the run wrote when both are at
    /// most ``keptLimit`` bytes; else where they first differ and how to see the rest.
    package func diff(goldenPath: String) -> String {
        let golden = readSource(path: goldenPath, limit: Self.keptLimit, followingLinks: false)
        if let kept, case .success(let golden) = golden {
            return UnifiedDiff.diff(expected: String(decoding: golden.bytes, as: UTF8.self), actual: String(decoding: kept, as: UTF8.self))
                ?? ""
        }
        var status = stat()
        let goldenSize = lstat(goldenPath, &status) == 0 ? Int(status.st_size) : 0
        return "the output differs from the golden from line \(firstDifferentLine) on; at \(writtenCount) and \(goldenSize) bytes, "
            + "they are larger than mediate diffs in memory (\(Self.keptLimit) bytes each): write the output to a file "
            + "and compare the two with `\(CommandName.current) diff`\n"
    }

    /// Reads the golden's next chunk; false at its end or on a read error.
    private func refill() -> Bool {
        while true {
            let count = read(descriptor, chunk.baseAddress!, chunk.count)
            if count < 0, errno == EINTR { continue }
            chunkStart = 0
            chunkEnd = max(0, count)
            return count > 0
        }
    }
}

/// Collects what is written as bytes, for a transcript read back whole (see `FirstLineDifference`).
package final class BytesOutput: TextOutput {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package func write(_ text: String) { bytes.append(contentsOf: text.utf8) }
    package func write(utf8 bytes: UnsafeRawBufferPointer) { self.bytes.append(contentsOf: bytes) }
    package func flush() {}
}

/// Finds the first line on which a transcript written to it differs from `expected`, line 2 (the
/// `mediator KIND` header) left out, holding only the line being written.
package final class FirstLineDifference: TextOutput {
    private let expected: [UInt8]
    /// Where the expected line of the same number starts.
    private var expectedStart = 0
    private var line = 1
    private var current: [UInt8] = []
    /// The first difference: its 1-based line, and each side's line (nil past that side's end).
    package private(set) var found: (line: Int, expected: String?, actual: String?)?

    package init(expected: [UInt8]) { self.expected = expected }

    package func write(_ text: String) {
        var text = text
        text.withUTF8 { write(utf8: UnsafeRawBufferPointer($0)) }
    }

    package func write(utf8 bytes: UnsafeRawBufferPointer) {
        guard found == nil else { return }
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            current.append(contentsOf: bytes[start..<index])
            start = index + 1
            endLine()
            if found != nil { return }
        }
        current.append(contentsOf: bytes[start...])
    }

    package func flush() {}

    /// Ends the comparison once everything is written: the last line without a newline, then any
    /// lines only `expected` has.
    package func finish() {
        if found == nil, !current.isEmpty { endLine() }
        while found == nil, expectedStart < expected.count {
            let (bytes, next) = expectedLine()
            if line != 2 { found = (line, text(bytes), nil) }
            expectedStart = next
            line += 1
        }
    }

    private func endLine() {
        defer { current.removeAll(keepingCapacity: true) }
        guard expectedStart < expected.count else {
            if line != 2 { found = (line, nil, text(current[...])) }
            line += 1
            return
        }
        let (bytes, next) = expectedLine()
        if line != 2, !bytes.elementsEqual(current) {
            found = (line, text(bytes), text(current[...]))
            return
        }
        expectedStart = next
        line += 1
    }

    /// The expected line that starts at `expectedStart`, and where the one after it starts.
    private func expectedLine() -> (bytes: ArraySlice<UInt8>, next: Int) {
        let end = expected[expectedStart...].firstIndex(of: UInt8(ascii: "\n")) ?? expected.count
        return (expected[expectedStart..<end], min(end + 1, expected.count))
    }

    private func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}
