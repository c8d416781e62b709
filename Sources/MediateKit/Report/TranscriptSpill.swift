import Foundation
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The temporary file a report keeps its runs' transcripts in until the page is written, one
/// after another (each a ``SpilledTranscript``).
///
/// The page's index, before every section, counts what each run did, so every run is made before
/// the first section is written. Held in memory, the transcripts took the sum of them all, and as
/// much again for the index of their lines; in this file, the page holds at once one step's lines
/// of each lane (to compare them) and one line as it writes it. One file holds them all, so that
/// a report of many scenarios takes one file descriptor. The file is removed as soon as it is
/// made: nothing is left behind when the process ends, however it ends, and the descriptor keeps
/// it until this object goes. Where the temporary folder is in memory (tmpfs), the transcripts
/// take that memory instead.
///
/// Transcripts are appended one at a time. Reads go through `pread`, which moves no shared
/// offset; a read that fails is remembered (``readFailure``), and the page read through it refused.
final class TranscriptSpill: Sendable {
    let descriptor: Int32
    /// The `errno` of the first read that failed, 0 while none did.
    private let failure = Mutex<Int32>(0)

    /// A new file in `folder` (the system's temporary folder, `TMPDIR`, when nil), already
    /// removed; throws the system's error when it cannot be made.
    init(in folder: String? = nil) throws {
        var base = folder ?? NSTemporaryDirectory()
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        var template = Array("\(base)/.mediate-report-XXXXXX".utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw OutputError(code: errno) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    deinit { close(descriptor) }

    /// The transcript that `write` writes to the output it is given, appended to the file;
    /// `write` returns the 0-based line each of its top-level steps begins at. Throws the system's
    /// error when it cannot be written or read back.
    func append(_ write: (any TextOutput) -> [Int]) throws -> SpilledTranscript {
        let start = lseek(descriptor, 0, SEEK_END)
        guard start >= 0 else { throw OutputError(code: errno) }
        let output = FileDescriptorOutput(descriptor: descriptor)
        let starts = write(output)
        try output.flush()
        let end = lseek(descriptor, 0, SEEK_CUR)
        guard end >= 0 else { throw OutputError(code: errno) }
        return try SpilledTranscript(in: self, bytes: Int(start)..<Int(end), stepStarts: starts)
    }

    /// The `errno` of the first read of the file that failed, or 0.
    var readFailure: Int32 { failure.withLock { $0 } }

    /// Remembers `code`, the `errno` of a read that failed, unless one failed before; 0 is no failure.
    func remember(_ code: Int32) {
        guard code != 0 else { return }
        failure.withLock { if $0 == 0 { $0 = code } }
    }
}
