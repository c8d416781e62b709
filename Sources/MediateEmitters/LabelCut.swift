/// Cuts texts to what a picture shows, so that no name or message makes a diagram grow with it.
package enum LabelCut {
    /// `text` when it has at most `limit` Unicode scalars, else as many of its first characters as
    /// fit in `limit - 1` scalars, then `…`. Scalars, not characters, are counted, so a character
    /// made of thousands of combining marks cannot pass the bound.
    package static func clipped(_ text: String, to limit: Int) -> String {
        guard text.unicodeScalars.count > limit else { return text }
        var out = "", scalars = 0
        for character in text {
            let count = character.unicodeScalars.count
            if scalars + count > limit - 1 { break }
            out.append(character)
            scalars += count
        }
        return out + "…"
    }
}
