import ArgumentParser
import MediateKit

/// `--diagnostics-format`, shared by every command that reports diagnostics.
struct DiagnosticOptions: ParsableArguments {
    @Option(
        name: .customLong("diagnostics-format"),
        help: "How to write errors: text (for people), json (one object per line), github (annotations).")
    var choice: ArgumentChoice<DiagnosticFormat> = ArgumentChoice(.text)

    var format: DiagnosticFormat { choice.value }
}
