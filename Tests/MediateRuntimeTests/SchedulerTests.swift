import Foundation
import Synchronization
import Testing

@testable import MediateRuntime

/// An actor that awaits in the middle of each visit, so that a second caller may come in between.
private actor Room {
    var log: [String] = []

    func visit(_ name: String) async {
        log.append("\(name)1")
        await Task.yield()
        log.append("\(name)2")
    }
}

/// What the work of a test records, from whichever thread runs it.
private final class Record: Sendable {
    private let entries = Mutex<[String]>([])
    private let threads = Mutex<[pthread_t]>([])

    func append(_ entry: String) {
        entries.withLock { $0.append(entry) }
        threads.withLock { $0.append(pthread_self()) }
    }

    var log: [String] { entries.withLock { $0 } }
    /// Whether every entry was made on `thread`.
    func allOn(_ thread: pthread_t) -> Bool { threads.withLock { $0.allSatisfy { pthread_equal($0, thread) != 0 } } }
}

@Suite struct SchedulerTests {
    /// Two task-group children call the room; returns the order of their steps and the choices made.
    private func interleaving(_ policy: SchedulePolicy) -> (order: String, choices: [Int]) {
        let scheduler = Scheduler(policy: policy)
        let record = Record()
        scheduler.start {
            let room = Room()
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await room.visit("A") }
                group.addTask { await room.visit("B") }
            }
            record.append(await room.log.joined(separator: " "))
        }
        #expect(scheduler.runUntilQuiescent() == .quiescent)
        #expect(record.allOn(pthread_self()))
        return (record.log.joined(), scheduler.choices)
    }

    @Test func seedsGiveAllSixInterleavingsOfTwoCallersIncludingTheReentrantOnes() {
        let orders = Set((0..<300).map { interleaving(.random(seed: UInt64($0))).order })
        #expect(
            orders == ["A1 A2 B1 B2", "A1 B1 A2 B2", "A1 B1 B2 A2", "B1 A1 A2 B2", "B1 A1 B2 A2", "B1 B2 A1 A2"]
        )
    }

    @Test func aSeedAndItsRecordedChoicesReplayExactly() {
        for seed: UInt64 in [7, 8812] {
            let first = interleaving(.random(seed: seed))
            #expect(interleaving(.random(seed: seed)) == first)
            #expect(interleaving(.replay(first.choices)) == first)
            #expect(interleaving(SchedulePolicy(SchedulePolicy.replay(first.choices).description)!) == first)
        }
    }

    /// PCT's priorities belong to tasks: with depth 1 a task runs until it is done, so the two
    /// callers never interleave; a change point (depth 2) lets one in between.
    @Test func pctRunsATaskToTheEndUnlessAChangePointDropsIt() {
        let steps = max(interleaving(.fixed).choices.count, 1)
        let steady = Set((0..<100).map { interleaving(.pct(seed: UInt64($0), depth: 1, steps: steps)).order })
        #expect(steady == ["A1 A2 B1 B2", "B1 B2 A1 A2"])
        let changing = Set((0..<100).map { interleaving(.pct(seed: UInt64($0), depth: 2, steps: steps)).order })
        #expect(changing.isStrictSuperset(of: steady))
    }

    @Test func aPCTScheduleAndItsRecordedChoicesReplayExactly() {
        for seed: UInt64 in [3, 8812] {
            let first = interleaving(.pct(seed: seed, depth: 3, steps: 6))
            #expect(interleaving(.pct(seed: seed, depth: 3, steps: 6)) == first)
            #expect(interleaving(.replay(first.choices)) == first)
        }
    }

    @Test func theFixedPolicyRunsTheOldestJobFirstEveryTime() {
        let first = interleaving(.fixed)
        #expect(first.order == "A1 B1 A2 B2")
        #expect(first.choices.allSatisfy { $0 == 0 })
        for _ in 0..<20 {
            #expect(interleaving(.fixed) == first)
        }
    }

    @Test func ownsTaskInActorAndTaskGroupChildrenAndStreamsAndContinuations() {
        actor Counter {
            var count = 0
            func spawn(_ record: Record) -> Task<Void, Never> {
                Task {
                    count += 1
                    record.append("task in actor \(count)")
                }
            }
        }
        let scheduler = Scheduler()
        let record = Record()
        scheduler.start {
            await Counter().spawn(record).value
            let sum = await withTaskGroup(of: Int.self) { group in
                for value in 1...3 { group.addTask { value } }
                return await group.reduce(0, +)
            }
            record.append("group \(sum)")
            let (stream, continuation) = AsyncStream.makeStream(of: String.self)
            let consumer = Task {
                for await value in stream { record.append("stream \(value)") }
            }
            continuation.yield("a")
            continuation.yield("b")
            continuation.finish()
            await consumer.value
            let resumed = await withCheckedContinuation { continuation in
                Task { continuation.resume(returning: "resumed") }
            }
            record.append(resumed)
        }
        #expect(scheduler.runUntilQuiescent() == .quiescent)
        #expect(record.log == ["task in actor 1", "group 6", "stream a", "stream b", "resumed"])
        #expect(record.allOn(pthread_self()))
    }

    /// What the lead's run does between steps: a plain method of the design, on the run's thread,
    /// feeds a stream that a task started earlier consumes.
    @Test func aJobEnqueuedOnItsThreadBetweenRunsWaitsForTheNextRun() {
        let scheduler = Scheduler()
        let record = Record()
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        scheduler.start {
            for await value in stream { record.append(value) }
        }
        #expect(scheduler.runUntilQuiescent() == .stalled(unfinishedTasks: 1))
        continuation.yield("a")
        continuation.yield("b")
        #expect(record.log == [])
        #expect(scheduler.runUntilQuiescent() == .stalled(unfinishedTasks: 1))
        #expect(record.log == ["a", "b"])
        continuation.finish()
        #expect(scheduler.runUntilQuiescent() == .quiescent)
        #expect(scheduler.escapedJobs == 0)
    }

    @Test func sleepsRunInVirtualTimeAndWakeInTheOrderOfTheirDeadlines() {
        let scheduler = Scheduler()
        let record = Record()
        scheduler.start {
            try? await Task.sleep(for: .seconds(3600))
            record.append("an hour")
        }
        scheduler.start {
            try? await ContinuousClock().sleep(for: .seconds(2))
            record.append("two seconds")
        }
        scheduler.start {
            try? await SuspendingClock().sleep(for: .seconds(1))
            record.append("one second")
        }
        scheduler.start {
            try? await Task.sleep(nanoseconds: 1_500_000_000)
            record.append("one and a half")
        }
        scheduler.start {
            // A task that does not prefer the scheduler sleeps on it too.
            await Task.detached {
                try? await Task.sleep(for: .milliseconds(500))
                record.append("half a second, detached")
            }.value
        }
        let elapsed = ContinuousClock().measure {
            #expect(scheduler.runUntilQuiescent() == .quiescent)
        }
        #expect(record.log == ["half a second, detached", "one second", "one and a half", "two seconds", "an hour"])
        #expect(scheduler.now == .seconds(3600))
        #expect(scheduler.jobsRun(by: .timer) == 5)
        #expect(elapsed < .seconds(5))
    }

    /// A sleeper cancelled while it sleeps wakes at once; its timer stays and fires, doing nothing,
    /// at its deadline.
    @Test func aCancelledSleepEndsAtOnceAndItsTimerStillMovesTheClock() {
        let scheduler = Scheduler()
        let record = Record()
        scheduler.start {
            let sleeper = Task {
                do {
                    try await Task.sleep(for: .seconds(3600))
                    record.append("slept")
                } catch {
                    record.append("cancelled")
                }
            }
            try? await Task.sleep(for: .seconds(1))
            sleeper.cancel()
            await sleeper.value
            record.append("after")
        }
        #expect(scheduler.runUntilQuiescent(timeLimit: .seconds(2)) == .timersPending(1))
        #expect(record.log == ["cancelled", "after"])
        #expect(scheduler.now == .seconds(2))
        #expect(scheduler.runUntilQuiescent() == .quiescent)
        #expect(scheduler.now == .seconds(3600))
        #expect(record.log == ["cancelled", "after"])
    }

    @Test func aTimeLimitStopsBeforeLaterTimersAndTheNextRunGoesOn() {
        let scheduler = Scheduler()
        let record = Record()
        scheduler.start {
            try? await Task.sleep(for: .seconds(1))
            record.append("1s")
            try? await Task.sleep(for: .seconds(10))
            record.append("11s")
        }
        #expect(scheduler.runUntilQuiescent(timeLimit: .seconds(5)) == .timersPending(1))
        #expect(record.log == ["1s"])
        #expect(scheduler.now == .seconds(5))
        #expect(scheduler.runUntilQuiescent() == .quiescent)
        #expect(record.log == ["1s", "11s"])
        #expect(scheduler.now == .seconds(11))
    }

    @Test func catchesDetachedTasksAndMainActorHopsOnItsThread() {
        let scheduler = Scheduler()
        let record = Record()
        scheduler.start {
            await Task.detached { record.append("detached") }.value
            await MainActor.run {
                MainActor.assertIsolated()
                record.append("main actor")
            }
        }
        #expect(scheduler.runUntilQuiescent() == .quiescent)
        #expect(record.log == ["detached", "main actor"])
        #expect(record.allOn(pthread_self()))
        #expect(scheduler.jobsRun(by: .global) > 0)
        #expect(scheduler.jobsRun(by: .main) > 0)
    }

    // In the escape tests the other thread resumes only once the task has suspended: resumed
    // earlier, the task would go on without leaving the scheduler's thread, and nothing escapes.

    @Test func aContinuationResumedFromDispatchDuringTheRunIsHeldAndTheRunStalls() {
        let scheduler = Scheduler()
        let record = Record()
        let suspended = DispatchSemaphore(value: 0)
        scheduler.start {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    suspended.wait()
                    continuation.resume()
                }
            }
            record.append("resumed")
        }
        // Runs once the first task has suspended (the oldest job first), and until the resumption
        // has come back as escaped: the run holds it, and ends without waiting for anything.
        scheduler.start {
            suspended.signal()
            while scheduler.escapedJobs == 0 { await Task.yield() }
        }
        #expect(scheduler.runUntilQuiescent(jobBudget: 10_000_000) == .stalled(unfinishedTasks: 1))
        #expect(scheduler.escapedJobs == 1)
        #expect(record.log == [])
    }

    @Test func aContinuationResumedFromDispatchAfterTheRunIsHeldAndTheRunStillStalls() {
        let scheduler = Scheduler()
        let record = Record()
        let suspended = DispatchSemaphore(value: 0)
        let resumed = DispatchSemaphore(value: 0)
        scheduler.start {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    suspended.wait()
                    continuation.resume()
                    resumed.signal()
                }
            }
            record.append("resumed")
        }
        #expect(scheduler.runUntilQuiescent() == .stalled(unfinishedTasks: 1))
        suspended.signal()
        resumed.wait()
        #expect(scheduler.escapedJobs == 1)
        #expect(scheduler.runUntilQuiescent() == .stalled(unfinishedTasks: 1))
        #expect(record.log == [])
    }

    /// A `Task { }` made outside an actor does not prefer the scheduler: it comes by the global
    /// hook, and its resumption from a thread must not reach Swift's thread pool either.
    @Test func workThatEscapesFromATaskNobodyAwaitsIsHeldAndReported() {
        let scheduler = Scheduler()
        let record = Record()
        let suspended = DispatchSemaphore(value: 0)
        let resumed = DispatchSemaphore(value: 0)
        scheduler.start {
            Task {
                await withCheckedContinuation { continuation in
                    Thread {
                        suspended.wait()
                        continuation.resume()
                        resumed.signal()
                    }.start()
                }
                record.append("resumed")
            }
        }
        #expect(scheduler.runUntilQuiescent() == .quiescent)
        suspended.signal()
        resumed.wait()
        #expect(scheduler.runUntilQuiescent() == .escaped(jobs: 1))
        #expect(record.log == [])
    }

    /// A blocking wait cannot be taken back: the scheduler says so from another thread rather than
    /// hang. Here the report itself ends the wait, so that the test can go on.
    @Test func aJobBlockedInAWaitIsReportedFromAnotherThread() {
        let unblock = DispatchSemaphore(value: 0)
        let reports = Mutex<[String]>([])
        let scheduler = Scheduler(blockedJobLimit: .milliseconds(100)) { message in
            reports.withLock { $0.append(message) }
            unblock.signal()
        }
        scheduler.start { unblock.wait() }
        #expect(scheduler.runUntilQuiescent() == .quiescent)
        let report = reports.withLock { $0 }
        #expect(report.count == 1)
        #expect(report.first?.hasPrefix("error: a job of the asynchronous design has run for ") == true)
        #expect(report.first?.contains("most likely a blocking wait") == true)
    }

    @Test func workThatNeverQuiescesStopsAtTheBudget() {
        let scheduler = Scheduler()
        scheduler.start {
            while true { await Task.yield() }
        }
        #expect(scheduler.runUntilQuiescent(jobBudget: 1000) == .budgetExhausted(jobsRun: 1000))
        #expect(scheduler.runUntilQuiescent(jobBudget: 10) == .budgetExhausted(jobsRun: 10))
    }

    @Test func schedulersOnThreadsRunningAtOnceKeepTheirOwnJobs() {
        let expected = (0..<8).map { interleaving(.random(seed: UInt64($0))) }
        let results = Mutex([(order: String, choices: [Int])?](repeating: nil, count: expected.count))
        DispatchQueue.concurrentPerform(iterations: expected.count) { index in
            let result = interleaving(.random(seed: UInt64(index)))
            results.withLock { $0[index] = result }
        }
        #expect(results.withLock { $0.map { $0?.order } } == expected.map(\.order))
        #expect(results.withLock { $0.map { $0?.choices } } == expected.map(\.choices))
    }
}
