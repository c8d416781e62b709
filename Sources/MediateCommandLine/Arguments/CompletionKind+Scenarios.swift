import ArgumentParser

extension CompletionKind {
    /// `.scenario` files, and folders to look in.
    static let scenarios = CompletionKind.file(extensions: ["scenario"])
}
