import Foundation
import MediateDesigns
import MediateTestSupport
import Synchronization
import Testing

@testable import MediateKit

// MARK: - Asynchronous designs, written as a user would

/// A bus whose every send is a task that sleeps before it delivers: `Task.sleep` in a design must
/// run in virtual time, and sleepers wake in the order of their deadlines.
final class SleepyBusDesign: Design {
    final class Stop: @unchecked Sendable {
        let member: Member
        init(_ member: Member) { self.member = member }
    }

    static let name = "sleepy-bus"
    static var isAsynchronous: Bool { true }
    static func makeColleague(for member: Member) -> AnyObject { Stop(member) }

    let courier: Courier
    private var stops: [Stop] = []

    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        for registration in participants { _ = register(registration) }
    }

    func register(_ registration: Registration) -> DeliveryError? {
        if let stop = registration.colleague as? Stop { stops.append(stop) }
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? {
        stops.removeAll { $0 === registration.colleague }
        return nil
    }

    /// A broadcast reaches each stop after an hour per stop still to come: the last one first.
    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        let from = sender.member
        let targets = stops.filter { $0.member != from }.map(\.member)
        for (index, target) in targets.enumerated() {
            let hours = targets.count - index
            Task { [courier] in
                try? await Task.sleep(for: .seconds(3600 * hours))
                courier.deliver(message, to: target, from: from)
            }
        }
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        guard let stop = stops.first(where: { $0.member.name == target }) else { return courier.fail(.missingReceiver(target)) }
        let (member, from) = (stop.member, sender.member)
        Task { [courier] in courier.deliver(message, to: member, from: from) }
    }

    var registered: [Member] { stops.map(\.member) }
    var mediator: AnyObject? { nil }
}

/// A design whose first broadcast awaits an answer that its second broadcast gives from a
/// thread of its own: work that leaves the run's scheduler. The second broadcast waits for that
/// thread, so the answer comes back during its step on every machine.
final class ThreadedDesign: Design {
    static let name = "threaded"
    static var isAsynchronous: Bool { true }
    static func makeColleague(for member: Member) -> AnyObject { SleepyBusDesign.Stop(member) }

    let courier: Courier
    private let members: [Member]
    /// The first broadcast's task, waiting for its answer.
    private final class Waiting: Sendable {
        let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)
    }
    private let waiting = Waiting()

    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        members = participants.map(\.member)
    }

    func register(_ registration: Registration) -> DeliveryError? { nil }
    func unregister(_ registration: Registration) -> DeliveryError? { nil }

    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        if let answer = waiting.continuation.withLock({ $0.take() }) {
            let done = DispatchSemaphore(value: 0)
            Thread {
                answer.resume()
                done.signal()
            }.start()
            done.wait()
            return
        }
        let from = sender.member
        let targets = members.filter { $0 != from }
        Task { [courier, waiting] in
            await withCheckedContinuation { continuation in waiting.continuation.withLock { $0 = continuation } }
            for target in targets { courier.deliver(message, to: target, from: from) }
        }
    }

    func send(_ message: Message, from sender: Origin, to target: String) {}
    var registered: [Member] { members }
    var mediator: AnyObject? { nil }
}

/// A design whose send starts a task that never ends.
final class SpinningDesign: Design {
    static let name = "spinning"
    static var isAsynchronous: Bool { true }
    static func makeColleague(for member: Member) -> AnyObject { SleepyBusDesign.Stop(member) }

    init(participants: [Registration], courier: Courier) {}
    func register(_ registration: Registration) -> DeliveryError? { nil }
    func unregister(_ registration: Registration) -> DeliveryError? { nil }

    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        Task {
            while !Task.isCancelled { await Task.yield() }
        }
    }

    func send(_ message: Message, from sender: Origin, to target: String) {}
    var registered: [Member] { [] }
    var mediator: AnyObject? { nil }
}

/// A bus whose every stop reads a stream of its own in a task that lives as long as the stream:
/// the bus finishes every stream when it goes. Each reader holds a ``Reader`` until it ends.
final class ReadingBusDesign: Design {
    /// Alive while a reader's task has not ended.
    final class Reader: Sendable {
        static let alive = Atomic<Int>(0)
        init() { Self.alive.add(1, ordering: .relaxed) }
        deinit { Self.alive.subtract(1, ordering: .relaxed) }
    }

    static let name = "reading-bus"
    static var isAsynchronous: Bool { true }
    static func makeColleague(for member: Member) -> AnyObject { SleepyBusDesign.Stop(member) }

    let courier: Courier
    private var inboxes: [(member: Member, continuation: AsyncStream<Message>.Continuation)] = []

    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        for registration in participants { _ = register(registration) }
    }

    deinit {
        for inbox in inboxes { inbox.continuation.finish() }
    }

    func register(_ registration: Registration) -> DeliveryError? {
        let (stream, continuation) = AsyncStream.makeStream(of: Message.self)
        let (member, courier, reader) = (registration.member, courier, Reader())
        inboxes.append((member, continuation))
        Task.detached {
            for await message in stream { courier.deliver(message, to: member, from: nil) }
            withExtendedLifetime(reader) {}
        }
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? { nil }

    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        for inbox in inboxes where inbox.member != sender.member { inbox.continuation.yield(message) }
    }

    func send(_ message: Message, from sender: Origin, to target: String) {}

    var registered: [Member] { inboxes.map(\.member) }
    var mediator: AnyObject? { nil }
}

