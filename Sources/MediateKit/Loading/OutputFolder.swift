import Foundation

/// Where `run --output` and `check --record` may write: each scenario only into a folder of its
/// own, `FOLDER/<stem>/`, inside a folder that exists or that ``make(_:)`` can make in an
/// existing one, and no two scenarios into the same one.
package enum OutputFolder {
    /// Why an output folder cannot be used: the message, ready for standard error, and the exit code.
    struct Refusal: Error {
        var message: String
        var code: Int32
    }

    /// Refuses `folder` as ``refusal(_:for:writing:followingLink:)`` does, else makes it when it
    /// is missing (see ``make(_:)``): whether it made it, which the caller then
    /// ``forget(_:removing:)``s.
    static func prepare(
        _ folder: String, for paths: [String], writing names: [String], followingLink: Bool
    ) -> Result<Bool, Refusal> {
        if let refusal = refusal(folder, for: paths, writing: names, followingLink: followingLink) { return .failure(refusal) }
        do {
            return .success(try make(folder))
        } catch {
            return .failure(
                Refusal(
                    message: "error: cannot make the output folder '\(folder.visible())': \(error)\n"
                        + "help: check that --output names a folder you can write to\n", code: 3))
        }
    }

    /// Why `folder` cannot take the files named `names` of the scenarios at `paths`, with the
    /// exit code (3: the folder, its parent, a stem's place in it, or an input where a file
    /// would go; 2: two scenarios of one stem), or nil. Unless `followingLink`, a symbolic link
    /// as `folder` (or as any folder of a relative path) is refused: a repository's
    /// `Output -> /elsewhere` would have the files written outside it.
    static func refusal(_ folder: String, for paths: [String], writing names: [String], followingLink: Bool) -> Refusal? {
        if !followingLink, let link = link(in: folder) {
            let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) ?? "?"
            return Refusal(
                message: "error: the output folder '\(link.visible())' is a symbolic link to '\(destination.visible())', "
                    + "which mediate does not write through\n"
                    + "help: give the folder itself, or add --follow-output-link to write where the link leads\n", code: 3)
        }
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            if let problem = missingFolderProblem(folder) { return Refusal(message: problem.rendered, code: 3) }
        } else if !isFolder.boolValue {
            return Refusal(
                message: "error: the output '\(folder.visible())' is a file, not a folder\nhelp: give a folder to --output\n", code: 3)
        }
        if let problem = paths.lazy.compactMap({ problem(scenarioAt: $0, in: folder) }).first {
            return Refusal(message: problem.rendered, code: 3)
        }
        for path in paths {
            let inside = (folder as NSString).appendingPathComponent(LoadedScenario.stem(of: path))
            for name in names {
                let output = (inside as NSString).appendingPathComponent(name)
                if let input = OutputPath.input(at: output, among: paths) {
                    return Refusal(
                        message: "error: '\(output.visible())' is the scenario \(input.visible()), which mediate would write over\n"
                            + "help: give another --output folder; mediate does not write over what it reads\n", code: 3)
                }
            }
        }
        var seen: [String: String] = [:]
        for path in paths {
            let stem = LoadedScenario.stem(of: path)
            if let other = seen[stem], other != path {
                return Refusal(
                    message: "error: \(other.visible()) and \(path.visible()) would both write to the folder '\(stem.visible())'\n"
                        + "help: rename one of them, or run them with different --output folders\n", code: 2)
            }
            seen[stem] = path
        }
        return nil
    }

    /// Why a scenario cannot have its own folder: what is wrong, and what to do.
    struct Problem {
        var message: String
        var help: String
        /// `error: MESSAGE` and `help: HELP`, ready for standard error, the paths they quote
        /// escaped as source text is.
        var rendered: String { "error: \(message.visible())\nhelp: \(help.visible())\n" }
    }

    /// The first symbolic link among the folders of `folder`: the last one, and each one of a
    /// relative path (inside the current folder, where a repository may have put it), or nil.
    static func link(in folder: String) -> String? {
        var prefixes: [String] = []
        var path = folder
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        if !folder.hasPrefix("/") {
            var prefix = ""
            for component in path.split(separator: "/") {
                prefix += prefix.isEmpty ? component : "/" + component
                if component != ".", component != ".." { prefixes.append(prefix) }
            }
        } else {
            prefixes = [path]
        }
        return prefixes.first { prefix in
            var status = stat()
            var target = stat()
            // A link leading nowhere is refused as a missing folder is (see missingFolderProblem).
            return lstat(prefix, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK && stat(prefix, &target) == 0
        }
    }

    /// Why `folder/<stem>` cannot be the scenario's own folder (no stem, or a file or a symbolic
    /// link there), or nil.
    static func problem(scenarioAt path: String, in folder: String) -> Problem? {
        let stem = LoadedScenario.stem(of: path)
        guard !stem.isEmpty, stem != ".", stem != "..", !stem.contains("/") else {
            return Problem(message: "\(path) has no name to give its output folder", help: "rename it to NAME.scenario")
        }
        let inside = (folder as NSString).appendingPathComponent(stem)
        var status = stat()
        if lstat(inside, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR {
            let what = (status.st_mode & S_IFMT) == S_IFLNK ? "a symbolic link" : "not a folder"
            return Problem(
                message: "'\(inside)' is \(what); mediate writes \(path)'s files only into a folder of its own there",
                help: "move it away, or give another --output folder")
        }
        return nil
    }

    /// Why the missing `folder` cannot be made: a symbolic link leading nowhere is in its place,
    /// or the folder it goes in is missing or not a folder. Nil when ``make(_:)`` may make it.
    static func missingFolderProblem(_ folder: String) -> Problem? {
        var status = stat()
        if lstat(folder, &status) == 0 {
            return Problem(message: "the output '\(folder)' is a symbolic link to nothing", help: "give a folder to --output")
        }
        let parent = OutputFolder.parent(of: folder)
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: parent.isEmpty ? "." : parent, isDirectory: &isFolder)
        if exists && isFolder.boolValue { return nil }
        if exists {
            return Problem(
                message: "cannot make the output folder '\(folder)': '\(parent)' is a file, not a folder",
                help: "give an --output folder inside a folder")
        }
        return Problem(
            message: "cannot make the output folder '\(folder)': '\(parent)' does not exist",
            help: "mediate makes only the last folder of --output: create '\(parent)' first, or give another folder")
    }

    /// Makes `folder` unless it exists, registered for removal on SIGINT and SIGTERM; returns
    /// whether it did. ``forget(_:removing:)`` it once written: it is removed if still empty.
    static func make(_ folder: String) throws -> Bool {
        try InterruptCleanup.withLock { pending in
            guard mkdir(folder, 0o755) == 0 else {
                let code = errno
                if existsAsFolder(folder, after: code) { return false }
                throw OutputError(code: code)
            }
            pending.folders.append(folder)
            return true
        }
    }

    /// The folder that holds `path`, as `NSString.deletingLastPathComponent` gives it ("" for a
    /// bare name, "/" for an entry of the root), without its crash on one-character paths
    /// (`o`, `a/`) in this toolchain's Foundation.
    package static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var parent = trimmed[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
        return parent.isEmpty ? "/" : String(parent)
    }

    /// Creates `folder` and the folders above it that are missing.
    static func makeWithParents(_ folder: String) throws {
        let parent = OutputFolder.parent(of: folder)
        if !parent.isEmpty, parent != folder, access(parent, F_OK) != 0 { try makeWithParents(parent) }
        guard mkdir(folder, 0o755) != 0 else { return }
        let code = errno
        if !existsAsFolder(folder, after: code) { throw OutputError(code: code) }
    }

    /// Unregisters `folder`, which this process created, after removing it if it is empty.
    static func forget(_ folder: String, removing: Bool = true) {
        InterruptCleanup.withLock { pending in
            if removing { rmdir(folder) }
            pending.folders.removeAll { $0 == folder }
        }
    }

    /// Whether `mkdir` failed with `code` because `folder` is there already.
    static func existsAsFolder(_ folder: String, after code: Int32) -> Bool {
        var status = stat()
        return code == EEXIST && stat(folder, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}

/// An exclusive advisory lock (`flock`) on a scenario's output folder, `DIR/<stem>`, held by
/// `run --output` and `check --record` while they write there, so that two processes never mix
/// their files in it: the second waits for the first, and says so once on standard error.
///
/// The lock is on the folder itself, so nothing is added to it. Where the file system cannot
/// lock (some network file systems), writers go ahead unlocked.
final class FolderLock {
    let folder: String
    /// The folder's descriptor, which holds the lock; -1 once released.
    private var descriptor: Int32
    /// Whether this process made the folder, which ``release()`` then removes if it is empty.
    private let created: Bool

    /// Makes `folder` (and the folders above it) unless it exists, and locks it, waiting while
    /// another process holds it. When another process removed it or the folder above it meanwhile
    /// (its run failed), or put something else in its place, starts over.
    init(_ folder: String, standardError: any TextOutput) throws {
        var waited = false
        while true {
            let parent = OutputFolder.parent(of: folder)
            if !parent.isEmpty { try OutputFolder.makeWithParents(parent) }
            // A folder this process makes is registered for removal on a signal only once it holds
            // its lock, so that a signal never removes a folder another process has locked.
            let attempt = try InterruptCleanup.withLock { pending -> (Int32, Bool, Bool)? in
                let made = mkdir(folder, 0o755) == 0
                let code = errno
                // The folder above was removed meanwhile (another process made it and left it empty).
                if !made, code == ENOENT, access(parent, F_OK) != 0 { return nil }
                if !made, !OutputFolder.existsAsFolder(folder, after: code) { throw OutputError(code: code) }
                let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard descriptor >= 0 else {
                    let code = errno
                    if made { rmdir(folder) }
                    throw OutputError(code: code)
                }
                let locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0 || errno != EWOULDBLOCK
                if made && locked { pending.folders.append(folder) }
                return (descriptor, made && locked, locked)
            }
            guard case (let descriptor, let created, let locked)? = attempt else { continue }
            if !locked {
                if !waited {
                    standardError.write("note: another process is writing into '\(folder.visible())'; waiting for it to finish\n")
                    try? standardError.flush()
                    waited = true
                }
                while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
            }
            if isStill(folder, theFileOf: descriptor) {
                (self.folder, self.descriptor, self.created) = (folder, descriptor, created)
                return
            }
            if created { OutputFolder.forget(folder, removing: false) }
            close(descriptor)
        }
    }

    /// Gives the lock back, after removing the folder if this process made it and left it empty
    /// (its run failed): a process waiting for it then starts over.
    func release() {
        guard descriptor >= 0 else { return }
        if created { OutputFolder.forget(folder) }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
