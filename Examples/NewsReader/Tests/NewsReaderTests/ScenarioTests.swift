import MediateTesting
import NewsReaderDesign
import Testing

/// Every scenario under the app's own design, against the goldens that
/// `swift package mediate check --mediator screen-coordinator` keeps in Output/.
@Test(arguments: ["reading", "closed-article", "released-screen"])
func scenario(_ name: String) {
    assertScenario("Scenarios/\(name).scenario", under: ScreenCoordinatorDesign.self)
}
