#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
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
    /// The system's reason, e.g. "Permission denied".
    case unreadable(String)
    /// Larger than ``SourceLimits/maxFileBytes``; the size when the file says it, else nil.
    case tooLarge(Int?)
}

/// Reads a file's bytes, but never more than ``SourceLimits/maxFileBytes``: a larger regular file
/// is refused from its size alone, and a stream (a pipe, `/dev/zero`) once it goes past the limit.
package func readSource(path: String) -> Result<[UInt8], ReadFailure> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
        return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno))))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
    if (status.st_mode & S_IFMT) == S_IFDIR { return .failure(.folder) }
    let isRegular = (status.st_mode & S_IFMT) == S_IFREG
    if isRegular, status.st_size > SourceLimits.maxFileBytes { return .failure(.tooLarge(Int(status.st_size))) }

    // One byte past the limit tells a file at the limit from a larger one.
    let capacity = SourceLimits.maxFileBytes + 1
    var bytes = [UInt8](repeating: 0, count: isRegular ? Int(status.st_size) + 1 : 64 << 10)
    var count = 0
    while true {
        if count == bytes.count {
            guard bytes.count < capacity else { break }
            bytes += [UInt8](repeating: 0, count: min(bytes.count, capacity - bytes.count))
        }
        let read = bytes.withUnsafeMutableBytes { buffer in
            Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
        }
        if read < 0 {
            if errno == EINTR { continue }
            return .failure(.unreadable(String(cString: strerror(errno))))
        }
        if read == 0 { break }
        count += read
    }
    guard count <= SourceLimits.maxFileBytes else { return .failure(.tooLarge(nil)) }
    bytes.removeSubrange(count...)
    return .success(bytes)
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
