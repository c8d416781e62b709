#if canImport(Darwin)
    package import Darwin
#elseif canImport(Glibc)
    package import Glibc
#endif

/// What `mediate` agrees to read. Past a limit a scenario stops with one clear error and exit 3,
/// without being read or parsed to its end.
public enum SourceLimits {
    /// The largest scenario file, in bytes: 8 MiB.
    ///
    /// A file of sends is parsed into about 11 bytes of syntax tree per byte of source: at 8 MiB
    /// every command stays under 256 MiB of memory (see `Scripts/reliability-scale`).
    public static let maxFileBytes = 8 << 20
    /// The longest line, in bytes without its newline: 1 MiB.
    public static let maxLineBytes = 1 << 20
    /// The most participants a scenario may declare.
    ///
    /// The mesh wires every participant to every other: N(N-1) references, a million at 1,000,
    /// and the protocol-extension design scans its whole array on each join. A thousand keeps
    /// every design, and the coupling analysis that walks them, within seconds.
    public static let maxParticipants = 1_000
}

/// Why a scenario file could not be read.
package enum ReadFailure: Error, Equatable {
    case missing
    case folder
    /// A pipe with nothing in it and nothing writing to it.
    case idlePipe
    /// The system's reason, e.g. "Permission denied".
    case unreadable(String)
    /// Larger than ``SourceLimits/maxFileBytes``; the size when the file says it, else nil.
    case tooLarge(Int?)

    /// The reason of a symbolic link refused because links are not followed.
    package static let linkReason = "it is a symbolic link, which mediate does not follow here"
}

/// Reads a file's bytes, but never more than `limit` (``SourceLimits/maxFileBytes`` unless given):
/// a larger regular file is refused from its size alone, and a stream (a pipe, `/dev/zero`) once
/// it goes past the limit.
/// Also returns what `fstat` said of the file as it was opened.
///
/// A pipe is read only while something writes to it: it is opened without waiting for a writer,
/// and one that is empty with no writer (a named pipe nobody opened) is refused, not waited on.
/// Unless `followingLinks`, a symbolic link at `path` is refused (`O_NOFOLLOW`), never read.
package func readSource(
    path: String, limit: Int = SourceLimits.maxFileBytes, followingLinks: Bool = true
) -> Result<(bytes: [UInt8], status: stat), ReadFailure> {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else {
        if errno == ELOOP, !followingLinks { return .failure(.unreadable(ReadFailure.linkReason)) }
        return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno))))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
    let type = status.st_mode & S_IFMT
    if type == S_IFDIR { return .failure(.folder) }
    let isRegular = type == S_IFREG
    if isRegular, status.st_size > limit { return .failure(.tooLarge(Int(status.st_size))) }
    // A pipe's first read does not wait: it tells a writer (data, or EAGAIN) from none (the end).
    var waits = type != S_IFIFO
    if waits { blockOnRead(descriptor) }

    // One byte past the limit tells a file at the limit from a larger one.
    let capacity = limit + 1
    var bytes = [UInt8](repeating: 0, count: isRegular ? Int(status.st_size) + 1 : 64 << 10)
    var count = 0
    while true {
        if count == bytes.count {
            guard bytes.count < capacity else { break }
            bytes += [UInt8](repeating: 0, count: min(bytes.count, capacity - bytes.count))
        }
        let got = bytes.withUnsafeMutableBytes { buffer in
            read(descriptor, buffer.baseAddress! + count, buffer.count - count)
        }
        let code = errno
        if !waits {
            if got == 0 { return .failure(.idlePipe) }
            blockOnRead(descriptor)
            waits = true
            if got < 0, code == EAGAIN { continue }
        }
        if got < 0 {
            if code == EINTR { continue }
            return .failure(.unreadable(String(cString: strerror(code))))
        }
        if got == 0 { break }
        count += got
    }
    guard count <= limit else { return .failure(.tooLarge(nil)) }
    bytes.removeSubrange(count...)
    return .success((bytes, status))
}

/// Clears `O_NONBLOCK`: reads wait for data from here on.
private func blockOnRead(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
}

extension SourceFile {
    /// The first line longer than ``SourceLimits/maxLineBytes``: its 1-based number and length in bytes.
    package func firstOverlongLine() -> (line: Int, bytes: Int)? {
        for (index, start) in lineStarts.enumerated() {
            let end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
            if end - start > SourceLimits.maxLineBytes { return (index + 1, end - start) }
        }
        return nil
    }
}
