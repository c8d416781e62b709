/// Edit distances between names, for `did you mean` suggestions.
package enum EditDistance {
    /// Names longer than this, in characters, are neither given nor offered as suggestions: no
    /// one misspells them, and comparing them costs the product of their lengths.
    static let longestName = 64

    /// The least number of one-character insertions, deletions and substitutions that turn `a`
    /// into `b`, counted in characters.
    static func between(_ a: String, _ b: String) -> Int {
        between(Array(a), Array(b))
    }

    private static func between(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let above = row[j]
                row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }

    /// The candidate nearest to `word` within `maximum` edits, other than `word` itself; a tie
    /// goes to the candidate that comes first.
    package static func closest(to word: String, among candidates: some Sequence<String>, maximum: Int = 2) -> String? {
        var unlimited = Int.max
        return closest(to: word, among: candidates, maximum: maximum, budget: &unlimited)
    }

    /// `closest(to:among:maximum:)` that spends at most `budget`: one unit per candidate looked
    /// at, plus the product of the two lengths per distance computed. With the budget spent it
    /// returns nil, so that no file can make suggestions cost more than the budget.
    static func closest(
        to word: String, among candidates: some Sequence<String>, maximum: Int = 2,
        budget: inout Int
    ) -> String? {
        let letters = Array(word)
        guard letters.count <= longestName else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            budget -= 1
            guard budget > 0 else { return nil }
            // A length difference is a lower bound of the distance; utf8 counts bound characters.
            guard candidate.utf8.count <= longestName * 4 else { continue }
            let other = Array(candidate)
            guard other.count <= longestName, abs(other.count - letters.count) <= maximum else { continue }
            budget -= letters.count * other.count
            guard budget > 0 else { return nil }
            let distance = between(letters, other)
            if distance <= maximum, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }
}
