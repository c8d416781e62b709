import ArgumentParser
import MediateKit

/// `--mediator`: a design's name or `all`, listed in `--help`; another is a usage error (exit 64)
/// that lists them.
struct MediatorChoiceArgument: ExpressibleByArgument {
    var choice: MediatorChoice

    init?(argument: String) {
        choice = MediatorChoice(argument: argument)
        if case .kind(let kind) = choice, Mediate.designs.design(kind) == nil { return nil }
    }

    static var allValueStrings: [String] { Mediate.designs.kinds.map(\.rawValue) + ["all"] }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
