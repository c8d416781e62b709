import MediateSyntax

/// A plain ASCII unified diff of two texts, as `diff -u` writes it: `--- OLD`, `+++ NEW`, then
/// `@@ -a,b +c,d @@` hunks with three lines of context. Names are shown escaped as source text
/// is (`\u{1B}` for ESC), and lines too but for carriage returns, which stay part of the line
/// they end: a hostile file cannot drive the terminal or the CI log that shows its diff.
///
/// Which lines match: the common head and tail, then Myers' greedy O((N+M)·D) search ("An O(ND)
/// Difference Algorithm and Its Variations", 1986) on what lies between, so the diff is a shortest
/// one (where several are, it may pick another than the standard library's `difference(from:)`,
/// used before). Two things keep it fast on large texts:
/// - lines are numbered first (equal lines, equal numbers), so comparing two is comparing integers;
/// - a line that occurs only on one side can never match, so it is set aside as removed or
///   inserted before the search, which then looks only at lines both sides share (GNU diff does
///   the same). Scattered edits of distinct lines leave the search almost nothing to do.
///
/// The search keeps every step's furthest points to trace the path back, O(D²) in all, so it
/// stops after `maximumEdits` differences: the part matched so far is exact, and what remains
/// (less its common tail) is shown as one replaced block, with a `note:` line before the diff.
package enum UnifiedDiff {
    /// How many differences (among lines both sides share) the search traces before it settles
    /// for one coarse block: 2,000 keeps its trace to about 8 MB.
    package static let defaultMaximumEdits = 2_000

    /// The diff of `expected` and `actual`, or nil when they are equal. Every line ends in `\n`.
    package static func diff(
        expected: String, actual: String, expectedName: String = "expected",
        actualName: String = "actual", context: Int = 3,
        maximumEdits: Int = defaultMaximumEdits
    ) -> String? {
        guard expected != actual else { return nil }
        let old = lines(of: expected)
        let new = lines(of: actual)
        let matching = match(old, new, maximumEdits: maximumEdits)
        let script = editScript(oldMatched: matching.old, newMatched: matching.new)
        var out = ""
        if let coarse = matching.coarse {
            out +=
                "note: the diff was simplified: after \(maximumEdits) differences, lines "
                + "\(coarse.old.lowerBound + 1)-\(coarse.old.upperBound) of \(expectedName.visible()) are shown replaced by lines "
                + "\(coarse.new.lowerBound + 1)-\(coarse.new.upperBound) of \(actualName.visible()) as one block\n"
        }
        out += "--- \(expectedName.visible())\n+++ \(actualName.visible())\n"
        for hunk in hunks(of: script, context: context) {
            let edits = script[hunk]
            let oldCount = edits.filter { $0.old != nil }.count
            let newCount = edits.filter { $0.new != nil }.count
            let oldStart = edits.first(where: { $0.old != nil })?.old.map { $0 + 1 } ?? (edits.first?.oldBefore ?? 0)
            let newStart = edits.first(where: { $0.new != nil })?.new.map { $0 + 1 } ?? (edits.first?.newBefore ?? 0)
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for edit in edits {
                switch (edit.old, edit.new) {
                case (let o?, _?): out += " " + shown(old[o].text) + old[o].ending
                case (let o?, nil): out += "-" + shown(old[o].text) + old[o].ending
                case (nil, let n?): out += "+" + shown(new[n].text) + new[n].ending
                case (nil, nil): break
                }
            }
        }
        return out
    }

    /// A line as the diff shows it: escaped as source text is, but for carriage returns.
    private static func shown(_ line: String) -> String {
        line.visible { $0.isHiddenControl && $0 != "\r" }
    }

    /// `start,count`, or just `start` for one line, as `diff -u` writes ranges.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    private struct Line: Hashable {
        var text: String
        /// `\n`, or the marker `diff -u` writes after a last line with no newline.
        var ending: String
    }

    /// Lines split at every LF byte, so a CR before it stays part of the line (Swift would
    /// otherwise read CRLF as one character and never split it).
    private static func lines(of text: String) -> [Line] {
        var result = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { Line(text: String(decoding: $0, as: UTF8.self), ending: "\n") }
        if text.utf8.last == UInt8(ascii: "\n") || text.isEmpty {
            result.removeLast()
        } else {
            result[result.count - 1].ending = "\n\\ No newline at end of file\n"
        }
        return result
    }

    /// Which lines of each side are kept (matched with a line of the other), and the regions
    /// shown as one block when the search stopped early.
    private struct Matching {
        var old: [Bool]
        var new: [Bool]
        var coarse: (old: Range<Int>, new: Range<Int>)?
    }

    private static func match(_ old: [Line], _ new: [Line], maximumEdits: Int) -> Matching {
        // Number the lines, then keep only those the other side has too.
        var numbers: [Line: Int32] = [:]
        func number(_ line: Line) -> Int32 {
            if let n = numbers[line] { return n }
            let n = Int32(numbers.count)
            numbers[line] = n
            return n
        }
        let a0 = old.map(number)
        let b0 = new.map(number)
        var matching = Matching(
            old: [Bool](repeating: false, count: old.count),
            new: [Bool](repeating: false, count: new.count))
        // The common head and tail match line for line.
        var head = 0
        while head < a0.count && head < b0.count && a0[head] == b0[head] {
            matching.old[head] = true
            matching.new[head] = true
            head += 1
        }
        var (oldEnd, newEnd) = (a0.count, b0.count)
        while oldEnd > head && newEnd > head && a0[oldEnd - 1] == b0[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
            matching.old[oldEnd] = true
            matching.new[newEnd] = true
        }
        var inOld = [Bool](repeating: false, count: numbers.count)
        var inNew = inOld
        for n in a0[head..<oldEnd] { inOld[Int(n)] = true }
        for n in b0[head..<newEnd] { inNew[Int(n)] = true }
        let aIndex = (head..<oldEnd).filter { inNew[Int(a0[$0])] }
        let bIndex = (head..<newEnd).filter { inOld[Int(b0[$0])] }
        let found = myers(aIndex.map { a0[$0] }, bIndex.map { b0[$0] }, maximumEdits: maximumEdits)
        for (x, y) in found.pairs {
            matching.old[aIndex[x]] = true
            matching.new[bIndex[y]] = true
        }
        if let rest = found.rest {
            // Back from reduced positions to lines: the block runs from after the last line
            // matched before it to the first line matched after it.
            func lines(_ r: Range<Int>, _ index: [Int], _ end: Int) -> Range<Int> {
                (r.lowerBound == 0 ? head : index[r.lowerBound - 1] + 1)..<(r.upperBound == index.count ? end : index[r.upperBound])
            }
            matching.coarse = (lines(rest.old, aIndex, oldEnd), lines(rest.new, bIndex, newEnd))
        }
        return matching
    }

    /// Myers' greedy forward search over `a` and `b`: the matched pairs, and when it stopped
    /// after `maximumEdits` differences, the regions it left unmatched.
    private static func myers(_ a: [Int32], _ b: [Int32], maximumEdits: Int)
        -> (pairs: [(Int, Int)], rest: (old: Range<Int>, new: Range<Int>)?)
    {
        let n = a.count
        let m = b.count
        // Row d holds the furthest x on diagonals k = -d, -d+2, …, d (k = x - y), at (k + d) / 2;
        // `rows[d]` is where row d starts in `trace`.
        var trace: [Int32] = []
        var rows: [Int] = []
        func x(_ d: Int, _ k: Int) -> Int { Int(trace[rows[d] + (k + d) / 2]) }
        var end: (x: Int, y: Int, d: Int)?
        search: for d in 0...max(0, min(n + m, maximumEdits)) {
            rows.append(trace.count)
            for k in stride(from: -d, through: d, by: 2) {
                var px: Int
                if d == 0 {
                    px = 0
                } else if k == -d || (k != d && x(d - 1, k - 1) < x(d - 1, k + 1)) {
                    px = x(d - 1, k + 1)  // down: a line of `b` inserted
                } else {
                    px = x(d - 1, k - 1) + 1  // right: a line of `a` removed
                }
                var py = px - k
                while px < n && py < m && a[px] == b[py] {
                    px += 1
                    py += 1
                }
                trace.append(Int32(px))
                if px >= n && py >= m {
                    end = (n, m, d)
                    break search
                }
            }
        }
        var rest: (old: Range<Int>, new: Range<Int>)?
        if end == nil {
            // Stopped: start from the point of the last row furthest along, on the grid.
            let d = rows.count - 1
            var best = (x: 0, y: 0)
            for k in stride(from: -d, through: d, by: 2) {
                let px = x(d, k)
                let py = px - k
                if px <= n && py >= 0 && py <= m && px + py > best.x + best.y { best = (px, py) }
            }
            end = (best.x, best.y, d)
        }
        var pairs: [(Int, Int)] = []
        if let stop = end, stop.x < n || stop.y < m {
            // The common tail of what remains still matches line for line.
            var (xe, ye) = (n, m)
            while xe > stop.x && ye > stop.y && a[xe - 1] == b[ye - 1] {
                xe -= 1
                ye -= 1
                pairs.append((xe, ye))
            }
            rest = (stop.x..<xe, stop.y..<ye)
        }
        // Trace back: each row's step came from the previous row's furthest point on the
        // neighbouring diagonal, chosen as the search chose it, with a run of matches after.
        var (px, py, d) = end!
        while d > 0 {
            let k = px - py
            let prevK = (k == -d || (k != d && x(d - 1, k - 1) < x(d - 1, k + 1))) ? k + 1 : k - 1
            let prevX = x(d - 1, prevK)
            let prevY = prevX - prevK
            while px > prevX && py > prevY {
                px -= 1
                py -= 1
                pairs.append((px, py))
            }
            (px, py) = (prevX, prevY)
            d -= 1
        }
        while px > 0 && py > 0 {
            px -= 1
            py -= 1
            pairs.append((px, py))
        }
        return (pairs, rest)
    }

    /// One step of the edit script: a line kept (both indices), removed (old only) or inserted
    /// (new only); `oldBefore`/`newBefore` count the lines before it on each side.
    private struct Edit {
        var old: Int?
        var new: Int?
        var oldBefore: Int
        var newBefore: Int
    }

    /// Between two kept lines, the removed lines come first, then the inserted ones.
    private static func editScript(oldMatched: [Bool], newMatched: [Bool]) -> [Edit] {
        var script: [Edit] = []
        script.reserveCapacity(oldMatched.count + newMatched.count)
        var i = 0
        var j = 0
        while i < oldMatched.count || j < newMatched.count {
            if i < oldMatched.count, !oldMatched[i] {
                script.append(Edit(old: i, new: nil, oldBefore: i, newBefore: j))
                i += 1
            } else if j < newMatched.count, !newMatched[j] {
                script.append(Edit(old: nil, new: j, oldBefore: i, newBefore: j))
                j += 1
            } else {
                script.append(Edit(old: i, new: j, oldBefore: i, newBefore: j))
                i += 1
                j += 1
            }
        }
        return script
    }

    /// Ranges of the script to print: each change with `context` kept lines around it, hunks
    /// closer than twice the context merged.
    private static func hunks(of script: [Edit], context: Int) -> [Range<Int>] {
        let changes = script.indices.filter { script[$0].old == nil || script[$0].new == nil }
        var ranges: [Range<Int>] = []
        for change in changes {
            let lower = max(0, change - context)
            let upper = min(script.count, change + context + 1)
            if let last = ranges.last, lower <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, upper)
            } else {
                ranges.append(lower..<upper)
            }
        }
        return ranges
    }
}
