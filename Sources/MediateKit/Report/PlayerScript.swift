/// The report page's player, as inline CSS and script: `Report/Assets/player.css` and
/// `player.js`, which the package embeds in the library as bytes (`PackageResources`).
///
/// Each `.player` reads its section's JSON (`ID-data`, see `HTMLReport.playerData`) and keeps
/// every design's lane at the same top-level step. Step 0 is the header; the last step is the
/// `end:` line. At a step:
/// - the transcripts, aligned so that a step starts on the same row in every lane, show only the
///   rows in view (a long run stays light); a line wraps at its lane's width, never cut, and is
///   shown whole under them on hover, a click or keyboard focus (↑ ↓ in the transcripts). The
///   step's lines are marked `pl-now` and scrolled into view; each line is `ID-dL-line-N` (lane
///   L, line N counted from 1);
/// - the routed message diagram's edges (`ID-dL-link-K`) the step used are `pl-current`, and of
///   their labels only the step's messages' (`pl-label-now`); edges used before are `pl-past`,
///   the others `pl-future`; the sequence view's rows and activations, by their `data-step`,
///   likewise, the current arrows ending in `currentArrowhead`;
/// - where the lanes differ, each lane's title says which lane it differs from;
/// - the URL fragment is `#ANCHOR&step=N`, and a page opened at it starts at that step.
/// A search box finds a line in the whole transcripts, in view or not; a lane picker chooses the
/// lanes shown (as many as fit at first, at least two). Each diagram (`ID-dL-messages`,
/// `ID-dL-sequence`) zooms (its buttons, Ctrl+wheel or a pinch, + − 0 while focused), pans by
/// dragging, and widens to the player's width (Enter).
/// Keys, while the pointer or the focus is in a player (or the page has one): ← → step, space
/// plays and pauses, Home and End jump, D goes to the next difference, / goes to the search box.
/// A player's data may name what its lanes are (`noun`, `outcomes` in an outcomes section); it
/// is `designs` otherwise.
enum PlayerScript {
    /// Its styles, `Assets/player.css`, after the page's own (`HTMLReport`).
    static let css = String(decoding: PackageResources.player_css, as: UTF8.self)
    /// The arrowhead of a sequence view's current arrow, in an SVG of no size after
    /// `SequenceSVGWriter.pageMarker`: the highlight's colour, and, on an arrow drawn twice as
    /// wide, half the marker's size, so that it is drawn as large as the others.
    static let currentArrowhead =
        "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs><marker id=\"pl-arrowhead-current\" "
        + "viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\">"
        + "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#e65100\"/></marker></defs></svg>"
    /// Its script, `Assets/player.js`, at the end of the page.
    static let javaScript = String(decoding: PackageResources.player_js, as: UTF8.self)
}

/// JSON text for the report's inline data, written directly so that the same input gives the
/// same bytes: `<`, `>` and `&` as `\u00XX`, so that no text can end the script element.
enum JSONText {
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "<", ">", "&", "\u{2028}", "\u{2029}",
                _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func array(_ numbers: [Int]) -> String {
        "[" + numbers.map(String.init).joined(separator: ",") + "]"
    }
}
