package import Foundation

/// A new folder in the temporary folder holding `files` (name: text) and an empty `out/`; the
/// caller removes it.
package func scratchFolder(holding files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-scratch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
    for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
    return folder
}
