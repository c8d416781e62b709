/// Every static error of one file: what ``Frontend/load(_:designNames:)`` fails with.
public struct Diagnostics: Error, Sendable {
    /// The most errors reported for one file. A hostile file could hold millions (8 MiB of
    /// `@`); past this many, the front end stops collecting and says so.
    public static let limit = 1_000

    /// The file the diagnostics are about.
    public var file: SourceFile
    /// The diagnostics, sorted by position.
    public var items: [Diagnostic]
    /// Whether the front end stopped collecting at ``limit`` errors: the file may have more.
    public var truncated: Bool

    package init(file: SourceFile, items: [Diagnostic], truncated: Bool = false) {
        self.file = file
        self.items = items
        self.truncated = truncated
    }

    /// The diagnostics as the language prints them; see `DiagnosticPrinter`. When collecting
    /// stopped at ``limit``, a last line says so.
    public var rendered: String {
        let text = DiagnosticPrinter.render(items, in: file)
        guard truncated else { return text }
        return text + "\(file.path): note: stopped after the first \(Diagnostics.limit) errors\n"
    }
}

/// Diagnostics as a pass finds them, kept up to ``Diagnostics/limit``; later ones are only counted.
struct DiagnosticList {
    private(set) var items: [Diagnostic] = []
    /// How many were found past the limit and dropped.
    private(set) var dropped = 0

    mutating func append(_ diagnostic: Diagnostic) {
        if items.count < Diagnostics.limit {
            items.append(diagnostic)
        } else {
            dropped += 1
        }
    }

    /// Whether the limit is reached: a pass may stop looking.
    var isFull: Bool { items.count >= Diagnostics.limit }

    /// Where the list stands, for ``rollBack(to:)``.
    var mark: (items: Int, dropped: Int) { (items.count, dropped) }

    /// Forgets what was found since `mark`.
    mutating func rollBack(to mark: (items: Int, dropped: Int)) {
        items.removeSubrange(mark.items...)
        dropped = mark.dropped
    }

    /// Forgets the diagnostics that `isFollowOn` says follow from another.
    mutating func removeAll(where isFollowOn: (Diagnostic) -> Bool) {
        items.removeAll(where: isFollowOn)
    }
}
