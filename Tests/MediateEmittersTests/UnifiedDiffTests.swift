import PropertyBased
import Testing

@testable import MediateDesigns
@testable import MediateKit

@Suite("Unified diff")
struct UnifiedDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(UnifiedDiff.diff(expected: "a\nb\n", actual: "a\nb\n") == nil)
    }

    @Test func hunksHaveThreeLinesOfContextAndMergeWhenClose() {
        let old = (1...20).map { "line \($0)\n" }.joined()
        var newLines = (1...20).map { "line \($0)" }
        newLines[4] = "changed 5"
        newLines[9] = "changed 10"
        newLines[18] = "changed 19"
        let new = newLines.map { $0 + "\n" }.joined()
        #expect(
            UnifiedDiff.diff(expected: old, actual: new) == """
                --- expected
                +++ actual
                @@ -2,12 +2,12 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +changed 5
                 line 6
                 line 7
                 line 8
                 line 9
                -line 10
                +changed 10
                 line 11
                 line 12
                 line 13
                @@ -16,5 +16,5 @@
                 line 16
                 line 17
                 line 18
                -line 19
                +changed 19
                 line 20

                """)
    }

    @Test func insertionsAtTheStartAndAMissingFinalNewline() {
        #expect(
            UnifiedDiff.diff(expected: "b\n", actual: "a\nb") == """
                --- expected
                +++ actual
                @@ -1 +1,2 @@
                -b
                +a
                +b
                \\ No newline at end of file

                """)
        #expect(
            UnifiedDiff.diff(expected: "", actual: "x\n", expectedName: "old", actualName: "new") == """
                --- old
                +++ new
                @@ -0,0 +1 @@
                +x

                """)
    }

    @Test func carriageReturnsStayPartOfTheirLines() {
        #expect(
            UnifiedDiff.diff(expected: "a\r\nb\r\n", actual: "a\r\nc\r\n")
                == "--- expected\n+++ actual\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
    }
}

/// The Myers search against the implementation it replaced (the standard library's
/// `difference(from:)`, kept below as a tiny reference), over generated texts of few distinct
/// lines, so repeats and ties are common; a search capped at one difference; and large diffs.
///
/// A failure prints the generated case and a `.fixedSeed(…)` trait that replays it.
@Suite("Unified diff, generated")
struct GeneratedUnifiedDiffTests {
    static let text = Gen<Int>.int(in: 0...4).map { ["a", "b", "c", "", "a\r"][$0] }
        .array(of: 0...12)
        .map { $0.map { $0 + "\n" }.joined() }
    static let texts = zip(text, text, Gen.bool, Gen.bool).map { old, new, oldCut, newCut in
        // Sometimes without the final newline.
        (oldCut && !old.isEmpty ? String(old.dropLast()) : old, newCut && !new.isEmpty ? String(new.dropLast()) : new)
    }

