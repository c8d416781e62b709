import ArgumentParser
import MediateKit

/// A ``Shard`` as written on the command line, `K/N`; another string is a usage error (exit 64).
struct ShardArgument: ExpressibleByArgument {
    var shard: Shard

    init?(argument: String) {
        guard let shard = Shard(argument) else { return nil }
        self.shard = shard
    }
}
