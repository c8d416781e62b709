package import MediateRuntime
import MediateSyntax

/// The message flow of a run, gathered from its events: who sent what to whom, numbered as the
/// transcript numbers sends (1, 1.1, 2 …), as a UML communication diagram shows it.
///
/// Memory stays bounded however long the run: each link keeps its first few distinct messages
/// with their counts, and only counts the rest; past ``maxLinks`` links, messages on new links
/// are only counted. A kept message shares its values' storage with the run's.
public struct MessageGraph: Hashable, Sendable {
    /// The most distinct messages a link keeps; later ones are only counted.
    public static let distinctMessagesPerLink = 8
    /// The most links kept: 1,000 participants could make a million.
    public static let maxLinks = 10_000

    /// A distinct message on a link: the message, whether its delivery failed, how often it
    /// went, and the send numbers of its first occurrences.
    package struct Message: Hashable, Sendable {
        package var message: MediateRuntime.Message
        package var failed: Bool
        package var count: Int
        package var numbers: [String]
    }

    /// A link between two nodes, with its messages in the order they first happened.
    package struct Link: Hashable, Sendable {
        package var from: String
        package var to: String
        package var messages: [Message]
        /// Messages beyond the distinct ones kept.
        package var uncounted: Int
        /// Every message on the link.
        package var total: Int
    }

    /// Participants in declaration order, then the mediator if it sent or was sent to.
    package var nodes: [String] = []
    /// The mediator's node: `mediator`, or the name the scenario gives it (language 1.1).
    package var mediator = "mediator"
    /// Participant types, by name.
    package var types: [String: String] = [:]
    /// Links in the order their first message happened.
    package var links: [Link] = []
    /// Messages on links beyond ``maxLinks``, only counted.
    package var unlinkedMessages = 0

    /// The total number of messages on all links.
    public var messageCount: Int { links.reduce(0) { $0 + $1.total } + unlinkedMessages }
}
