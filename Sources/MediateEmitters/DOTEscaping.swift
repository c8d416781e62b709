/// Escaping for text that goes into DOT source, so that no name can break out of its quotes or tags.
enum DOT {
    /// `text` as a double-quoted DOT ID that Graphviz shows exactly as written, one line per line of `text`.
    ///
    /// Quotes and backslashes are escaped, so no input can close the string or start a Graphviz escape
    /// (`\N`, `\l`, …); line breaks become `\n`; `&` becomes `&amp;` because Graphviz decodes entities in
    /// labels; characters XML cannot hold (control characters, U+FFFE, U+FFFF) become U+FFFD, since
    /// Graphviz copies them into SVG as they are; bidirectional controls are shown `\u{X}`. Not for
    /// `record` shape labels, where `{|}<>` are syntax.
    static func quoted(_ text: String) -> String {
        if text.utf8.allSatisfy(\.isPlainInDOT) { return "\"" + text + "\"" }
        var quoted = "\""
        for character in text {
            if character.isNewline {
                quoted += "\\n"
                continue
            }
            for scalar in character.unicodeScalars {
                switch scalar {
                case "\"": quoted += "\\\""
                case "\\": quoted += "\\\\"
                case "&": quoted += "&amp;"
                case _ where scalar.isBidiControl: quoted += "\\" + scalar.visibleEscape
                case _ where !scalar.isXMLCharacter: quoted += "\u{FFFD}"
                default: quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }

    /// `text` escaped for the text between tags of an HTML-like label (`label=<…>`), with line breaks as `<BR/>`.
    ///
    /// The five XML specials become entities; backslashes are doubled, because Graphviz expands `\N`,
    /// `\G`… in these labels too (after reading entities, so `&#92;` would not help) and shows `\\` as one;
    /// line breaks become `<BR/>` (Graphviz would drop a newline character); characters XML cannot hold
    /// become U+FFFD, which Graphviz's XML parser would reject; bidirectional controls are shown `\u{X}`.
    /// Not for attribute values inside the label, where `<BR/>` is not allowed.
    static func htmlEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character.isNewline {
                escaped += "<BR/>"
                continue
            }
            for scalar in character.unicodeScalars {
                switch scalar {
                case "&": escaped += "&amp;"
                case "<": escaped += "&lt;"
                case ">": escaped += "&gt;"
                case "\"": escaped += "&quot;"
                case "'": escaped += "&#39;"
                case "\\": escaped += "\\\\"
                case _ where scalar.isBidiControl: escaped += "\\" + scalar.visibleEscape
                case _ where !scalar.isXMLCharacter: escaped += "\u{FFFD}"
                default: escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}

extension UInt8 {
    /// A printable ASCII byte that `DOT.quoted` keeps as it is.
    fileprivate var isPlainInDOT: Bool {
        self >= 0x20 && self < 0x7F && self != UInt8(ascii: "\"") && self != UInt8(ascii: "\\") && self != UInt8(ascii: "&")
    }
}
