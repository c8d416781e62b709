import Foundation
import GraphvizRendering

/// Writes the report page: one self-contained HTML file (inline SVG, CSS and script, no network)
/// with an index of scenarios and, for each, a player that steps through the scenario under
/// every design at once (see ``PlayerScript``), the compare diagram with its metrics, and the
/// expectations' results. The same input gives the same bytes.
enum HTMLReport {
    /// One scenario's part of the report.
    struct Section: Sendable {
        var path: String
        var title: String
        var stem: String
        var report: ComparisonReport
        /// Each kind's lane of the player, in the registry's order.
        var lanes: [Lane]
        /// The compare diagram as SVG, or the reason it could not be drawn.
        var compareSVG: Result<String, GraphvizFailure>
        /// Under each design whose runs go through the scheduler, when the scenario's order can vary.
        var outcomes: [Outcomes] = []
    }

    /// One design's run as the player shows it.
    struct Lane: Sendable {
        var kind: MediatorKind
        /// The transcript, in a file until the page is written (see ``SpilledTranscript``), with
        /// the 0-based line each top-level step begins at (see `StepRecorder`).
        var transcript: SpilledTranscript
        /// The 0-based line each top-level step begins at.
        var stepStarts: [Int] { transcript.stepStarts }
        /// The routed message diagram's edges each step used (`MessageGraphCollector.recordedEdges` codes).
        var stepEdges: [[Int]]
        var routedSVG: Result<String, GraphvizFailure>
        var sequenceSVG: Result<String, GraphvizFailure>
    }

    /// A scenario file that could not be run: its section shows why, and has no player.
    struct InvalidFile: Sendable {
        var path: String
        /// The diagnostics as text, without colour.
        var diagnostics: String
    }

    /// Why a diagram is missing from the page.
    struct GraphvizFailure: Error, Sendable {
        var message: String
        /// HTML that shows what the diagram would have, in its place (the busiest pairs).
        var summary = ""
        init(message: String, summary: String = "") {
            self.message = message
            self.summary = summary
        }
        /// What stopped Graphviz (or the size check before it).
        init(_ error: any Error) { message = (error as? GraphvizError)?.message ?? "\(error)" }
    }

