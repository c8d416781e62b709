import MediateSyntax

/// Source text with position markers `1️⃣` … `9️⃣` removed, and where each marker stood.
///
/// Tests mark expected diagnostic positions inside the source itself instead of counting
/// columns by hand: in `"leave 1️⃣"`, marker `1️⃣` stands at 1:7.
struct MarkedSource {
    /// The text without its markers.
    var text: String
    /// Each marker's location in `text`: 1-based line, 1-based column in characters, byte offset.
    var locations: [String: MediateSyntax.SourceLocation]

    static let markers: [Character] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    init(_ marked: String) {
        var text = ""
        var locations: [String: MediateSyntax.SourceLocation] = [:]
        var line = 1
        var column = 1
        var offset = 0
        for character in marked {
            if MarkedSource.markers.contains(character) {
                precondition(locations[String(character)] == nil, "marker \(character) used twice")
                locations[String(character)] = .init(line: line, column: column, offset: offset)
                continue
            }
            text.append(character)
            offset += character.utf8.count
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        self.text = text
        self.locations = locations
    }

    /// The location of `marker`; a test that names an absent marker is itself wrong.
    subscript(_ marker: String) -> MediateSyntax.SourceLocation {
        guard let location = locations[marker] else { preconditionFailure("no marker \(marker)") }
        return location
    }

    /// A file made of the unmarked text.
    func file(path: String = "test.scenario") -> SourceFile {
        SourceFile(path: path, text: text)
    }
}
