/// A plain ASCII unified diff of two texts, as `diff -u` writes it: `--- OLD`, `+++ NEW`, then
/// `@@ -a,b +c,d @@` hunks with three lines of context. Lines come from the standard library's
/// `CollectionDifference`.
package enum UnifiedDiff {
    /// The diff of `expected` and `actual`, or nil when they are equal. Every line ends in `\n`.
    package static func diff(expected: String, actual: String, expectedName: String = "expected",
                            actualName: String = "actual", context: Int = 3) -> String? {
        guard expected != actual else { return nil }
        let old = lines(of: expected)
        let new = lines(of: actual)
        let script = editScript(from: old, to: new)
        var out = "--- \(expectedName)\n+++ \(actualName)\n"
        for hunk in hunks(of: script, context: context) {
            let edits = script[hunk]
            let oldCount = edits.filter { $0.old != nil }.count
            let newCount = edits.filter { $0.new != nil }.count
            let oldStart = edits.first(where: { $0.old != nil })?.old.map { $0 + 1 } ?? (edits.first?.oldBefore ?? 0)
            let newStart = edits.first(where: { $0.new != nil })?.new.map { $0 + 1 } ?? (edits.first?.newBefore ?? 0)
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for edit in edits {
                switch (edit.old, edit.new) {
                case (let o?, _?): out += " " + old[o].text + old[o].ending
                case (let o?, nil): out += "-" + old[o].text + old[o].ending
                case (nil, let n?): out += "+" + new[n].text + new[n].ending
                case (nil, nil): break
                }
            }
        }
        return out
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

    /// One step of the edit script: a line kept (both indices), removed (old only) or inserted
    /// (new only); `oldBefore`/`newBefore` count the lines before it on each side.
    private struct Edit {
        var old: Int?
        var new: Int?
        var oldBefore: Int
        var newBefore: Int
    }

    private static func editScript(from old: [Line], to new: [Line]) -> [Edit] {
        let difference = new.difference(from: old)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var script: [Edit] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                script.append(Edit(old: i, new: nil, oldBefore: i, newBefore: j))
                i += 1
            } else if j < new.count, inserted.contains(j) {
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