    /// Writes the whole page to `out` as it goes: the files that could not be run first, then the
    /// scenarios. Nothing of it is held whole: each transcript line is read from its file as it is
    /// written, and each diagram is written once.
    static func write(_ sections: [Section], invalid: [InvalidFile] = [], to out: any TextOutput) {
        out.write(
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="generator" content="mediate \(mediateVersion)">
            <title>mediate report</title>
            <style>\(css)\(PlayerScript.css)</style>
            \(SequenceSVGWriter.pageStyle)
            </head>
            <body>
            \(SequenceSVGWriter.pageMarker)\(PlayerScript.currentArrowhead)
            <h1>mediate report</h1>
            <nav id="index"><h2>Scenarios</h2>
            <p class="legend">Under each design: the messages delivered, the errors (<code>!</code> lines), whether \
            the expectations held (and how many failed as the scenario intends), and the objects leaked. Green: \
            everything held; amber: errors, but every expectation held; red: an expectation failed or an object leaked.</p>
            <table class="index"><thead><tr><th>scenario</th><th>file</th><th>its kind</th>
            """)
        var html = ""
        let kinds = sections.first?.report.implementations.map(\.run.kind) ?? []
        html += kinds.map { "<th>\(XML.escaped($0.rawValue))</th>" }.joined()
        html += "</tr></thead><tbody>\n"
        for file in invalid {
            let stem = LoadedScenario.stem(of: file.path)
            html += "<tr><td><a href=\"#\(anchor(stem))\">\(XML.escaped(stem))</a></td><td><code>\(XML.escaped(file.path))</code></td>"
            html += "<td class=\"bad\" colspan=\"\(kinds.count + 1)\">not run: it has errors</td></tr>\n"
        }
        for section in sections {
            html += "<tr><td><a href=\"#\(anchor(section.stem))\">\(XML.escaped(section.title))</a></td>"
            html += "<td><code>\(XML.escaped(section.path))</code></td><td>\(XML.escaped(section.report.ownKind.rawValue))</td>"
            for implementation in section.report.implementations {
                let expectations = section.lanes.first { $0.kind == implementation.run.kind }?.transcript.expectations ?? []
                html += indexCell(implementation.run.summary, leaked: implementation.run.metrics.leaked.count, expectations: expectations)
            }
            html += "</tr>\n"
            out.write(html)
            html = ""
        }
        html += "</tbody></table></nav>\n"
        for file in invalid {
            let stem = LoadedScenario.stem(of: file.path)
            html += "<section class=\"scenario invalid\" id=\"\(anchor(stem))\">\n<h2>\(XML.escaped(stem))</h2>\n"
            html += "<p class=\"meta\"><code>\(XML.escaped(file.path))</code>: not run, because of these errors</p>\n"
            html += "<pre class=\"diagnostics\">\(XML.escaped(file.diagnostics))</pre>\n</section>\n"
            out.write(html)
            html = ""
        }
        out.write(html)
        for (number, section) in sections.enumerated() { self.section(section, number: number, to: out) }
        out.write("<script>\(PlayerScript.javaScript)</script>\n</body>\n</html>\n")
    }

    private static func section(_ section: Section, number: Int, to out: any TextOutput) {
        out.write(
            "<section class=\"scenario\" id=\"\(anchor(section.stem))\">\n<h2>\(XML.escaped(section.title))</h2>\n"
                + "<p class=\"meta\"><code>\(XML.escaped(section.path))</code>, its own kind: <b>\(XML.escaped(section.report.ownKind.rawValue))</b></p>\n"
        )
        player(section, number: number, to: out)
        for (index, explored) in section.outcomes.enumerated() {
            outcomes(explored, of: section, number: number, index: index, to: out)
        }
        out.write("<h3>Coupling</h3>\n")
        switch section.compareSVG {
        case .success(let svg): writeDiagram(svg, opening: "<div class=\"diagram\">", closing: "</div>\n", to: out)
        case .failure(let failure): out.write("<p class=\"bad\">The diagram could not be drawn: \(XML.escaped(failure.message))</p>\n")
        }
        out.write(metricsTable(section.report))
        out.write(expectations(section) + "</section>\n")
    }

    /// The coupling metrics of every design as an HTML table, one column a design: the numbers
    /// stay on the page when the compare diagram is too large to draw. Long lists of cycles and
    /// leaked objects are cut after ``listedNames`` names, saying how many more there are.
    static func metricsTable(_ report: ComparisonReport) -> String {
        func list(_ names: [String]) -> String {
            guard !names.isEmpty else { return "none" }
            let shown = names.prefix(listedNames).map { XML.escaped($0) }.joined(separator: ", ")
            return names.count > listedNames ? shown + " … and \(DOTEmitter.grouped(names.count - listedNames)) more" : shown
        }
        let columns = report.implementations.map(\.run)
        var rows: [(String, [String])] = [
            ("references", columns.map { DOTEmitter.grouped($0.metrics.references) }),
            ("strong", columns.map { DOTEmitter.grouped($0.metrics.strong) }),
            ("weak", columns.map { DOTEmitter.grouped($0.metrics.weak) }),
            ("unowned", columns.map { DOTEmitter.grouped($0.metrics.unowned) }),
            ("participant → participant", columns.map { DOTEmitter.grouped($0.metrics.participantToParticipant) }),
        ]
        rows.append(("strong cycles", columns.map { list($0.metrics.cycles.map { "(" + $0.joined(separator: ", ") + ")" }) }))
        rows.append(("leaked", columns.map { list($0.metrics.leaked) }))
        var html = "<div class=\"table-scroll\"><table class=\"metrics\"><thead><tr><th>metric</th>"
        for run in columns {
            let own = run.kind == report.ownKind ? " class=\"own\" title=\"the scenario's own design\"" : ""
            html += "<th\(own)>\(XML.escaped(run.kind.rawValue))</th>"
        }
        html += "</tr></thead><tbody>\n"
        for (name, cells) in rows {
            html += "<tr><th>\(XML.escaped(name))</th>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>\n"
        }
        return html + "</tbody></table></div>\n"
    }

    /// How many cycles or leaked objects a cell of the metrics table names before it says how many more.
    static let listedNames = 12

    /// The pairs that exchanged the most messages in `graph`, busiest first (ties in the order of
    /// the names), as an HTML table: at most ``listedNames`` rows and a line for the rest.
    static func busiestPairs(_ graph: MessageGraph) -> String {
        let links = graph.links.sorted { ($1.total, $0.from, $0.to) < ($0.total, $1.from, $1.to) }
        var html = "<table class=\"pairs\"><thead><tr><th>from</th><th>to</th><th>messages</th></tr></thead><tbody>"
        for link in links.prefix(listedNames) {
            html += "<tr><td>\(XML.escaped(link.from))</td><td>\(XML.escaped(link.to))</td><td>\(DOTEmitter.grouped(link.total))</td></tr>"
        }
        let rest = links.dropFirst(listedNames)
        if !rest.isEmpty {
            let messages = rest.reduce(0) { $0 + $1.total }
            html +=
                "<tr><td colspan=\"3\">… and \(DOTEmitter.grouped(rest.count)) more pairs, \(DOTEmitter.grouped(messages)) messages</td></tr>"
        }
        return html + "</tbody></table>"
    }

    /// The scenario's player: every design's lane, the own kind's marked.
    private static func player(_ section: Section, number: Int, to out: any TextOutput) {
        let heads = section.lanes.map { lane in
            let own = lane.kind == section.report.ownKind ? " <span class=\"pl-own\">its own kind</span>" : ""
            return "<div class=\"pl-head\">\(XML.escaped(lane.kind.rawValue))\(own)</div>"
        }
        out.write("<h3>Step through</h3>\n")
        player(
            Player(id: "s\(number)", anchor: anchor(section.stem), name: section.title, heads: heads, lanes: section.lanes),
            to: out
        ) { playerData(section, to: $0) }
    }

    /// What a player shows: its lanes with their titles (`pl-head` elements, as HTML), and what
    /// its lanes are (`designs`, `outcomes`) where its text speaks of them.
    struct Player {
        /// The element's id, `s3` or `s3-o0`, which every id inside it begins with.
        var id: String
        /// Its address: the fragment `#ANCHOR&step=N` opens it at a step.
        var anchor: String
        /// What it steps through, for its toolbar's label.
        var name: String
        var heads: [String]
        var lanes: [Lane]
        var noun = "designs"
    }

    /// A player: controls, the transcripts aligned by step (filled in by the script from the
    /// data `data` writes), and each lane's routed message diagram and sequence view.
    static func player(_ player: Player, to out: any TextOutput, data: (any TextOutput) -> Void) {
        let id = player.id
        let lanes = player.lanes
        let outcomes = player.noun == "designs" ? "" : " pl-outcomes"
        var html = "<div class=\"player\(outcomes)\" id=\"\(id)\" data-anchor=\"\(player.anchor)\">\n"
        html += "<div class=\"pl-controls\" role=\"toolbar\" aria-label=\"Step through \(XML.escaped(player.name))\">"
        for (action, label, help) in [
            ("start", "|◀ Start", "Jump to the start (Home)"), ("back", "◀ Back", "Step back (←)"),
            ("play", "▶ Play", "Play or pause (space)"), ("forward", "Forward ▶", "Step forward (→)"),
            ("end", "End ▶|", "Jump to the end (End)"),
            ("difference", "Next difference", "Jump to the next step where the \(player.noun)' transcripts differ (D)"),
        ] {
            html += "<button type=\"button\" id=\"\(id)-\(action)\" data-action=\"\(action)\" title=\"\(help)\">\(label)</button>"
        }
        html += "<span class=\"pl-where\" id=\"\(id)-where\" aria-live=\"polite\"></span></div>\n"
        html += "<p class=\"pl-caption\" id=\"\(id)-caption\"></p>\n"
        html += "<div class=\"pl-heads\" style=\"--lanes:\(lanes.count)\">" + player.heads.joined()
        html += "</div>\n<div class=\"pl-transcript\" id=\"\(id)-transcript\" tabindex=\"0\" style=\"--lanes:\(lanes.count)\" "
        html += "aria-label=\"The transcripts, aligned by step\"><div class=\"pl-spacer\"></div></div>\n"
        html += "<p class=\"legend\"><span class=\"pl-now-sample\">current step</span> "
        html += "<span class=\"pl-differs-sample\">differs from the \(player.noun.dropLast()) its lane's title names</span></p>\n"
        for (view, name, heading) in [
            (\Lane.routedSVG, "messages", "Messages, along the route each \(player.noun.dropLast()) took"),
            (\Lane.sequenceSVG, "sequence", "Sequence"),
        ] {
            out.write(html + "<h4>\(heading)</h4>\n<div class=\"pl-diagrams\" style=\"--lanes:\(lanes.count)\">")
            html = ""
            for (index, lane) in lanes.enumerated() {
                let figure = "<figure class=\"pl-diagram\" id=\"\(id)-d\(index)-\(name)\""
                switch lane[keyPath: view] {
                case .success(let svg):
                    writeDiagram(svg, opening: figure + " tabindex=\"0\">", closing: "</figure>", to: out)
                case .failure(let failure):
                    out.write(figure + "><p class=\"bad\">Not drawn: \(XML.escaped(failure.message))</p>" + failure.summary + "</figure>")
                }
            }
            out.write("</div>\n")
        }
        out.write("</div>\n<script type=\"application/json\" id=\"\(id)-data\">")
        data(out)
        out.write("</script>\n")
    }

    /// The player's data as JSON: each lane's kind, transcript lines, step starts, edges per step
    /// and marked lines, the own kind's lane, and the steps where the transcripts differ.
    /// `<`, `>` and `&` are written as `\u00XX`, so no text can end the script element.
    static func playerData(_ section: Section, to out: any TextOutput) {
        let own = section.lanes.firstIndex { $0.kind == section.report.ownKind } ?? 0
        playerData(section.lanes, labels: section.lanes.map(\.kind.rawValue), own: own, to: out)
    }

    /// The same for any lanes, each lane's `kind` written as its label; `noun`, when given, names
    /// what the lanes are where the script speaks of them (`designs` without it).
    static func playerData(_ lanes: [Lane], labels: [String], own: Int, noun: String? = nil, to out: any TextOutput) {
        let transcripts = lanes.map(\.transcript)
        let found = differences(
            starts: transcripts.map(\.stepStarts), lineCounts: transcripts.map(\.lineCount), own: own, majority: noun == nil
        ) { transcripts[$0].lines(ofStep: $1) }
        let marks = found.marks
        out.write("{" + (noun.map { "\"noun\":\(JSONText.string($0))," } ?? ""))
        out.write("\"own\":\(own),\"differs\":\(JSONText.array(found.steps)),\"from\":\(JSONText.array(found.from)),")
        out.write("\"odd\":[" + found.odd.map(JSONText.array).joined(separator: ",") + "],\"lanes\":[")
        for (index, lane) in lanes.enumerated() {
            var json = index > 0 ? "," : ""
            json += "{\"kind\":\(JSONText.string(labels[index])),\"steps\":\(JSONText.array(lane.stepStarts)),"
            json += "\"marks\":\(JSONText.array(marks[index])),\"edges\":["
            out.write(json)
            for (position, edges) in lane.stepEdges.enumerated() { out.write((position > 0 ? "," : "") + JSONText.array(edges)) }
            out.write("],\"lines\":[")
            for (position, line) in lane.transcript.lines.enumerated() {
                out.write((position > 0 ? "," : "") + JSONText.string(line.visible(hiding: \.isBidiControl)))
            }
            out.write("]}")
        }
        out.write("]}")
    }

    /// Where the lanes' transcripts differ, and from which lane: the steps where they differ (the
    /// header's `mediator KIND` line aside), and for each such step the lane the others are held
    /// against and the lanes that differ from it.
    struct Differences: Equatable {
        var steps: [Int] = []
        /// For each of `steps`: the lane the others are held against.
        var from: [Int] = []
        /// For each of `steps`: the lanes whose lines there are not that lane's, in order.
        var odd: [[Int]] = []
        /// In each lane, the 0-based lines that make its difference; a lane held against is never marked.
        var marks: [[Int]] = []
    }

    /// The steps where the lanes' transcripts differ, and which lane differs from which. At each
    /// step the lanes fall into groups with the same lines; with `majority`, the largest group is
    /// the reference (the own kind's group on a tie), otherwise the own kind's group is. The
    /// reference is named by the own kind when it is in it, else by its first lane. Each other
    /// lane is marked where it parts from the reference: its lines the reference does not have,
    /// and where it lacks one of the reference's, the line at that place (its last one past its end).
    static func differences(lines: [[Substring]], starts: [[Int]], own: Int, majority: Bool = true) -> Differences {
        differences(starts: starts, lineCounts: lines.map(\.count), own: own, majority: majority) { lane, step in
            let end = step + 1 < starts[lane].count ? starts[lane][step + 1] : lines[lane].count
            return Array(lines[lane][starts[lane][step]..<end])
        }
    }

    /// The same, reading the lanes' lines a step at a time: `stepLines(lane, step)` gives the lines
    /// of a lane's step (one of its `starts`), `lineCounts` how many lines each lane has. Only one
    /// step's lines of each lane are held at once.
    static func differences(
        starts: [[Int]], lineCounts: [Int], own: Int, majority: Bool = true,
        stepLines: (_ lane: Int, _ step: Int) -> [Substring]
    ) -> Differences {
        let count = starts.map(\.count).max() ?? 0
        var found = Differences()
        let lanes = starts.indices
        var marks = Array(repeating: Set<Int>(), count: starts.count)
        func slice(_ lane: Int, _ step: Int) -> (first: Int, lines: [Substring]) {
            guard step < starts[lane].count else { return (lineCounts[lane], []) }
            var slice = stepLines(lane, step)
            if step == 0, slice.count > 1 { slice[1] = "" }
            return (starts[lane][step], slice)
        }
        for step in 0..<count {
            let slices = lanes.map { slice($0, step) }
            // Groups of lanes with the same lines, in the order of their first lane.
            var groups: [[Int]] = []
            for lane in lanes {
                if let group = groups.firstIndex(where: { slices[$0[0]].lines == slices[lane].lines }) {
                    groups[group].append(lane)
                } else {
                    groups.append([lane])
                }
            }
            guard groups.count > 1 else { continue }
            let ownGroup = groups.first { $0.contains(own) } ?? groups[0]
            let largest = groups.max { $0.count < $1.count } ?? ownGroup
            let reference = majority && largest.count > ownGroup.count ? largest : ownGroup
            let from = reference.contains(own) ? own : reference[0]
            let base = slices[from].lines
            found.steps.append(step)
            found.from.append(from)
            found.odd.append(lanes.filter { !reference.contains($0) })
            for lane in lanes where !reference.contains(lane) {
                let other = slices[lane]
                for change in other.lines.difference(from: base) {
                    switch change {
                    case .insert(let offset, _, _): marks[lane].insert(other.first + offset)
                    case .remove(let offset, _, _):
                        if !other.lines.isEmpty { marks[lane].insert(other.first + min(offset, other.lines.count - 1)) }
                    }
                }
            }
        }
        found.marks = marks.map { $0.sorted() }
        return found
    }

    /// A design's cell in the index: messages delivered, errors (`!` lines) when there were
    /// any, the expectations, objects leaked when any did. Red when an expectation failed or an
    /// object leaked, amber when the run had errors but nothing failed, green otherwise.
    private static func indexCell(_ summary: RunSummary, leaked: Int, expectations: [String]) -> String {
        let intended = expectations.count(where: { $0.contains(" ok (got ") })
        let failed = summary.failedExpectations
        var parts = ["\(summary.deliveries) delivered"]
        if summary.errors > 0 { parts.append("\(summary.errors) error\(summary.errors == 1 ? "" : "s")") }
        parts.append(failed > 0 ? "\(failed) failed" : "ok")
        if intended > 0 { parts.append("\(intended) \(intended == 1 ? "fails" : "fail") as intended") }
        if leaked > 0 { parts.append("\(leaked) leaked") }
        let look = failed > 0 || leaked > 0 ? "bad" : summary.errors > 0 ? "warn" : "good"
        return "<td class=\"\(look)\">\(XML.escaped(parts.joined(separator: ", ")))</td>"
    }

    private static func expectations(_ section: Section) -> String {
        let byKind = section.lanes.map(\.transcript.expectations)
        guard let first = byKind.first, !first.isEmpty else { return "<h3>Expectations</h3>\n<p>None.</p>\n" }
        var html = "<h3>Expectations</h3>\n<table class=\"expectations\"><thead><tr><th>expectation</th>"
        html += section.lanes.map { "<th>\(XML.escaped($0.kind.rawValue))</th>" }.joined() + "</tr></thead><tbody>\n"
        for (index, line) in first.enumerated() {
            let text = expectationText(of: line)
            html += "<tr><td><code>\(XML.escaped(text))</code></td>"
            for lines in byKind {
                let result = index < lines.count ? String(lines[index].dropFirst(text.count).drop(while: { $0 == " " })) : "not reached"
                // A failure the scenario intended (`fails under KIND`) is neither green nor red.
                let look = result == "ok" ? "good" : result.hasPrefix("ok (got ") ? "intended" : "bad"
                let title = look == "intended" ? " title=\"fails as intended\"" : ""
                html += "<td class=\"\(look)\"\(title)>\(XML.escaped(result))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// An expectation's line without its outcome: ` ok`, ` ok (got X)` (a failure that was
    /// intended) or ` FAILED (got X)`.
    static func expectationText(of line: String) -> String {
        if line.hasSuffix(" ok") { return String(line.dropLast(3)) }
        let outcome = [" ok (got ", " FAILED (got "].compactMap { line.range(of: $0)?.lowerBound }.min()
        return String(line[..<(outcome ?? line.endIndex)])
    }

    /// Writes an SVG document without its XML declaration and doctype, so that it sits inside
    /// HTML, between `opening` and `closing`, without copying it.
    private static func writeDiagram(_ svg: String, opening: String, closing: String, to out: any TextOutput) {
        out.write(opening)
        if let start = svg.range(of: "<svg") {
            let offset = svg.utf8.distance(from: svg.startIndex, to: start.lowerBound)
            var svg = svg
            svg.withUTF8 { out.write(utf8: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0[offset...]))) }
        }
        out.write(closing)
    }

    /// A fragment identifier made of the stem's letters, digits, `-` and `_`.
    static func anchor(_ stem: String) -> String {
        "scenario-"
            + String(
                stem.unicodeScalars.map { scalar -> Character in
                    CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "-" || scalar == "_"
                        ? Character(scalar) : "_"
                })
    }

    /// The page's styles but the player's: `Assets/report.css`. A scenario's section is laid out
    /// only near the screen (`content-visibility: auto`; 375rem, about a section's height at
    /// 1,600 px, stands in until then), so a report of many scenarios opens sooner.
    private static let css = String(decoding: PackageResources.report_css, as: UTF8.self)
}
