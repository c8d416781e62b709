public import MediateSyntax

/// An `expect` line of a run that said `FAILED`.
public struct ExpectationFailure: Hashable, Sendable {
    /// The `expect` statement.
    public var range: SourceRange
    /// The expectation as the transcript repeats it.
    public var text: String
    /// What the condition found, as the line writes it after `got`.
    public var got: String
    /// True when the condition held where `fails` said it was meant to fail; false when it did
    /// not hold where it was meant to.
    public var heldButMeantToFail: Bool

    /// A failure of the expectation at `range`.
    public init(range: SourceRange, text: String, got: String, heldButMeantToFail: Bool) {
        self.range = range
        self.text = text
        self.got = got
        self.heldButMeantToFail = heldButMeantToFail
    }
}
