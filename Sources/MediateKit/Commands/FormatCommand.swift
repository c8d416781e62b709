import Foundation

/// `mediate fmt`: rewrites scenario files in the canonical layout (see `ScenarioFormatter`),
/// or, with `check`, writes nothing and shows how each file differs from it.
package struct FormatCommand: Sendable {
    /// Scenario files, or folders searched for `.scenario` files.
    package var paths: [String]
    /// Whether to report unformatted files (a diff each) instead of rewriting them.
    package var check: Bool
    /// How errors are written to standard error.
    package var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    package var colors: ColorPolicy = .none
    /// Called with a file's resolved path after it is formatted and before it is checked for a
    /// change and written: the seam where a test edits it.
    var beforeWriting: (@Sendable (String) -> Void)? = nil

    /// Formats `paths`, or with `check` only reports the files that are not formatted.
    package init(paths: [String], check: Bool = false, diagnosticFormat: DiagnosticFormat = .text) {
        self.paths = paths
        self.check = check
        self.diagnosticFormat = diagnosticFormat
    }

    /// Formats every file; the highest code wins: 0 done (or, with `check`, every file is
    /// formatted), 1 with `check` a file is not formatted, 2 a file cannot be read, has static
    /// errors or is not a regular file (it is left as it is), 3 a file is past a size limit,
    /// changed while it was formatted, or it or standard output could not be written.
    package func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        var exitCode: Int32 = 0
        let found = ScenarioFiles(paths, sorted: true)
        standardError.write(found.notes)
        for path in found.paths {
            exitCode = max(exitCode, format(path, standardOutput: standardOutput, standardError: standardError))
        }
        return max(exitCode, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func format(_ path: String, standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let data: [UInt8], read: stat
        switch ScenarioLoader.read(path: path) {
        case .success(let result): (data, read) = result
        case .failure(let failure):
            standardError.write(failure.rendered(as: diagnosticFormat, colored: colors.standardError))
            return failure.exitCode
        }
        let file = SourceFile(path: path, bytes: data)
        let formatted: String
        switch ScenarioFormatter.format(file) {
        case .success(let text): formatted = text
        case .failure(.invalid(let diagnostics)):
            standardError.write(diagnosticFormat.render(diagnostics.items, in: diagnostics.file))
            return 2
        case .failure(.meaningChanged):
            standardError.write(
                diagnosticFormat.renderFileError(
                    path: path, message: "internal error: the formatted text would not mean the same; the file is left as it is",
                    notes: [.help("please report this with the file")]))
            return 3
        }
        guard Array(formatted.utf8) != data else { return 0 }
        if check {
            // The diff is of lines, so it is taken after CRLF and a byte-order mark are read away;
            // when they are all that differs, a line says so.
            let original = String(decoding: file.bytes, as: UTF8.self)
            if let diff = UnifiedDiff.diff(
                expected: original, actual: formatted, expectedName: path,
                actualName: "\(path) (formatted)")
            {
                standardOutput.write(ANSI.diff(diff, when: colors.standardOutput))
            }
            if file.bytes != data {
                standardOutput.write("\(path.visible()): CRLF line endings or a byte-order mark; formatted files have LF and none\n")
            }
            return 1
        }
        guard (read.st_mode & S_IFMT) == S_IFREG else {
            standardError.write(
                diagnosticFormat.renderFileError(
                    path: path, message: "fmt rewrites files, and this is a pipe or a device; it is left as it is",
                    notes: [.help("give the scenario file itself, or use --check to see the difference")]))
            return 2
        }
        do {
            try rewrite(path, with: Array(formatted.utf8), original: data, read: read)
        } catch {
            standardError.write(
                diagnosticFormat.renderFileError(
                    path: path, message: "cannot write the formatted file: \(RunCommand.reason(error))",
                    notes: (error as? OutputRefusal).map { [.help($0.help)] } ?? []))
            return 3
        }
        standardOutput.write("formatted \(path.visible())\n")
        return 0
    }

    /// Writes `text` over the file (the one a symbolic link points to) that was read as `original`
    /// with status `read`. It keeps its owner, group and mode, less set-user-ID and set-group-ID,
    /// and is refused if the file changed since it was read.
    ///
    /// A file with one link is replaced atomically (see `AtomicFile`). One with several is written
    /// in place, since a rename would split its links: not atomic, so when a write fails midway
    /// the old text is written back.
    private func rewrite(_ path: String, with text: [UInt8], original: [UInt8], read: stat) throws {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if read.st_nlink > 1 { return try rewriteInPlace(target, with: text, original: original, read: read) }
        let file = try AtomicFile(path: target)
        var created = stat()
        guard fstat(file.output.descriptor, &created) == 0 else { throw OutputError(code: errno) }
        if created.st_uid != read.st_uid || created.st_gid != read.st_gid,
            fchown(file.output.descriptor, read.st_uid, read.st_gid) != 0
        {
            let reason = OutputError(code: errno).description
            throw OutputRefusal(
                reason: "the new file cannot be given the old one's owner and group (\(read.st_uid):\(read.st_gid)): \(reason)",
                help: "the file is left as it is; run mediate fmt as its owner")
        }
        text.withUnsafeBytes { file.output.write(utf8: $0) }
        try file.finish()
        beforeWriting?(target)
        var now = stat()
        guard stat(target, &now) == 0, Self.isSame(now, as: read) else { throw Self.changed }
        try file.commit()
    }

    /// Writes `text` over the bytes of the file itself, whose inode all its links share.
    private func rewriteInPlace(_ target: String, with text: [UInt8], original: [UInt8], read: stat) throws {
        let descriptor = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError(code: errno) }
        defer { close(descriptor) }
        beforeWriting?(target)
        var now = stat()
        guard fstat(descriptor, &now) == 0, Self.isSame(now, as: read) else { throw Self.changed }
        let setID = S_ISUID | S_ISGID
        if read.st_mode & setID != 0, fchmod(descriptor, read.st_mode & 0o7777 & ~setID) != 0 {
            throw OutputError(code: errno)
        }
        do {
            try Self.overwrite(descriptor, with: text)
        } catch {
            // The old text fits in the blocks the file already has, unless the file system copies on write.
            let restored = (try? Self.overwrite(descriptor, with: original)) != nil
            throw OutputRefusal(
                reason: "\(RunCommand.reason(error)) while writing over the file in place",
                help: restored ? "the file was put back as it was" : "the file may be half-written: restore it, e.g. from version control")
        }
    }

    /// Writes `bytes` from the file's start and cuts the file after them; throws unless all of it was done.
    private static func overwrite(_ descriptor: Int32, with bytes: [UInt8]) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + written, $0.count - written, off_t(written)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw OutputError(code: count < 0 ? errno : EIO) }
            written += count
        }
        guard ftruncate(descriptor, off_t(bytes.count)) == 0 else { throw OutputError(code: errno) }
    }

    private static let changed = OutputRefusal(
        reason: "it changed while mediate was formatting it",
        help: "nothing was written, so the change is kept; run mediate fmt on it again")

    /// Whether `now` is the file read as `read`: the same inode, size and modification time
    /// (to the nanosecond, as fine as the file system keeps it).
    private static func isSame(_ now: stat, as read: stat) -> Bool {
        now.st_dev == read.st_dev && now.st_ino == read.st_ino && now.st_size == read.st_size
            && modified(now) == modified(read)
    }

    /// The modification time: seconds and nanoseconds since 1970.
    private static func modified(_ status: stat) -> (Int, Int) {
        #if canImport(Darwin)
            (Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec))
        #else
            (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
        #endif
    }
}
