package import MediateSyntax

/// A `! missingReceiver NAME` line for a participant that a `leave` took out.
package struct MissingAfterLeave: Hashable, Sendable {
    /// The participant.
    package var name: String
    /// The top-level send that wrote the line (its target `NAME`), or the step during which a
    /// reaction's send wrote it.
    package var range: SourceRange
    /// The `leave` statement, at the top level or in a reaction.
    package var leftAt: SourceRange
}
