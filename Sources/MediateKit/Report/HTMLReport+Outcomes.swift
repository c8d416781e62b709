extension HTMLReport {
    /// A scenario's distinct transcripts under one design whose runs go through the scheduler, over
    /// the schedules the report explored: those `mediate explore` runs, `fixed` then `random:0` on.
    struct Outcomes: Sendable {
        var kind: MediatorKind
        /// How many schedules ran.
        var schedules: Int
        /// The `mediate explore` command that finds the same outcomes.
        var command: String
        /// The distinct transcripts shown, the first ones by their first schedule.
        var outcomes: [Outcome]
        /// How many distinct transcripts came after those, and how many of them did not pass.
        var notShown = 0
        var notShownFailing = 0
    }

    /// One distinct transcript of an exploration.
    struct Outcome: Sendable {
        /// `fnv1a64:` and 16 hexadecimal digits, as `mediate explore` prints it.
        var hash: String
        /// How many schedules gave it.
        var schedules: Int
        /// The 1-based number of the first schedule that gave it, and that schedule.
        var first: Int
        var firstSchedule: String
        /// The `mediate run` command that replays the first schedule.
        var replay: String
        /// What went wrong in it (its failed expectations, or the limit that stopped it); nil when nothing did.
        var failure: String?
        /// The transcript as the player shows it.
        var lane: Lane
    }

    /// An "Outcomes under KIND" part of the `number`th section: its `index`th. Several outcomes
    /// get a player with a lane each, titled with its hash, count, verdict and replay command;
    /// one gets a sentence, as the scenario's player already shows it.
    static func outcomes(_ outcomes: Outcomes, of section: Section, number: Int, index: Int, to out: any TextOutput) {
        let kind = XML.escaped(outcomes.kind.rawValue)
        let anchor = anchor(section.stem + "-outcomes-" + outcomes.kind.rawValue)
        let tried =
            switch outcomes.schedules {
            case 1: "the one schedule tried (fixed)"
            case 2: "the 2 schedules tried (fixed, then random:0)"
            default: "the \(outcomes.schedules) schedules tried (fixed, then random:0 to random:\(outcomes.schedules - 2))"
            }
        var html = "<h3 id=\"\(anchor)\">Outcomes under \(kind)</h3>\n<p class=\"meta\">Its <code>together</code> block's sends "
        html += "may run in any order under \(kind). "
        let command = "<code>\(XML.escaped(outcomes.command))</code>"
        guard outcomes.outcomes.count > 1 else {
            html += "Each of \(tried) gave the same transcript"
            html += outcomes.outcomes.first.map { ", <code>\(XML.escaped($0.hash))</code>" } ?? ""
            out.write(html + ": the one above. \(command) finds the same.</p>\n")
            return
        }
        let count = outcomes.outcomes.count + outcomes.notShown
        html += "Of \(tried), \(count) gave distinct transcripts"
        if outcomes.notShown > 0 {
            html += "; the first \(outcomes.outcomes.count) are shown"
            if outcomes.notShownFailing > 0 { html += ", and \(outcomes.notShownFailing) of the others fail" }
        }
        html += ": one lane each, titled with how many schedules gave it and the command that replays the first. "
        html += "\(command) \(outcomes.notShown > 0 ? "lists them all" : "finds the same").</p>\n"
        out.write(html)
        let heads = outcomes.outcomes.enumerated().map { position, outcome in
            var head = "<div class=\"pl-head pl-outcome\(outcome.failure == nil ? "" : " pl-fails")\">"
            head += "<b>#\(position + 1): \(outcome.schedules) of \(outcomes.schedules) schedules</b>"
            head += "<code>\(XML.escaped(outcome.hash))</code><span class=\"pl-verdict\">"
            head += outcome.failure.map { "✗ " + XML.escaped($0) } ?? "every expectation holds"
            head += "</span><span>first: schedule \(outcome.first), \(XML.escaped(outcome.firstSchedule))</span>"
            head += "<code class=\"pl-replay\" title=\"Select and copy: it replays this transcript\">\(XML.escaped(outcome.replay))</code>"
            return head + "</div>"
        }
        let id = "s\(number)-o\(index)"
        let lanes = outcomes.outcomes.map(\.lane)
        player(
            Player(
                id: id, anchor: anchor, name: "the outcomes of \(section.title) under \(outcomes.kind.rawValue)",
                heads: heads, lanes: lanes, noun: "outcomes"),
            to: out
        ) { out in
            playerData(lanes, labels: lanes.indices.map { "outcome #\($0 + 1)" }, own: 0, noun: "outcomes", to: out)
        }
    }
}
