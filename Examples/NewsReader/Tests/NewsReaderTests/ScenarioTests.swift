import MediateTesting
import NewsReaderDesign
import Testing

/// Every scenario under the app's own design, against the goldens that
/// `swift package mediate check --mediator screen-coordinator` keeps in Output/.
@Test(arguments: ["reading", "closed-article", "released-screen"])
func scenario(_ name: String) {
    assertScenario("Scenarios/\(name).scenario", under: ScreenCoordinatorDesign.self)
}

/// Three posts at once reach the coordinator in whatever order its tasks run: against the goldens
/// (the fixed order), then under 200 schedules, as `swift package mediate explore` runs them. The
/// screens hear their events in different orders, and every screen still hears every one.
@Test func postsAtOnceReachEveryScreenInAnyOrder() {
    assertScenario("Scenarios/at-once.scenario", under: ScreenCoordinatorDesign.self, schedules: 200)
}
