/// How wide text is when set in DejaVu Sans, the sans-serif that most Linux systems draw an SVG
/// with when it asks for Helvetica and none is installed (`rsvg-convert` does; Chromium finds
/// Liberation Sans, as wide as Helvetica). It is about a tenth wider than Helvetica, whose widths
/// Graphviz sizes labels with, so a box this wide holds its text in either font.
package enum FallbackTextWidth {
    /// DejaVu Sans's advance widths of U+0020 to U+007E, in its font units (2,048 to the em),
    /// read from the font's `hmtx` table.
    static let asciiWidths: [Int] = [
        651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690,
        1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087,
        2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612,
        1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024,
        1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253,
        1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716,
    ]
    /// DejaVu Sans's font units to the em.
    static let unitsPerEm = 2_048

    /// The width of `text` on one line at `size` points, in points, without kerning. A Unicode
    /// scalar past ASCII counts as an em, as wide as the widest ASCII character (`…`, `→` are
    /// narrower; a combining mark takes no room at all).
    package static func width(of text: String, size: Double) -> Double {
        var units = 0
        for scalar in text.unicodeScalars {
            let index = Int(scalar.value) - 0x20
            units += asciiWidths.indices.contains(index) ? asciiWidths[index] : unitsPerEm
        }
        return Double(units) * size / Double(unitsPerEm)
    }
}
