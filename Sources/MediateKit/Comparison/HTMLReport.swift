import Foundation

/// Writes the report page: one self-contained HTML file (inline SVG and CSS, no script, no
/// network) with an index of scenarios and, for each, the compare diagram, the metrics, the
/// four transcripts side by side with the lines that differ from the scenario's own kind
/// marked, and the expectations' results.
enum HTMLReport {
    /// One scenario's part of the report.
    struct Section: Sendable {
        var path: String
        var title: String
        var stem: String
        var report: ComparisonReport
        /// Each kind's transcript, in the registry's order.
        var transcripts: [(kind: MediatorKind, text: String)]
        /// The compare diagram as SVG, or the reason it could not be drawn.
        var compareSVG: Result<String, GraphvizFailure>

        init(path: String, title: String, stem: String, report: ComparisonReport,
                    transcripts: [(kind: MediatorKind, text: String)], compareSVG: Result<String, GraphvizFailure>) {
            self.path = path
            self.title = title
            self.stem = stem
            self.report = report
            self.transcripts = transcripts
            self.compareSVG = compareSVG
        }
    }

    /// Why a diagram is missing from the page.
    struct GraphvizFailure: Error, Sendable {
        var message: String
        init(message: String) { self.message = message }
    }

    /// The whole page.
    static func page(_ sections: [Section]) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>mediate report</title>
            <style>\(css)</style>
            </head>
            <body>
            <h1>mediate report</h1>
            <nav id="index"><h2>Scenarios</h2>
            <table class="index"><thead><tr><th>scenario</th><th>file</th><th>its kind</th>
            """
        let kinds = sections.first?.report.implementations.map(\.run.kind) ?? []
        html += kinds.map { "<th>\(XML.escaped($0.rawValue))</th>" }.joined()
        html += "</tr></thead><tbody>\n"
        for section in sections {
            html += "<tr><td><a href=\"#\(anchor(section.stem))\">\(XML.escaped(section.title))</a></td>"
            html += "<td><code>\(XML.escaped(section.path))</code></td><td>\(XML.escaped(section.report.ownKind.rawValue))</td>"
            for implementation in section.report.implementations {
                let failed = failedExpectations(in: transcript(section, implementation.run.kind))
                let leaked = implementation.run.metrics.leaked
                var cell = failed == 0 ? "expectations ok" : "\(failed) failed"
                cell += leaked.isEmpty ? ", no leak" : ", \(leaked.count) leaked"
                html += "<td class=\"\(failed == 0 && leaked.isEmpty ? "good" : "bad")\">\(XML.escaped(cell))</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody></table></nav>\n"
        for section in sections { html += self.section(section) }
        return html + "</body>\n</html>\n"
    }

    private static func section(_ section: Section) -> String {
        var html = "<section class=\"scenario\" id=\"\(anchor(section.stem))\">\n"
        html += "<h2>\(XML.escaped(section.title))</h2>\n<p class=\"meta\"><code>\(XML.escaped(section.path))</code>, its own kind: <b>\(XML.escaped(section.report.ownKind.rawValue))</b></p>\n"
        html += "<h3>Coupling</h3>\n"
        switch section.compareSVG {
        case .success(let svg): html += "<div class=\"diagram\">\(inline(svg))</div>\n"
        case .failure(let failure): html += "<p class=\"bad\">The diagram could not be drawn: \(XML.escaped(failure.message))</p>\n"
        }
        html += metrics(section.report)
        html += expectations(section)
        html += transcripts(section)
        return html + "</section>\n"
    }

    private static func metrics(_ report: ComparisonReport) -> String {
        var html = "<table class=\"metrics\"><thead><tr><th></th>"
        html += report.implementations.map { "<th>\(XML.escaped($0.run.kind.rawValue))</th>" }.joined() + "</tr></thead><tbody>\n"
        func row(_ name: String, _ value: (CouplingMetrics) -> String) {
            html += "<tr><th>\(XML.escaped(name))</th>" + report.implementations.map { "<td>\(XML.escaped(value($0.run.metrics)))</td>" }.joined() + "</tr>\n"
        }
        row("references") { String($0.references) }
        row("strong") { String($0.strong) }
        row("weak") { String($0.weak) }
        row("unowned") { String($0.unowned) }
        row("participant → participant") { String($0.participantToParticipant) }
        row("cycles") { $0.cycles.isEmpty ? "none" : $0.cycles.map { "(" + $0.joined(separator: ", ") + ")" }.joined(separator: " ") }
        row("leaked") { $0.leaked.isEmpty ? "none" : $0.leaked.joined(separator: ", ") }
        return html + "</tbody></table>\n"
    }

    private static func expectations(_ section: Section) -> String {
        let byKind = section.transcripts.map { entry in
            entry.text.split(separator: "\n").filter { $0.hasPrefix("expect ") }.map(String.init)
        }
        guard let first = byKind.first, !first.isEmpty else { return "<h3>Expectations</h3>\n<p>None.</p>\n" }
        var html = "<h3>Expectations</h3>\n<table class=\"expectations\"><thead><tr><th>expectation</th>"
        html += section.transcripts.map { "<th>\(XML.escaped($0.kind.rawValue))</th>" }.joined() + "</tr></thead><tbody>\n"
        for (index, line) in first.enumerated() {
            let text = line.hasSuffix(" ok") ? String(line.dropLast(3)) : String(line[..<(line.range(of: " FAILED (got ")?.lowerBound ?? line.endIndex)])
            html += "<tr><td><code>\(XML.escaped(text))</code></td>"
            for lines in byKind {
                let result = index < lines.count ? String(lines[index].dropFirst(text.count).drop(while: { $0 == " " })) : "not reached"
                html += "<td class=\"\(result == "ok" ? "good" : "bad")\">\(XML.escaped(result))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// The four transcripts side by side; in each kind's column, the lines that are not in the
    /// scenario's own kind's transcript (by `CollectionDifference`) are marked, but for the
    /// header's `mediator KIND` line, which always names its own kind.
    private static func transcripts(_ section: Section) -> String {
        let own = transcript(section, section.report.ownKind).split(separator: "\n", omittingEmptySubsequences: false)
        var html = "<h3>Transcripts</h3>\n<p class=\"legend\"><span class=\"differs\">marked</span>: a line not in the \(XML.escaped(section.report.ownKind.rawValue)) transcript.</p>\n<div class=\"transcripts\">\n"
        for entry in section.transcripts {
            let lines = entry.text.split(separator: "\n", omittingEmptySubsequences: false)
            var differing = Set<Int>()
            if entry.kind != section.report.ownKind {
                for change in lines.difference(from: own) {
                    if case .insert(let offset, _, _) = change, offset != 1 { differing.insert(offset) }
                }
            }
            html += "<div class=\"transcript\" data-kind=\"\(XML.escaped(entry.kind.rawValue))\"><h4>\(XML.escaped(entry.kind.rawValue))</h4><pre>"
            for (index, line) in lines.enumerated() where !(index == lines.count - 1 && line.isEmpty) {
                html += "<span class=\"\(differing.contains(index) ? "line differs" : "line")\">\(XML.escaped(String(line)))</span>"
            }
            html += "</pre></div>\n"
        }
        return html + "</div>\n"
    }

    private static func transcript(_ section: Section, _ kind: MediatorKind) -> String {
        section.transcripts.first { $0.kind == kind }?.text ?? ""
    }

    private static func failedExpectations(in transcript: String) -> Int {
        transcript.split(separator: "\n").filter { $0.hasPrefix("expect ") && $0.contains(" FAILED (got ") }.count
    }

    /// An SVG document without its XML declaration and doctype, ready to sit inside HTML.
    private static func inline(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg") else { return "" }
        return String(svg[start.lowerBound...])
    }

    /// A fragment identifier made of the stem's letters, digits, `-` and `_`.
    static func anchor(_ stem: String) -> String {
        "scenario-" + String(stem.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "-" || scalar == "_" ? Character(scalar) : "_"
        })
    }

    private static let css = """
        body{font-family:system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:2rem;color:#212121;background:#fff}
        h1{margin-top:0}h2{border-bottom:2px solid #e0e0e0;padding-bottom:.3rem;margin-top:2.5rem}
        table{border-collapse:collapse;margin:.8rem 0}th,td{border:1px solid #bdbdbd;padding:.3rem .6rem;text-align:left;vertical-align:top}
        thead th{background:#f5f5f5}td.good{background:#e8f5e9}td.bad,p.bad{background:#ffebee}
        .diagram{overflow-x:auto;border:1px solid #e0e0e0;padding:.5rem}.diagram svg{max-width:100%;height:auto}
        .transcripts{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:.6rem}
        .transcript{border:1px solid #e0e0e0;min-width:0}.transcript h4{margin:0;padding:.3rem .5rem;background:#f5f5f5}
        .transcript pre{margin:0;padding:.5rem;overflow-x:auto;font-size:.75rem;line-height:1.35}
        .line{display:block;white-space:pre}.differs{background:#fff3cd;box-shadow:inset 3px 0 #f9a825}
        code{font-size:.9em}.meta,.legend{color:#616161}
        """
}
