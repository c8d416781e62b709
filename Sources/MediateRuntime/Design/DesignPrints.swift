import Foundation
import Synchronization

/// What design code writes to standard output (`print` in an app's classes), kept out of
/// mediate's own output: while it is kept apart, file descriptor 1 is an unlinked temporary
/// file, mediate writes its standard output to a copy of the real one, and after each run what
/// the run's design code wrote goes to standard error, each line as `[DESIGN] LINE`.
///
/// A file rather than a pipe: nothing reads in the background, so the lines come in the order
/// the runs made them, and a design that prints more than a pipe holds does not block. The
/// state is the process's, as file descriptor 1 is.
package enum DesignPrints {
    private struct Capture {
        /// The temporary file, also open as descriptor 1.
        let file: Int32
        /// The standard output the process had.
        let standardOutput: Int32
    }

    private static let capture = Mutex<Capture?>(nil)

    /// Starts keeping design output apart; returns the descriptor mediate's own standard output
    /// goes to from now on: the real one, or 1 when the file cannot be made.
    package static func start() -> Int32 {
        capture.withLock { capture in
            if let capture { return capture.standardOutput }
            fflush(nil)
            var template = Array((NSTemporaryDirectory() + "/mediate-prints-XXXXXX").utf8CString)
            let file = mkstemp(&template)
            guard file >= 0 else { return 1 }
            unlink(template)
            let saved = dup(1)
            guard saved >= 0, dup2(file, 1) >= 0 else {
                close(file)
                if saved >= 0 { close(saved) }
                return 1
            }
            _ = fcntl(saved, F_SETFD, FD_CLOEXEC)
            capture = Capture(file: file, standardOutput: saved)
            return saved
        }
    }

    /// Whether design output is being kept apart.
    package static var isStarted: Bool { capture.withLock { $0 != nil } }

    /// The descriptor mediate writes its own standard output to: the saved real one while design
    /// output is kept apart, else 1.
    package static var standardOutput: Int32 { capture.withLock { $0?.standardOutput ?? 1 } }

    /// Writes what design code wrote since the last call to standard error, each line as
    /// `[name] LINE` (a last line without a newline gets one), and empties the file.
    package static func drain(labelled name: String) {
        capture.withLock { capture in
            guard let capture else { return }
            fflush(nil)
            let size = Int(lseek(capture.file, 0, SEEK_END))
            guard size > 0 else { return }
            var bytes = [UInt8](repeating: 0, count: size)
            let read = bytes.withUnsafeMutableBytes { pread(capture.file, $0.baseAddress, size, 0) }
            _ = ftruncate(capture.file, 0)
            _ = lseek(capture.file, 0, SEEK_SET)
            guard read > 0 else { return }
            var text: [UInt8] = []
            for line in bytes[..<read].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast(
                bytes[read - 1] == UInt8(ascii: "\n") ? 1 : 0)
            {
                text += Array("[\(name)] ".utf8) + line + [UInt8(ascii: "\n")]
            }
            text.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }

    /// Stops keeping design output apart: descriptor 1 is the real standard output again.
    package static func stop() {
        capture.withLock { capture in
            guard let kept = capture else { return }
            fflush(nil)
            dup2(kept.standardOutput, 1)
            close(kept.standardOutput)
            close(kept.file)
            capture = nil
        }
    }
}
