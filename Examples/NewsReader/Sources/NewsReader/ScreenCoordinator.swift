/// Passes likes and reads between the open screens, so that no screen knows any other.
///
/// An actor: screens reach it with `await`, from the main actor, and it tells each screen on
/// the main actor in turn. It holds the screens weakly: a screen the app lets go of drops out
/// without closing. Events go to the screens in the order they opened.
public actor ScreenCoordinator {
    /// One open screen, held weakly.
    private struct Entry {
        weak var screen: Screen?
    }

    /// The open screens, in the order they opened.
    private var entries: [Entry] = []

    public init() {}

    /// The open screens still alive, in the order they opened.
    public var screens: [Screen] { entries.compactMap(\.screen) }

    /// Adds `screen`, unless it is already open.
    func add(_ screen: Screen) {
        guard !entries.contains(where: { $0.screen === screen }) else { return }
        entries.append(Entry(screen: screen))
    }

    /// Removes this very screen, and tidies away screens that are gone.
    func remove(_ screen: Screen) {
        entries.removeAll { $0.screen === screen || $0.screen == nil }
    }

    /// Tells every open screen but `sender` (nil: the coordinator itself) about `event`.
    public func post(_ event: ScreenEvent, from sender: Screen? = nil) async {
        for screen in screens where screen !== sender {
            await screen.receive(event, from: sender?.name)
        }
    }

    /// Tells the open screen called `name` only about `event`.
    public func post(_ event: ScreenEvent, from sender: Screen? = nil, to name: String) async throws(CoordinatorError) {
        guard let screen = screens.first(where: { $0.name == name }) else { throw .noSuchScreen(name) }
        await screen.receive(event, from: sender?.name)
    }
}
