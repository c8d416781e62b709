/// How a run is written: the full transcript, only the `log` lines, or JSON lines.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// The transcript: every statement and delivery, as goldens hold it.
    case transcript
    /// Only the lines reactions `log`.
    case log
    /// One JSON object per event.
    case jsonl

    /// The file extension `--output` uses for this format.
    public var fileExtension: String {
        switch self {
        case .transcript: return "transcript"
        case .log: return "log"
        case .jsonl: return "jsonl"
        }
    }
}
