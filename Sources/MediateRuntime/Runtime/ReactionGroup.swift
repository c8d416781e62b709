import MediateSyntax

/// The reactions of one subject (a participant, a type or the mediator) and one trigger, in the
/// order written, found by the message name their pattern names.
///
/// A delivery tests only the reactions whose pattern can match its message: those on its name,
/// and those on `any`, merged back into the order written. A type with thousands of reactions
/// on other messages costs a delivery one dictionary look-up, not a test of each.
struct ReactionGroup {
    /// Reactions whose pattern names a message, by that name, each list in the order written.
    private var named: [String: [Reaction]] = [:]
    /// Reactions on `any`, in the order written.
    private var wildcards: [Reaction] = []

    /// An empty group.
    init() {}

    /// Whether the group holds no reaction.
    var isEmpty: Bool { named.isEmpty && wildcards.isEmpty }

    /// Adds `reaction` after every reaction of the group written above it: at the end when the
    /// reactions come in the order written, in its place when one is put in force later
    /// (`from here`). Found by a binary search: a file may put thousands in force one by one.
    mutating func insert(_ reaction: Reaction) {
        switch reaction.pattern {
        case .any: Self.insert(reaction, into: &wildcards)
        case .named(let name, _, _): Self.insert(reaction, into: &named[name.text, default: []])
        }
    }

    private static func insert(_ reaction: Reaction, into list: inout [Reaction]) {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].range.lowerBound > reaction.range.lowerBound { high = middle } else { low = middle + 1 }
        }
        list.insert(reaction, at: low)
    }

    /// The reactions whose pattern can match `message`, in the order written: those on its name
    /// and those on `any` (a text message: those on `any` only).
    func candidates(for message: Message) -> Candidates {
        guard case .named(let name, _) = message, let list = named[name] else {
            return Candidates(named: [], wildcards: wildcards[...])
        }
        return Candidates(named: list[...], wildcards: wildcards[...])
    }

    /// Two lists in the order written, read as one in that order.
    struct Candidates: Sequence, IteratorProtocol {
        var named: ArraySlice<Reaction>
        var wildcards: ArraySlice<Reaction>

        mutating func next() -> Reaction? {
            guard let first = named.first else { return wildcards.popFirst() }
            guard let wildcard = wildcards.first, wildcard.range.lowerBound < first.range.lowerBound else {
                return named.popFirst()
            }
            return wildcards.popFirst()
        }
    }
}
