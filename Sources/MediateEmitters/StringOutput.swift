/// Collects text in memory, for tests.
public final class StringOutput: TextOutput {
    /// Everything written so far.
    public private(set) var text = ""

    /// An empty output.
    public init() {}

    /// Appends `text`.
    public func write(_ text: String) { self.text += text }
    /// Does nothing: the text is already in memory.
    public func flush() {}
}
