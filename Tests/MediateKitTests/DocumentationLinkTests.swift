import Foundation
import MediateTestSupport
import Testing

/// A relative link in a Markdown file: `[text](path)`, `![alt](path)`, `[text](path#anchor)` or
/// `[text](#anchor)`, with the line it is on.
struct MarkdownLink: Equatable, CustomStringConvertible {
    var target: String
    var line: Int

    var description: String { "line \(line): (\(target))" }
}

/// Reads the links of Markdown files and tells which do not resolve inside the repository.
enum MarkdownLinks {
    /// Every link target outside fenced code blocks and code spans, in order. Links to a scheme
    /// (`https:`, `mailto:` …) are left out: only the repository's own files are checked.
    static func relativeLinks(in text: String) -> [MarkdownLink] {
        var links: [MarkdownLink] = []
        var fence: String?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine)
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix(3))
                continue
            }
            // Most lines have no link: the regular expression runs only where one may be.
            guard line.contains("](") else { continue }
            for match in withoutCodeSpans(line).matches(of: /\]\(([^()\s]+)(?:\s+"[^"]*")?\)/) {
                let target = String(match.output.1)
                if target.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.-]*:/) != nil { continue }
                links.append(MarkdownLink(target: target, line: index + 1))
            }
        }
        return links
    }

    /// `line` with every code span (`` `…` ``, ``` ``…`` ```) blanked out.
    static func withoutCodeSpans(_ line: String) -> String {
        var result = ""
        var rest = Substring(line)
        while let start = rest.firstIndex(of: "`") {
            result += rest[..<start]
            let ticks = rest[start...].prefix { $0 == "`" }
            let afterOpening = rest[ticks.endIndex...]
            guard let close = afterOpening.firstRange(of: String(ticks)) else {
                result += rest[start...]
                return result
            }
            result += String(repeating: " ", count: rest.distance(from: start, to: close.upperBound))
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The anchors GitHub gives the headings of `text`: lower case, punctuation removed, spaces
    /// as `-`, and `-1`, `-2` … after a repeated one.
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = []
        var seen: [String: Int] = [:]
        var inFence = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.drop { $0 == " " }
            if line.hasPrefix("```") || line.hasPrefix("~~~") { inFence.toggle() }
            guard !inFence, let heading = line.wholeMatch(of: /#{1,6}\s+(.*?)\s*#*/) else { continue }
            var title = String(heading.output.1)
            title.replace(/\[([^\]]*)\]\([^)]*\)/) { String($0.output.1) }
            var slug = ""
            for character in title.lowercased() {
                if character == " " {
                    slug.append("-")
                } else if character == "-" || character == "_" || character.isLetter || character.isNumber {
                    slug.append(character)
                }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// Why each link of the Markdown file at `file` does not resolve, or nothing when all do: the
    /// path must name a file or folder inside `root`, and an anchor a heading of its Markdown file.
    static func brokenLinks(in file: URL, root: URL) throws -> [String] {
        let text = try String(contentsOf: file, encoding: .utf8)
        let folder = file.deletingLastPathComponent()
        let rootPath = root.standardizedFileURL.path
        var broken: [String] = []
        // Each linked Markdown file's headings, read once however many links point into it.
        var anchorsOfFile: [String: Set<String>] = [:]
        for link in relativeLinks(in: text) {
            let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let anchor = parts.count > 1 ? String(parts[1]) : nil
            let destination = path.isEmpty ? file : folder.appendingPathComponent(path).standardizedFileURL
            guard destination.path == rootPath || destination.path.hasPrefix(rootPath + "/") else {
                broken.append("\(link): leads outside the repository")
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder) else {
                broken.append("\(link): no such file")
                continue
            }
            if let anchor, !isFolder.boolValue, destination.pathExtension == "md" {
                let headings =
                    try anchorsOfFile[destination.path]
                    ?? anchors(in: String(contentsOf: destination, encoding: .utf8))
                anchorsOfFile[destination.path] = headings
                if !headings.contains(anchor) { broken.append("\(link): no heading with the anchor #\(anchor)") }
            }
        }
        return broken
    }
}

/// The README and the documents under docs/ link only to what the repository holds.
@Suite("Documentation links")
struct DocumentationLinkTests {
    /// README.md, CONTRIBUTING.md and every Markdown file under docs/.
    static var documents: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md", "CONTRIBUTING.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    @Test(arguments: documents)
    func everyRelativeLinkResolves(_ document: String) throws {
        let broken = try MarkdownLinks.brokenLinks(in: packageRoot.appendingPathComponent(document), root: packageRoot)
        #expect(broken == [], "\(document) has links that do not resolve inside the repository")
    }

    /// The package snippets said `https://github.com/OWNER/mediate`, which nobody can
    /// resolve, and the example's comment pinned a 0.x version with `from:`, which accepts
    /// breaking versions.
    @Test func packageSnippetsCanBeUsedAndPinAMinorVersion() throws {
        let examples = ["Examples/ChatRoom/Package.swift", "Examples/NewsReader/Package.swift"]
        let files = examples + Self.documents
        for file in files {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("github.com/OWNER"), "\(file)")
            for snippet in text.matches(of: /\.package\(url: [^\n]*/) {
                #expect(snippet.output.contains(".upToNextMinor(from: \""), "\(file): \(snippet.output)")
                #expect(snippet.output.contains("\"MEDIATE_GIT_URL\""), "\(file): \(snippet.output)")
            }
        }
        for file in examples {
            let example = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            #expect(example.contains(#".package(url: "MEDIATE_GIT_URL", .upToNextMinor(from: "0.1.0"))"#), "\(file)")
            #expect(example.contains(#".package(path: "../mediate")"#), "\(file)")
        }
    }

    @Test func theReadmeLinksTheReferenceTheDesignNotesAndTheLicense() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let targets = Set(MarkdownLinks.relativeLinks(in: readme).map(\.target))
        #expect(targets.isSuperset(of: ["docs/LANGUAGE.md", "docs/DESIGNS.md", "LICENSE"]))
        #expect(DocumentationLinkTests.documents.contains("docs/LANGUAGE.md"))
        #expect(DocumentationLinkTests.documents.contains("docs/DESIGNS.md"))
        for stale in ["SCENARIO-LANGUAGE.md", "MEDIATORS.md", "../shared"] {
            #expect(!readme.contains(stale), "the README still names \(stale), which is not in the repository")
        }
    }

    /// The check itself: a missing file, a missing heading and a path out of the repository are
    /// each reported; web links, code and good links are not.
    @Test func aBrokenLinkIsReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "# Guide\n\n## The `!` lines\n".write(
            to: folder.appendingPathComponent("docs/GUIDE.md"), atomically: true, encoding: .utf8)
        let readme = """
            # Title

            ## Good
            [guide](docs/GUIDE.md), [lines](docs/GUIDE.md#the--lines), [here](#good), [web](https://example.com)
            `[code](missing.md)`

            ```
            [fenced](missing.md)
            ```

            ## Bad
            [gone](docs/GONE.md) and ![picture](Docs/picture.png)
            [no heading](docs/GUIDE.md#nowhere) [no anchor](#bad-1)
            [outside](../outside.md)
            """
        try readme.write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let broken = try MarkdownLinks.brokenLinks(in: folder.appendingPathComponent("README.md"), root: folder)
        #expect(
            broken == [
                "line 12: (docs/GONE.md): no such file",
                "line 12: (Docs/picture.png): no such file",
                "line 13: (docs/GUIDE.md#nowhere): no heading with the anchor #nowhere",
                "line 13: (#bad-1): no heading with the anchor #bad-1",
                "line 14: (../outside.md): leads outside the repository",
            ])
    }
}
