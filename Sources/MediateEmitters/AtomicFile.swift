import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A file written atomically: into a temporary file in the same folder, renamed over the
/// destination only when complete, so no reader ever sees half of it.
///
/// The temporary file is named `.NAME.mediate-tmp-XXXXXXXXXX`: NAME is the destination's name,
/// cut on a UTF-8 boundary so that the whole name fits in 255 bytes, and the X are random letters
/// and digits. It is registered with ``InterruptCleanup``, and its descriptor holds an exclusive
/// `flock` until the file is committed or discarded. So a temporary file of ours that nobody
/// holds a lock on was left by a process that died (SIGKILL, a crash, a power cut): the first
/// `AtomicFile` a process makes in a folder removes every such file there.
package final class AtomicFile {
    package let path: String
    /// Where the file is written until ``commit()`` renames it into place.
    package let temporaryPath: String
    package let output: FileDescriptorOutput
    /// Whether the file was committed or discarded; its descriptor is closed then.
    private var done = false

    /// What every temporary file's name has before its random part.
    static let marker = ".mediate-tmp-"
    static let randomLength = 10

    /// Creates the temporary file beside `path`, after sweeping stale ones from its folder;
    /// throws when the folder cannot be written.
    ///
    /// Its mode is that of the file at `path` when one is there, less set-user-ID and set-group-ID,
    /// else `0666` less the umask (applied by the system as the file is created).
    package init(path: String) throws {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        Self.sweepOnce(folder)
        let (temporaryPath, descriptor) = try InterruptCleanup.withLock { pending in
            for _ in 0..<100 {
                let candidate = "\(folder)/\(Self.temporaryName(for: name))"
                let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                if descriptor < 0 {
                    if errno == EEXIST { continue }
                    throw OutputError(code: errno)
                }
                // Another process's sweep (or `check`'s look for stale files) may take the new file
                // for a stale one before it is locked: then it is removed and another name is
                // tried. A file system without locks lets it through unlocked (and its sweeps
                // remove nothing).
                let contended = flock(descriptor, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
                let still = isStill(candidate, theFileOf: descriptor)
                if !contended, still {
                    pending.files.insert(candidate)
                    return (candidate, descriptor)
                }
                if still { unlink(candidate) }
                close(descriptor)
            }
            throw OutputError(code: EEXIST)
        }
        self.temporaryPath = temporaryPath
        var existing = stat()
        if stat(path, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG {
            fchmod(descriptor, existing.st_mode & 0o7777 & ~(S_ISUID | S_ISGID))
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

    /// Removes the temporary files of ours in `folder` that no process holds a lock on, the
    /// first time this process writes there.
    static func sweepOnce(_ folder: String) {
        guard InterruptCleanup.withLock({ $0.swept.insert(folder).inserted }) else { return }
        _ = staleFiles(in: folder, removing: true)
    }

    /// The temporary files of ours in `folder` that no process holds a lock on, left by a process
    /// that died, sorted; `removing` them removes each while holding its lock.
    package static func staleFiles(in folder: String, removing: Bool = false) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var stale: [String] = []
        for name in names.sorted() where isTemporaryName(name) {
            let path = "\(folder)/\(name)"
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            var status = stat()
            if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                flock(descriptor, LOCK_EX | LOCK_NB) == 0, isStill(path, theFileOf: descriptor)
            {
                stale.append(path)
                if removing { unlink(path) }
            }
            close(descriptor)
        }
        return stale
    }

    /// Flushes the temporary file, complete but not yet in place: it can be read back at
    /// ``temporaryPath`` until ``commit()`` or ``discard()``. Throws (and discards) when a write
    /// failed.
    package func finish() throws {
        guard !done else { return }
        do {
            try output.flush()
        } catch {
            discard()
            throw error
        }
    }

    /// Flushes the file and renames it into place.
    package func commit() throws {
        try Self.commit([self])
    }

    /// Flushes the files and renames them into place in order, with no signal's clean-up in
    /// between (see ``InterruptCleanup``). A folder where one of them goes fails them all before
    /// any is renamed, so that a batch goes in whole; a rename that fails anyway (rare: the folder
    /// was changed meanwhile) throws, leaving the rest.
    package static func commit(_ files: [AtomicFile]) throws {
        for file in files { try file.finish() }
        for file in files where !file.done {
            var status = stat()
            if lstat(file.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { throw OutputError(code: EISDIR) }
        }
        try InterruptCleanup.withLock { pending in
            for file in files where !file.done {
                file.done = true
                pending.files.remove(file.temporaryPath)
                // Renamed before the descriptor closes, so that no sweep sees it unlocked.
                defer { close(file.output.descriptor) }
                guard rename(file.temporaryPath, file.path) == 0 else {
                    let code = errno
                    unlink(file.temporaryPath)
                    throw OutputError(code: code)
                }
            }
        }
    }

    /// Throws the temporary file away, leaving whatever was at `path` untouched.
    package func discard() {
        guard !done else { return }
        done = true
        InterruptCleanup.withLock { pending in
            unlink(temporaryPath)
            pending.files.remove(temporaryPath)
        }
        close(output.descriptor)
    }

    deinit { discard() }
}

/// Whether `path` still names the file open at `descriptor` (not a link to it): not removed or
/// replaced since it was opened.
package func isStill(_ path: String, theFileOf descriptor: Int32) -> Bool {
    var named = stat(), opened = stat()
    return lstat(path, &named) == 0 && fstat(descriptor, &opened) == 0
        && named.st_dev == opened.st_dev && named.st_ino == opened.st_ino
}
