/// How a run is written: the full transcript, only the `log` lines, or JSON lines.
public enum OutputFormat: String, CaseIterable, Sendable {
    case transcript, log, jsonl

    /// The file extension `--output` uses for this format.
    public var fileExtension: String {
        switch self {
        case .transcript: return "transcript"
        case .log: return "log"
        case .jsonl: return "jsonl"
        }
    }

    /// Renders one event as zero or more complete lines, each ending in `\n`.
    public func render(_ event: TranscriptEvent) -> String {
        switch self {
        case .transcript: return TranscriptFormatter.line(for: event) + "\n"
        case .log:
            if case .log(let text, _) = event { return text + "\n" }
            return ""
        case .jsonl: return JSONLinesFormatter.line(for: event) + "\n"
        }
    }
}
