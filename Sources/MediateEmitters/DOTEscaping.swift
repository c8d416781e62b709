import MediateSyntax

/// Escaping for text that goes into DOT source, so that no name can break out of its quotes or tags.
enum DOT {
    /// `text` as a double-quoted DOT ID that Graphviz shows exactly as written, one line per line of `text`.
    ///
    /// Quotes and backslashes are escaped, so no input can close the string or start a Graphviz escape
    /// (`\N`, `\l`, …); line breaks become `\n`; `&` becomes `&amp;` because Graphviz decodes entities in
    /// labels; characters XML cannot hold (control characters, U+FFFE, U+FFFF) become U+FFFD, since
    /// Graphviz copies them into SVG as they are; bidirectional controls are shown `\u{X}`. Not for
    /// `record` shape labels, where `{|}<>` are syntax.
    ///
    /// Past ``longestQuoted`` bytes between the quotes, the text is cut after a whole character
    /// and ends with `…`: Graphviz reads no quoted string longer than 16,384 bytes.
    static func quoted(_ text: String) -> String {
        if text.utf8.allSatisfy(\.isPlainInDOT) {
            guard text.utf8.count > longestQuoted else { return "\"" + text + "\"" }
            return "\"" + String(decoding: text.utf8.prefix(longestQuoted - 3), as: UTF8.self) + "…\""
        }
        var quoted = "\"", length = 0
        for character in text {
            var piece = ""
            if character.isNewline {
                piece = "\\n"
            } else {
                for scalar in character.unicodeScalars {
                    switch scalar {
                    case "\"": piece += "\\\""
                    case "\\": piece += "\\\\"
                    case "&": piece += "&amp;"
                    case _ where scalar.isBidiControl: piece += "\\" + scalar.visibleEscape
                    case _ where !scalar.isXMLCharacter: piece += "\u{FFFD}"
                    default: piece.unicodeScalars.append(scalar)
                    }
                }
            }
            length += piece.utf8.count
            if length > longestQuoted - 3 {
                quoted += "…"
                break
            }
            quoted += piece
        }
        return quoted + "\""
    }

    /// The most bytes ``quoted(_:)`` writes between its quotes.
    static let longestQuoted = 16_000
    /// The most bytes of a name ``id(_:)`` writes as it is.
    static let longestID = 1_000

    /// `name` as a quoted node ID: as ``quoted(_:)`` writes it while it has at most ``longestID``
    /// bytes; a longer one as its first 200 characters, `…#` and 16 hexadecimal digits of a hash
    /// of the whole name (64-bit FNV-1a), so that two long names with the same start stay two
    /// nodes, and no ID passes Graphviz's limit.
    static func id(_ name: String) -> String {
        guard name.utf8.count > longestID else { return quoted(name) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return quoted(LabelCut.clipped(name, to: 200).dropLast() + "…#" + String(repeating: "0", count: 16 - digits.count) + digits)
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
