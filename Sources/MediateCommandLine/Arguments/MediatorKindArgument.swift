import ArgumentParser
import MediateKit

/// `--mediator` where `all` makes no sense: a registered design's name. Another is a usage error
/// (exit 64) that lists the designs, as ArgumentParser reports a value it cannot parse.
struct MediatorKindArgument: ExpressibleByArgument {
    var kind: MediatorKind

    init?(argument: String) {
        kind = MediatorKind(argument)
        guard Mediate.designs.design(kind) != nil else { return nil }
    }

    static var allValueStrings: [String] { Mediate.designs.kinds.map(\.rawValue) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
