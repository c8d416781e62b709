import MediateSyntax

/// Escaping for text inside XML and HTML: the JUnit report and the report page.
package enum XML {
    /// `text` escaped for element content and attribute values: the five specials become entities
    /// (`'` as `&#39;`, which HTML and XML both read), characters XML cannot hold become U+FFFD, and
    /// bidirectional controls, which would reorder the page's text, are shown `\u{X}`.
    package static func escaped(_ text: String) -> String {
        // Most text is printable ASCII with none of the five specials: it stays as it is.
        if text.utf8.allSatisfy(isPlain) { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case _ where scalar.isBidiControl: out += scalar.visibleEscape
            case _ where !scalar.isXMLCharacter: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `byte` is printable ASCII (or a tab or line break) that needs no escape.
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x26, 0x3C, 0x3E, 0x22, 0x27: false  // & < > " '
        case 0x20..<0x7F, 0x09, 0x0A, 0x0D: true
        default: false
        }
    }
}

extension Unicode.Scalar {
    /// Whether XML 1.0 allows this character in a document (its `Char` production).
    var isXMLCharacter: Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Whether a picture (an export, the sequence SVG) writes this scalar `\u{X}`: what a terminal
    /// would hide (`isHiddenControl`), what XML cannot hold, and the line and paragraph separators
    /// that renderers read as line breaks.
    var isHiddenInPicture: Bool {
        isHiddenControl || !isXMLCharacter || self == "\u{2028}" || self == "\u{2029}"
    }
}
