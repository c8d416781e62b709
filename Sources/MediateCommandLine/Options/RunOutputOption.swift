import ArgumentParser
import MediateKit

/// `--max-output` as the most bytes each run may write, shared by `run`, `check` and `watch`
/// (`report`'s counts the page's transcripts together).
struct RunOutputOption: ParsableArguments {
    @Option(help: ArgumentHelp("The most bytes each run may write (K, M, G: binary multiples).", valueName: "SIZE"))
    var maxOutput = ByteCountArgument.default

    /// The limit in bytes.
    var bytes: Int { maxOutput.value.bytes }
}
