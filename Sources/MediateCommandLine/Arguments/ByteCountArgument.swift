import ArgumentParser
import MediateKit

/// A size such as `64M` (see `ByteCount`), shown in `--help` as it was written.
struct ByteCountArgument: ExpressibleByArgument {
    var value: ByteCount
    var written: String

    /// What a run may write unless told otherwise: `RunLimits`' default.
    static let `default` = ByteCountArgument(value: ByteCount(RunLimits().maxOutputBytes), written: "64M")

    init(value: ByteCount, written: String) {
        self.value = value
        self.written = written
    }

    init?(argument: String) {
        guard let value = ByteCount(parsing: argument) else { return nil }
        self.init(value: value, written: argument)
    }

    var defaultValueDescription: String { written }
}