/// Loads `source` against the reference designs and `design`, and runs it under `design`.
private func run<D: Design>(_ source: String, under design: D.Type, limits: RunLimits = RunLimits()) throws
    -> (text: String, summary: RunSummary)
{
    let scenario = try ScenarioLoader.load(
        SourceFile(path: "async.scenario", text: source), designs: try DesignRegistry.reference(adding: [design])
    ).get()
    let output = StringOutput()
    let run = KindRun.run(scenario, design: design, limits: limits, output: output)
    return (output.text, run.summary)
}

@Suite("Asynchronous designs")
struct AsynchronousDesignTests {
    /// The actor design's transcript is the same on every run: its jobs run one at a time, in
    /// the scheduler's fixed order.
    @Test(arguments: ["auction", "smart-home", "game-lobby", "control-room"])
    func theActorsTranscriptIsTheSameOnEveryRun(name: String) throws {
        let source = try String(
            contentsOf: packageRoot.appendingPathComponent("Scenarios/\(name).scenario"), encoding: .utf8)
        let first = try transcript(source, kind: .actor)
        for _ in 1...20 { #expect(try transcript(source, kind: .actor) == first) }
        #expect(first.contains("mediator actor"))
    }

    /// A reaction's send returns before it delivers: its deliveries come after those under way,
    /// each written under its own send.
    @Test func aReactionsSendIsDeliveredAfterTheDeliveriesUnderWay() throws {
        let source = """
            participant A
            participant B
            participant C
            on B receives hello {
                self -> C: thanks
                log "B answered"
            }
            A -> *: hello
            """
        let synchronous = try transcript(source, kind: .wrapper)
        #expect(
            synchronous.contains(
                """
                1 A -> * hello
                  B <- A hello
                    1.1 B -> C thanks
                      C <- B thanks
                    log B answered
                  C <- A hello
                """))
        let asynchronous = try transcript(source, kind: .actor)
        #expect(
            asynchronous.contains(
                """
                1 A -> * hello
                  B <- A hello
                    1.1 B -> C thanks
                    log B answered
                  C <- A hello
                      C <- B thanks
                """), "\(asynchronous)")
    }

    /// `Task.sleep` runs in virtual time: hours of sleeps end at once (in real time, they came
    /// back from Dispatch's timer thread and stopped the run as escaped work), and the sleepers
    /// wake in the order of their deadlines.
    @Test func sleepsTakeNoTimeAndWakeInTheOrderOfTheirDeadlines() throws {
        let (text, summary) = try run(
            """
            participant A
            participant B
            participant C
            participant D
            A -> *: "tick"
            expect D received 1
            """, under: SleepyBusDesign.self)
        #expect(summary.deliveries == 3 && summary.failedExpectations == 0)
        #expect(text.contains("  D <- A \"tick\"\n  C <- A \"tick\"\n  B <- A \"tick\"\n"), "\(text)")
    }

    /// Work that comes back from another thread has left the scheduler: the run stops at that
    /// step with an error that names the design, and never hangs.
    @Test func workThatLeavesTheSchedulerStopsTheRun() throws {
        let (text, summary) = try run(
            """
            participant A
            participant B
            A -> *: "question"
            A -> *: "answer"
            A -> *: "never sent"
            """, under: ThreadedDesign.self)
        guard case .design(let error)? = summary.stoppedBy else {
            Issue.record("the run did not stop: \(text)")
            return
        }
        #expect(error.hasPrefix("escapedWork threaded: "), "\(error)")
        #expect(text.contains("2 A -> * \"answer\""))
        #expect(!text.contains("never sent"))
        #expect(!text.contains("B <- A"))
    }

    /// A task that never ends stops the run at the job budget the delivery limit sets.
    @Test func tasksThatNeverEndStopTheRun() throws {
        let (_, summary) = try run(
            """
            participant A
            participant B
            A -> *: "go"
            """, under: SpinningDesign.self, limits: RunLimits(maxDeliveries: 100))
        guard case .design(let error)? = summary.stoppedBy else {
            Issue.record("the run did not stop")
            return
        }
        #expect(error == "neverQuiescent spinning: 1600 jobs ran in this step")
    }

    /// A task that the end of the run wakes (a reader whose stream its bus finished as it went)
    /// runs to its end before the run's scheduler goes: none is left suspended for ever.
    @Test func readersWokenAsTheRunLetsGoRunToTheirEnd() throws {
        let (text, _) = try run(
            """
            participant A
            participant B
            participant C
            A -> *: "hello"
            """, under: ReadingBusDesign.self)
        #expect(text.contains("  B <- mediator \"hello\"\n  C <- mediator \"hello\"\n"), "\(text)")
        #expect(ReadingBusDesign.Reader.alive.load(ordering: .relaxed) == 0)
    }
}
