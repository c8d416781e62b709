#if canImport(Glibc)
import Glibc
#endif

/// A file written atomically: into a temporary file in the same folder, renamed over the
/// destination only when complete, so no reader ever sees half of it.
package final class AtomicFile {
    package let path: String
    /// Where the file is written until ``commit()`` renames it into place.
    package let temporaryPath: String
    package let output: FileDescriptorOutput
    private var finished = false
    private var closed = false

    /// Creates the temporary file beside `path`; throws when the folder cannot be written.
    ///
    /// Its mode is that of the file at `path` when one is there, less set-user-ID and set-group-ID,
    /// else `0666` less the umask (applied by the system as the file is created).
    package init(path: String) throws {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var descriptor: Int32 = -1
        var candidate = ""
        for _ in 0..<100 {
            candidate = "\(folder)/.\(name).\(String((0..<6).map { _ in letters.randomElement()! }))"
            descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw OutputError(code: errno) }
        temporaryPath = candidate
        var existing = stat()
        if stat(path, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG {
            fchmod(descriptor, existing.st_mode & 0o7777 & ~(S_ISUID | S_ISGID))
        }
        output = FileDescriptorOutput(descriptor: descriptor)
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
            Glibc.close(output.descriptor)
            unlink(temporaryPath)
            throw error
        }
        Glibc.close(output.descriptor)
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
        if !closed { Glibc.close(output.descriptor) }
        closed = true
        unlink(temporaryPath)
    }

    deinit { discard() }
}
