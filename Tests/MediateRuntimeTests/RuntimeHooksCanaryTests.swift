import Foundation
import Testing

@testable import MediateRuntime

/// Fails loudly when the Swift runtime stops behaving as the scheduler relies on: a new toolchain
/// that sends detached tasks, main-actor hops or sleeps another way. (One that drops a hook fails
/// to link: CConcurrencyHooks names them.)
@Suite struct RuntimeHooksCanaryTests {
    @Test func eachPathReachesTheSchedulerAsReliedOn() {
        let scheduler = Scheduler()
        scheduler.start {
            await Task.detached {}.value
            await MainActor.run {}
            try? await Task.sleep(for: .milliseconds(5))
        }
        #expect(scheduler.runUntilQuiescent() == .quiescent)
        for path in JobPath.allCases {
            #expect(scheduler.jobsRun(by: path) > 0, "no job came to the scheduler by the \(path) path; see docs/SCHEDULER.md")
        }
        #expect(scheduler.now == .milliseconds(5))
    }

    @Test func theHooksLeaveOtherThreadsAloneAndAreGoneAfterTheRun() async {
        let scheduler = Scheduler()
        scheduler.start {}
        #expect(scheduler.runUntilQuiescent() == .quiescent)
        #expect(RuntimeHooks.current == nil)
        // Not on a scheduler's thread: the global executor runs it, and the test's task gets it back.
        #expect(await Task.detached { 42 }.value == 42)
        #expect(scheduler.jobsRun(by: .global) == 0)
    }
}
