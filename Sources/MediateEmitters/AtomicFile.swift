#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written atomically: into a temporary file in the same folder, renamed over the
/// destination only when complete, so no reader ever sees half of it.
///
/// The temporary file is named `.NAME.mediate-tmp-XXXXXXXXXX`: NAME is the destination's name,
/// cut on a UTF-8 boundary so that the whole name fits in 255 bytes, and the X are random letters
/// and digits.
package final class AtomicFile {
    package let path: String
    /// Where the file is written until ``commit()`` renames it into place.
    package let temporaryPath: String
    package let output: FileDescriptorOutput
    private var finished = false
    private var closed = false

    /// What every temporary file's name has before its random part.
    static let marker = ".mediate-tmp-"
    static let randomLength = 10

    /// Creates the temporary file beside `path`; throws when the folder cannot be written.
    ///
    /// Its mode is that of the file at `path` when one is there, else `0666` less the umask
    /// (applied by the system as the file is created).
    package init(path: String) throws {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var descriptor: Int32 = -1
        var candidate = ""
        for _ in 0..<100 {
            candidate = "\(folder)/\(Self.temporaryName(for: name))"
            descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw OutputError(code: errno) }
        temporaryPath = candidate
        var existing = stat()
        if stat(path, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG {
            fchmod(descriptor, existing.st_mode & 0o7777)
        }
        output = FileDescriptorOutput(descriptor: descriptor)
    }

    /// `.NAME.mediate-tmp-XXXXXXXXXX` for a destination named `name`, at most 255 bytes.
    package static func temporaryName(for name: String) -> String {
        let room = 255 - 1 - marker.utf8.count - randomLength
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in name.unicodeScalars {
            bytes += UTF8.width(scalar)
            if bytes > room { break }
            kept.append(scalar)
        }
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return "." + String(kept) + marker + String((0..<randomLength).map { _ in letters.randomElement()! })
    }

    /// Whether `name` is one that ``temporaryName(for:)`` makes.
    package static func isTemporaryName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let random = bytes.suffix(randomLength)
        return bytes.first == UInt8(ascii: ".") && bytes.count > marker.utf8.count + randomLength
            && bytes.dropLast(randomLength).suffix(marker.utf8.count).elementsEqual(marker.utf8)
            && random.allSatisfy { isalnum(Int32($0)) != 0 }
    }

    /// Flushes and closes the temporary file, complete but not yet in place: it can be read back
    /// at ``temporaryPath`` until ``commit()`` or ``discard()``. Throws (and discards) when a
    /// write failed.
    package func close() throws {
        guard !closed else { return }
        closed = true
        do {
            try output.flush()
        } catch {
            finished = true
            closeDescriptor(output.descriptor)
            unlink(temporaryPath)
            throw error
        }
        closeDescriptor(output.descriptor)
    }

    /// Flushes, closes and renames the file into place.
    package func commit() throws {
        try close()
        finished = true
        guard rename(temporaryPath, path) == 0 else {
            let code = errno
            unlink(temporaryPath)
            throw OutputError(code: code)
        }
    }

    /// Throws the temporary file away, leaving whatever was at `path` untouched.
    package func discard() {
        guard !finished else { return }
        finished = true
        if !closed { closeDescriptor(output.descriptor) }
        closed = true
        unlink(temporaryPath)
    }

    deinit { discard() }
}

/// `close(2)`, which `AtomicFile.close()` hides inside the class.
private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}
