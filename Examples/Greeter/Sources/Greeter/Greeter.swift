/// The code the scenarios document: greeters that pass greetings through a mediator.
public struct Greeting: Sendable {
    public var from: String
    public var text: String

    public init(from: String, text: String) {
        self.from = from
        self.text = text
    }
}
