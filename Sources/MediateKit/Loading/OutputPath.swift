import Foundation
import GraphvizRendering

/// A path a command writes one output to (`render -o`, `report -o`, `check --junit`), and the
/// rules for it, in one place:
/// - `-` is standard output, and so is any path to the file standard output writes to
///   (`/dev/stdout`, `/dev/fd/1`, the file it was redirected to);
/// - a character device or a named pipe (`/dev/null`, `/dev/stdout`, a FIFO) is opened and
///   written, whatever links lead to it, never replaced;
/// - a symbolic link to anything else is refused, and so is a path that is one of the inputs
///   (the same device and inode, however it is spelt);
/// - anything else is written atomically (see `AtomicFile`).
struct OutputPath {
    var path: String

    /// Writes `bytes` to the path; throws an `OutputRefusal` or the system's error.
    /// `inputs` are the files the command read.
    func write(_ bytes: some Sequence<UInt8>, inputs: [String], standardOutput: any TextOutput) throws {
        try write(inputs: inputs, standardOutput: standardOutput) { output in
            let written: Void? = bytes.withContiguousStorageIfAvailable { output.write(utf8: UnsafeRawBufferPointer($0)) }
            if written == nil { Array(bytes).withUnsafeBytes { output.write(utf8: $0) } }
        }
    }

    /// Writes to the path what `body` writes to the output it is given, as it goes (a file's
    /// temporary file is renamed into place once `body` returns); throws as
    /// `write(_:inputs:standardOutput:)` does, or what `body` throws (a file's temporary file is
    /// then thrown away, leaving whatever was at the path).
    func write(inputs: [String], standardOutput: any TextOutput, _ body: (any TextOutput) throws -> Void) throws {
        if path == "-" || Self.isStandardOutput(path) { return try body(standardOutput) }
        var target = stat()
        if stat(path, &target) == 0 {
            if let input = Self.input(at: path, among: inputs) {
                throw OutputRefusal(
                    reason: "it is the scenario \(input)",
                    help: "give another output path; mediate does not write over what it reads")
            }
            let type = target.st_mode & S_IFMT
            if type == S_IFCHR || type == S_IFIFO {
                // What was written to standard output so far goes first, should this be it.
                try? standardOutput.flush()
                return try writeToStream(body)
            }
        }
        var link = stat()
        if lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
            let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            throw OutputRefusal(
                reason: "it is a symbolic link to '\(destination.visible())', which mediate does not write through",
                help: "give the path of the file itself, or remove the link")
        }
        let file = try AtomicFile(path: path)
        do {
            try body(file.output)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }

    /// The first of `inputs` that is the file at `path` (the same device and inode, however it
    /// is spelt, through links and hard links), or nil, also when nothing is at `path`.
    static func input(at path: String, among inputs: [String]) -> String? {
        var target = stat()
        guard stat(path, &target) == 0 else { return nil }
        return inputs.first { input in
            var read = stat()
            return stat(input, &read) == 0 && read.st_dev == target.st_dev && read.st_ino == target.st_ino
        }
    }

    /// Whether `path` leads to what standard output writes to: the same device and inode as
    /// file descriptor 1.
    static func isStandardOutput(_ path: String) -> Bool {
        var target = stat()
        var output = stat()
        return stat(path, &target) == 0 && fstat(1, &output) == 0 && target.st_dev == output.st_dev
            && target.st_ino == output.st_ino
    }

    /// Opens the device or pipe at the path, without creating or truncating anything, and writes.
    private func writeToStream(_ body: (any TextOutput) throws -> Void) throws {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError(code: errno) }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, [S_IFCHR, S_IFIFO].contains(opened.st_mode & S_IFMT) else {
            throw OutputRefusal(
                reason: "it changed from a device or pipe to something else while being opened",
                help: "write it again")
        }
        let output = FileDescriptorOutput(descriptor: descriptor)
        try body(output)
        try output.flush()
    }
}

/// An output path that `OutputPath` will not write to: why, and what to do instead.
struct OutputRefusal: Error, CustomStringConvertible {
    var reason: String
    var help: String
    var description: String { reason }

    /// The `help:` line for `error` when it is a refusal or a Graphviz error that says what to do
    /// (its plugins are missing), else nothing.
    static func helpLine(for error: any Error) -> String {
        if let refusal = error as? OutputRefusal { return "help: \(refusal.help)\n" }
        if let help = (error as? GraphvizError)?.help { return "help: \(help)\n" }
        return ""
    }
}