    /// Where several diffs are shortest the two may pick different ones, so what must agree is
    /// how many lines each removes and inserts; and the diff must show both texts whole.
    @Test func asFewLinesChangeAsInTheReferenceDiffAndBothTextsAreShownWhole() async {
        await propertyCheck(count: 1000, input: Self.texts) { texts in
            let (old, new) = texts
            let diff = UnifiedDiff.diff(expected: old, actual: new, context: 100)
            let reference = Self.referenceDiff(old, new)
            #expect(diff.map(Self.changeCounts) == reference.map(Self.changeCounts), "\(old.debugDescription) → \(new.debugDescription)")
            if let diff { #expect(Self.sides(of: diff) == (old, new), "\(old.debugDescription) → \(new.debugDescription)\n\(diff)") }
        }
    }

    static func changeCounts(_ diff: String) -> [Int] {
        let lines = diff.utf8.split(separator: 10).dropFirst(2)
        return [lines.filter { $0.first == UInt8(ascii: "-") }.count, lines.filter { $0.first == UInt8(ascii: "+") }.count]
    }

    @Test func aCappedSearchStillShowsBothTextsWhole() async {
        await propertyCheck(count: 300, input: Self.texts) { texts in
            let (old, new) = texts
            guard let diff = UnifiedDiff.diff(expected: old, actual: new, context: 100, maximumEdits: 1) else { return }
            #expect(Self.sides(of: diff) == (old, new), "\(old.debugDescription) → \(new.debugDescription)\n\(diff)")
        }
    }

    @Test func twentyThousandChangedLinesInThreeHundredThousand() throws {
        let old = (0..<300_000).map { "line \($0)\n" }
        var new = old
        for i in stride(from: 7, to: 300_000, by: 15) { new[i] = "changed \(i)\n" }
        let diff = try #require(UnifiedDiff.diff(expected: old.joined(), actual: new.joined()))
        #expect(!diff.hasPrefix("note:"))
        #expect(diff.split(separator: "\n").filter { $0.hasPrefix("+changed") }.count == 20_000)
        // Shuffled, the lines differ in far more places than the cap: one block and a note.
        let shifted = try #require(UnifiedDiff.diff(expected: old.joined(), actual: (old + old.suffix(1)).shuffled().joined()))
        #expect(shifted.hasPrefix("note: the diff was simplified"))
    }

    /// The diff as the implementation before Myers wrote it: `difference(from:)` picks the lines.
    static func referenceDiff(_ expected: String, _ actual: String) -> String? {
        guard expected != actual else { return nil }
        func lines(_ text: String) -> [String] {
            var lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) + "\n" }
            if text.utf8.last == 10 || text.isEmpty {
                lines.removeLast()
            } else {
                lines[lines.count - 1] += "\\ No newline at end of file\n"
            }
            return lines
        }
        let old = lines(expected), new = lines(actual)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // (old index, new index, lines before on each side) per step: removals, then insertions.
        var script: [(old: Int?, new: Int?, before: (Int, Int))] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if removed.contains(i) {
                script.append((i, nil, (i, j))); i += 1
            } else if j < new.count, inserted.contains(j) {
                script.append((nil, j, (i, j))); j += 1
            } else {
                script.append((i, j, (i, j))); i += 1; j += 1
            }
        }
        var out = "--- expected\n+++ actual\n"
        var hunks: [Range<Int>] = []
        for c in script.indices where script[c].old == nil || script[c].new == nil {
            let r = max(0, c - 3)..<min(script.count, c + 4)
            if let last = hunks.last, r.lowerBound <= last.upperBound {
                hunks[hunks.count - 1] = last.lowerBound..<r.upperBound
            } else {
                hunks.append(r)
            }
        }
        func range(_ start: Int, _ count: Int) -> String { count == 1 ? "\(start)" : "\(start),\(count)" }
        for hunk in hunks {
            let steps = script[hunk]
            let olds = steps.compactMap(\.old), news = steps.compactMap(\.new)
            out +=
                "@@ -\(range(olds.first.map { $0 + 1 } ?? steps.first!.before.0, olds.count)) +\(range(news.first.map { $0 + 1 } ?? steps.first!.before.1, news.count)) @@\n"
            for step in steps {
                switch (step.old, step.new) {
                case (let o?, _?): out += " " + old[o]
                case (let o?, nil): out += "-" + old[o]
                case (nil, let n?): out += "+" + new[n]
                case (nil, nil): break
                }
            }
        }
        return out
    }

    /// The two texts a diff with all its lines in one hunk shows: kept and removed lines, and
    /// kept and inserted lines (a `\ No newline` line takes the newline off the line before).
    static func sides(of diff: String) -> (old: String, new: String) {
        var old = "", new = ""
        var last: UInt8 = 0
        let lines = diff.utf8.split(separator: 10, omittingEmptySubsequences: false).dropLast()
        for line in lines.drop(while: { !$0.starts(with: "@@".utf8) }).dropFirst() {
            let text = String(decoding: line.dropFirst(), as: UTF8.self) + "\n"
            switch line.first {
            case UInt8(ascii: " "): old += text; new += text
            case UInt8(ascii: "-"): old += text
            case UInt8(ascii: "+"): new += text
            default:
                if last != UInt8(ascii: "+") { old = String(decoding: old.utf8.dropLast(), as: UTF8.self) }
                if last != UInt8(ascii: "-") { new = String(decoding: new.utf8.dropLast(), as: UTF8.self) }
            }
            last = line.first ?? 0
        }
        return (old, new)
    }
}
