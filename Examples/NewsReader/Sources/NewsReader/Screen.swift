/// One screen of the app (the feed, an article, the reader's profile): it takes the coordinator
/// in `init`, holds it weakly, and hears from the other screens only through it.
@MainActor
public final class Screen {
    /// The name other screens address it by: `Feed`, `Article`, `Profile`.
    public nonisolated let name: String
    /// The coordinator, given to `init` and held weakly: the app's scene owns it.
    public nonisolated weak let coordinator: ScreenCoordinator?
    /// What the other screens told this one, in order, with who told it (nil: the coordinator).
    public private(set) var events: [(event: ScreenEvent, from: String?)] = []
    /// Called with every event the screen receives, as its view would show it.
    public var onEvent: ((ScreenEvent, _ from: String?) -> Void)?

    public nonisolated init(name: String, coordinator: ScreenCoordinator) {
        self.name = name
        self.coordinator = coordinator
    }

    /// Opens the screen: from now on the coordinator tells it what the others do.
    public func open() async {
        await coordinator?.add(self)
    }

    /// Closes the screen: the coordinator tells it nothing more.
    public func close() async {
        await coordinator?.remove(self)
    }

    /// Tells every other open screen about `event`.
    public func post(_ event: ScreenEvent) async throws(CoordinatorError) {
        guard let coordinator else { throw .noCoordinator }
        await coordinator.post(event, from: self)
    }

    /// Tells the open screen called `name` about `event`.
    public func post(_ event: ScreenEvent, to name: String) async throws(CoordinatorError) {
        guard let coordinator else { throw .noCoordinator }
        try await coordinator.post(event, from: self, to: name)
    }

    /// Where the coordinator hands the screen an event.
    func receive(_ event: ScreenEvent, from sender: String?) {
        events.append((event, sender))
        onEvent?(event, sender)
    }
}
