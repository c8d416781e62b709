/// Edit distances between names, for `did you mean` suggestions.
enum EditDistance {
    /// The least number of one-character insertions, deletions and substitutions that turn `a`
    /// into `b`, counted in characters.
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
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
    static func closest(to word: String, among candidates: some Sequence<String>, maximum: Int = 2) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = between(word, candidate)
            if distance <= maximum, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }
}
