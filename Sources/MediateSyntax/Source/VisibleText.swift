extension Unicode.Scalar {
    /// Whether text shown to a person writes this scalar as an escape: control characters but tab
    /// (C0, DEL, C1), which can drive a terminal, and the bidirectional controls that reorder text
    /// around them (U+202A–U+202E, U+2066–U+2069).
    package var isHiddenControl: Bool {
        switch value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: isBidiControl
        }
    }

    /// Whether this is a bidirectional embedding, override or isolate (U+202A–U+202E,
    /// U+2066–U+2069), which reorders the text around it wherever it is shown.
    package var isBidiControl: Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// This scalar as diagnostics show it: `\u{X}`, hex upper case.
    package var visibleEscape: String {
        "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }
}

extension String {
    /// This text with each scalar that `hidden` picks written `\u{X}` (hex, upper case), as
    /// diagnostics write it: `\u{1B}` for ESC, `\u{202E}` for a right-to-left override.
    package func visible(hiding hidden: (Unicode.Scalar) -> Bool = { $0.isHiddenControl }) -> String {
        guard unicodeScalars.contains(where: hidden) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if hidden(scalar) {
                out += scalar.visibleEscape
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
