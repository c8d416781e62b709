public import MediateSyntax

/// A message as it is delivered: a text, or a name with arguments.
///
/// A scenario's `Feed -> *: likeAdded(id: 1)` reaches your design's
/// ``Design/broadcast(_:from:toType:)`` as `.named("likeAdded", [Argument(label: "id", value:
/// .number(1))])`, and `Feed -> *: "hello"` as `.text("hello")`. Read an argument by its label
/// with ``argument(_:)``, then its `Value`:
///
/// ```swift
/// func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
///     switch message {
///     case .named("likeAdded", _):
///         guard case .number(let id)? = message.argument("id") else {
///             return courier.fail(.other("badArgument likeAdded"))
///         }
///         mediator.likeAdded(id: Int(id))    // your app's call
///     case .named, .text:
///         courier.fail(.other("unknownMessage \(message.written)"))
///     }
/// }
/// ```
public enum Message: Hashable, Sendable {
    /// A text, `"…"` in a scenario.
    case text(String)
    /// A name with arguments, `NAME(LABEL: VALUE, …)` in a scenario.
    case named(String, [Argument])

    /// One argument of a named message; `label` is kept where it was written.
    public struct Argument: Hashable, Sendable {
        /// The argument's label, or nil where none was written.
        public var label: String?
        /// The argument's value.
        public var value: Value

        /// An argument `LABEL: VALUE`, or `VALUE` without a label.
        public init(label: String?, value: Value) {
            self.label = label
            self.value = value
        }

        /// Equal labels and equal values; written out and inlinable, as `Message`'s is.
        @inlinable public static func == (lhs: Argument, rhs: Argument) -> Bool {
            lhs.label == rhs.label && lhs.value == rhs.value
        }
    }

    /// Written out and inlinable, as the synthesized one is not: a transcript compares every
    /// delivery's message with the last one, from another module.
    @inlinable public static func == (lhs: Message, rhs: Message) -> Bool {
        switch (lhs, rhs) {
        case (.text(let left), .text(let right)): return left == right
        case (.named(let left, let leftArguments), .named(let right, let rightArguments)):
            return left == right && leftArguments == rightArguments
        case (.text, .named), (.named, .text): return false
        }
    }

    /// The value of the first argument labelled `label` (`argument("id")` of `likeAdded(id: 1)`
    /// is `.number(1)`), or nil when the message has none: a text message, or no such label.
    ///
    /// - Parameter label: The argument's label, as the scenario writes it.
    /// - Returns: Its value, or nil.
    public func argument(_ label: String) -> Value? {
        guard case .named(_, let arguments) = self else { return nil }
        return arguments.first { $0.label == label }?.value
    }

    /// The message's name, or nil for a text message.
    public var name: String? {
        if case .named(let name, _) = self { return name }
        return nil
    }

    /// The message as transcripts write it: `"text"` quoted and escaped, or `NAME(LABEL: VALUE, …)`.
    public var written: String {
        switch self {
        case .text(let text): return Value.quoted(text)
        case .named(let name, let arguments): return Message.namedForm(name, arguments)
        }
    }

    /// The message as `{message}` interpolates it: a text unquoted, else its named form.
    public var interpolated: String {
        switch self {
        case .text(let text): return text
        case .named(let name, let arguments): return Message.namedForm(name, arguments)
        }
    }

    private static func namedForm(_ name: String, _ arguments: [Argument]) -> String {
        guard !arguments.isEmpty else { return name }
        let list = arguments.map { argument in
            (argument.label.map { "\($0): " } ?? "") + argument.value.written
        }
        return name + "(" + list.joined(separator: ", ") + ")"
    }
}
