import MediateSyntax

/// An error a design reports instead of a delivery; the transcript writes it as a `!` line.
public enum DeliveryError: Hashable, Sendable {
    /// The mediator (or the sender's peers) holds no participant of that name.
    case missingReceiver(String)
    /// No mediator carries the send.
    case noMediator
    /// The design refuses the participant for a reason of its own, written `REASON NAME`
    /// (direct-delegate's `fixedColleagues NAME`). `reason` is one word.
    case refused(reason: String, name: String)
    /// The colleague object was made by another design, which this design cannot hold.
    case foreignColleague(String)
    /// The design's own error, written after `! ` as given: a word, then any detail.
    case other(String)

    /// `ERROR DETAIL`, as the transcript writes it after `! `.
    public var written: String {
        switch self {
        case .missingReceiver(let name): return "missingReceiver \(name)"
        case .noMediator: return "noMediator"
        case .refused(let reason, let name): return "\(reason) \(name)"
        case .foreignColleague(let name): return "foreignColleague \(name)"
        case .other(let text): return text
        }
    }

    /// The error's word and its detail, as JSON lines write them.
    public var parts: (error: String, detail: String?) {
        switch self {
        case .missingReceiver(let name): return ("missingReceiver", name)
        case .noMediator: return ("noMediator", nil)
        case .refused(let reason, let name): return (reason, name)
        case .foreignColleague(let name): return ("foreignColleague", name)
        case .other(let text):
            guard let space = text.firstIndex(of: " ") else { return (text, nil) }
            return (String(text[..<space]), String(text[text.index(after: space)...]))
        }
    }
}
