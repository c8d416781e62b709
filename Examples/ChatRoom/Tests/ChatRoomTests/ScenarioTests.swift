import ChatRoomDesign
import MediateTesting
import Testing

/// Every scenario under the app's own design, against the goldens that `swift package mediate
/// check` keeps in Output/.
@Test(arguments: ["lobby", "dropped", "help-desk"])
func scenario(_ name: String) {
    assertScenario("Scenarios/\(name).scenario", under: ChatRoomDesign.self)
}
