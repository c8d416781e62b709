import NewsReader
import Testing

/// The app on its own: which screens the coordinator tells, and what it keeps alive.
@MainActor
@Suite struct ScreenCoordinatorTests {
    @Test func everyOtherOpenScreenHearsInOpeningOrder() async throws {
        let coordinator = ScreenCoordinator()
        let feed = Screen(name: "Feed", coordinator: coordinator)
        let article = Screen(name: "Article", coordinator: coordinator)
        let profile = Screen(name: "Profile", coordinator: coordinator)
        var heard: [String] = []
        for screen in [feed, article, profile] {
            await screen.open()
            screen.onEvent = { event, sender in heard.append("\(screen.name) <- \(sender ?? "coordinator"): \(event)") }
        }
        try await article.post(.liked(article: 7))
        await coordinator.post(.read(article: 3))
        #expect(
            heard == [
                "Feed <- Article: liked(article: 7)", "Profile <- Article: liked(article: 7)",
                "Feed <- coordinator: read(article: 3)", "Article <- coordinator: read(article: 3)",
                "Profile <- coordinator: read(article: 3)",
            ])
        #expect(article.events.map(\.event) == [.read(article: 3)])
    }

    @Test func aPostToOneScreenReachesOnlyIt() async throws {
        let coordinator = ScreenCoordinator()
        let feed = Screen(name: "Feed", coordinator: coordinator)
        let profile = Screen(name: "Profile", coordinator: coordinator)
        await feed.open()
        await profile.open()
        try await feed.post(.read(article: 12), to: "Profile")
        #expect(profile.events.map(\.event) == [.read(article: 12)])
        #expect(profile.events.map(\.from) == ["Feed"])
        await #expect(throws: CoordinatorError.noSuchScreen("Article")) { try await feed.post(.liked(article: 1), to: "Article") }
    }

    @Test func aClosedScreenHearsNothingMore() async throws {
        let coordinator = ScreenCoordinator()
        let feed = Screen(name: "Feed", coordinator: coordinator)
        let article = Screen(name: "Article", coordinator: coordinator)
        await feed.open()
        await article.open()
        await article.close()
        try await feed.post(.liked(article: 2))
        #expect(article.events.isEmpty)
        #expect(await coordinator.screens.map(\.name) == ["Feed"])
    }

    @Test func theCoordinatorDoesNotKeepAScreenAlive() async {
        let coordinator = ScreenCoordinator()
        weak var gone: Screen?
        do {
            let article = Screen(name: "Article", coordinator: coordinator)
            await article.open()
            gone = article
            #expect(await coordinator.screens.count == 1)
        }
        #expect(gone == nil)
        #expect(await coordinator.screens.isEmpty)
    }

    @Test func aScreenDoesNotKeepItsCoordinatorAlive() async {
        weak var gone: ScreenCoordinator?
        let screen: Screen
        do {
            let coordinator = ScreenCoordinator()
            screen = Screen(name: "Feed", coordinator: coordinator)
            await screen.open()
            gone = coordinator
        }
        #expect(gone == nil)
        #expect(screen.coordinator == nil)
        await #expect(throws: CoordinatorError.noCoordinator) { try await screen.post(.liked(article: 1)) }
    }
}
