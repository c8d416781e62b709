/// What one screen tells the others about an article.
public enum ScreenEvent: Equatable, Sendable {
    /// The reader liked the article.
    case liked(article: Int)
    /// The reader finished reading the article.
    case read(article: Int)
}

/// Why the coordinator could not pass an event on.
public enum CoordinatorError: Error, Equatable, Sendable {
    /// No open screen has that name.
    case noSuchScreen(String)
    /// The screen's coordinator is gone.
    case noCoordinator
}
