import Foundation

/// The `.scenario` files that paths name: a file as it is given, a folder replaced by the
/// `.scenario` files under it.
///
/// A folder walk never follows a symbolic link, to a file or to a folder: a repository's link can
/// lead anywhere (`leak.scenario -> /proc/self/environ`, a credentials file), and what `check`
/// reads ends up in CI logs. The links it passes over that could have led to a scenario (named
/// `.scenario`, or leading to a folder) are ``skipped``, for a note on standard error. A path
/// given by name is read wherever it leads: whoever typed it chose it.
package struct ScenarioFiles {
    /// The files, without duplicates.
    package private(set) var paths: [String] = []
    /// The symbolic links a walk passed over, in the order met.
    private(set) var skipped: [String] = []

    /// The files of `paths` in the order given, each folder's sorted; with `sorted`, all sorted.
    package init(_ paths: [String], sorted: Bool = false) {
        var seen = Set<String>()
        for path in paths {
            var isFolder: ObjCBool = false
            var named = [path]
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                named = walk(path).sorted()
            }
            for file in named where seen.insert(file).inserted { self.paths.append(file) }
        }
        if sorted { self.paths.sort() }
    }

    /// The `.scenario` files under `root`, not through a symbolic link, unsorted. A folder that
    /// cannot be listed is passed over, as it was by `FileManager`'s enumerator.
    private mutating func walk(_ root: String) -> [String] {
        var found: [String] = []
        var folders = [root]
        var links: [String] = []
        while let folder = folders.popLast() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names {
                let path = (folder as NSString).appendingPathComponent(name)
                var status = stat()
                guard lstat(path, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: folders.append(path)
                case S_IFLNK:
                    var target = stat()
                    let toFolder = stat(path, &target) == 0 && (target.st_mode & S_IFMT) == S_IFDIR
                    if toFolder || name.hasSuffix(".scenario") { links.append(path) }
                default: if name.hasSuffix(".scenario") { found.append(path) }
                }
            }
        }
        skipped += links.sorted()
        return found
    }

    /// Where `check` and `report` look when given no path.
    static let defaultFolder = "Scenarios"

    /// The error for a `command` given no path, run where there is no ``defaultFolder``, or nil
    /// when the folder is there.
    static func missingDefaultFolder(command: String, as format: DiagnosticFormat) -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: defaultFolder, isDirectory: &isFolder), isFolder.boolValue { return nil }
        return format.renderFileError(
            path: defaultFolder,
            message: "no folder '\(defaultFolder)' here, where `\(CommandName.current) \(command)` looks when given no path",
            notes: [
                .help(
                    "run it in the folder that holds \(defaultFolder)/, or give the scenario files or folders: "
                        + "`\(CommandName.current) \(command) PATH…`")
            ])
    }

    /// A note for each skipped link, path escaped, ready for standard error; empty when none was.
    package var notes: String {
        skipped.map { "note: skipped '\($0.visible())': a symbolic link, which mediate does not follow in a folder\n" }
            .joined()
    }
}
