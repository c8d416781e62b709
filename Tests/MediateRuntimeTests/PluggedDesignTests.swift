import Foundation
import MediateDesigns
import MediateTestSupport
import Synchronization
import Testing

// Only `RunCommand.lateDeliveryWarning` needs `@testable`: the designs below use the public API,
// as a package outside this one would.
@testable import MediateKit
@testable import MediateRuntime

// MARK: - Designs that misbehave, written as a user would

/// A design that remembers the members of its last run and, in the next run, broadcasts to them
/// too: members it was never given.
final class HoarderDesign: Design {
    /// The colleague.
    final class Lodger {
        let member: Member
        init(_ member: Member) { self.member = member }
    }

    /// The mediator.
    final class Landlord {
        var lodgers: [Lodger] = []
        /// Members of an earlier run, kept past it.
        var formerLodgers: [Member] = []
    }

    /// What the last run's design left behind.
    static let memory = Mutex<[Member]>([])

    static let name = "hoarder"
    static func makeColleague(for member: Member) -> AnyObject { Lodger(member) }

    let landlord = Landlord()
    let courier: Courier

    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        landlord.lodgers = participants.compactMap { $0.colleague as? Lodger }
        let current = landlord.lodgers.map(\.member)
        landlord.formerLodgers = Self.memory.withLock { kept in
            defer { kept = current }
            return kept
        }
    }

    func register(_ registration: Registration) -> DeliveryError? {
        guard let lodger = registration.colleague as? Lodger else { return .foreignColleague(registration.member.name) }
        landlord.lodgers.append(lodger)
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? { nil }

    /// Everyone but the sender, then every former lodger.
    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        for lodger in landlord.lodgers where lodger.member != sender.member {
            courier.deliver(message, to: lodger.member, from: sender.member)
        }
        for former in landlord.formerLodgers {
            courier.deliver(message, to: former, from: sender.member)
        }
    }

    /// The target; what the mediator itself sends goes out signed by the first former lodger.
    func send(_ message: Message, from sender: Origin, to target: String) {
        guard let lodger = landlord.lodgers.first(where: { $0.member.name == target }) else {
            return courier.fail(.missingReceiver(target))
        }
        courier.deliver(message, to: lodger.member, from: sender.member ?? landlord.formerLodgers.first)
    }

    var registered: [Member] { landlord.lodgers.map(\.member) }
    var mediator: AnyObject? { landlord }
}

/// A design that hands its courier and a member to the outside world, which delivers with them
/// once the run is over.
final class StashDesign: Design {
    /// The colleague.
    final class Note {
        let member: Member
        init(_ member: Member) { self.member = member }
    }

    /// The mediator.
    final class Drawer {
        var notes: [Note] = []
    }

    /// The courier of the last run and its first member.
    static let stash = Mutex<(courier: Courier, member: Member)?>(nil)

    static let name = "stash"
    static func makeColleague(for member: Member) -> AnyObject { Note(member) }

    let drawer = Drawer()
    let courier: Courier

    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        drawer.notes = participants.compactMap { $0.colleague as? Note }
        if let first = drawer.notes.first { Self.stash.withLock { $0 = (courier, first.member) } }
    }

    func register(_ registration: Registration) -> DeliveryError? { .refused(reason: "closed", name: registration.member.name) }
    func unregister(_ registration: Registration) -> DeliveryError? { .refused(reason: "closed", name: registration.member.name) }

    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        for note in drawer.notes where note.member != sender.member {
            courier.deliver(message, to: note.member, from: sender.member)
        }
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        courier.fail(.missingReceiver(target))
    }

    var registered: [Member] { drawer.notes.map(\.member) }
    var mediator: AnyObject? { drawer }
}

/// A design whose colleagues say goodbye from their `deinit`.
///
/// Guests hold their host strongly; the host holds them strongly too (a cycle, so they leak)
/// unless the scenario declares them `weak`.
final class FarewellDesign: Design {
    /// The colleague, which says goodbye to the run as it goes.
    final class Guest {
        let member: Member
        /// Handed over when the guest registers: `makeColleague(for:)` has no courier to give.
        var courier: Courier?
        var host: Host?
        init(_ member: Member) { self.member = member }
        deinit { courier?.deliver(.text("goodbye"), to: member, from: nil) }
    }

    /// The mediator.
    final class Host {
        var guests: [Guest] = []
        /// Guests declared `weak`, held weakly.
        var passingGuests: [() -> Guest?] = []
        var everyone: [Guest] { guests + passingGuests.compactMap { $0() } }
    }

    static let name = "farewell"
    static func makeColleague(for member: Member) -> AnyObject { Guest(member) }

    let host = Host()
    let courier: Courier

    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        for registration in participants {
            if let error = register(registration) { courier.fail(error) }
        }
    }

    func register(_ registration: Registration) -> DeliveryError? {
        guard let guest = registration.colleague as? Guest else { return .foreignColleague(registration.member.name) }
        guest.courier = courier
        guest.host = host
        if registration.weakly {
            host.passingGuests.append { [weak guest] in guest }
        } else {
            host.guests.append(guest)
        }
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? { .refused(reason: "staying", name: registration.member.name) }

    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        for guest in host.everyone where guest.member != sender.member {
            courier.deliver(message, to: guest.member, from: sender.member)
        }
    }

    func send(_ message: Message, from sender: Origin, to target: String) { courier.fail(.missingReceiver(target)) }

    var registered: [Member] { host.everyone.map(\.member) }
    var mediator: AnyObject? { host }

    static func forgetLinks(of colleague: AnyObject) {
        (colleague as? Guest)?.host = nil
    }
}

/// A design whose broadcast hands each delivery to a thread of its own and waits for it.
final class PigeonDesign: Design {
    /// The colleague.
    final class Pigeon {
        let member: Member
        init(_ member: Member) { self.member = member }
    }

    /// The mediator.
    final class Loft {
        var pigeons: [Pigeon] = []
    }

    static let name = "pigeon"
    static func makeColleague(for member: Member) -> AnyObject { Pigeon(member) }

    let loft = Loft()
    let courier: Courier

    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        loft.pigeons = participants.compactMap { $0.colleague as? Pigeon }
    }

    func register(_ registration: Registration) -> DeliveryError? {
        guard let pigeon = registration.colleague as? Pigeon else { return .foreignColleague(registration.member.name) }
        loft.pigeons.append(pigeon)
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? { nil }

    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        for pigeon in loft.pigeons where pigeon.member != sender.member {
            let done = DispatchSemaphore(value: 0)
            let (courier, receiver, from) = (courier, pigeon.member, sender.member)
            Thread {
                courier.deliver(message, to: receiver, from: from)
                done.signal()
            }.start()
            done.wait()
        }
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        guard let pigeon = loft.pigeons.first(where: { $0.member.name == target }) else {
            return courier.fail(.missingReceiver(target))
        }
        courier.deliver(message, to: pigeon.member, from: sender.member)
    }

    var registered: [Member] { loft.pigeons.map(\.member) }
    var mediator: AnyObject? { loft }
}

/// A design that does nothing, for the tests of names: subclasses only rename it.
class InertDesign: Design {
    class var name: String { "inert" }
    final class Nobody {}
    static func makeColleague(for member: Member) -> AnyObject { Nobody() }
    required init(participants: [Registration], courier: Courier) {}
    func register(_ registration: Registration) -> DeliveryError? { nil }
    func unregister(_ registration: Registration) -> DeliveryError? { nil }
    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {}
    func send(_ message: Message, from sender: Origin, to target: String) {}
    var registered: [Member] { [] }
    var mediator: AnyObject? { nil }
}

final class TwinDesign: InertDesign { override class var name: String { "twin" } }
final class OtherTwinDesign: InertDesign { override class var name: String { "twin" } }
final class ImpostorWrapperDesign: InertDesign { override class var name: String { "wrapper" } }
final class AllDesign: InertDesign { override class var name: String { "all" } }
final class TwoWordsDesign: InertDesign { override class var name: String { "two words" } }
final class NineLivesDesign: InertDesign { override class var name: String { "9lives" } }

// MARK: - Running them

/// Loads `source` against the reference designs and `design`, and runs it under `design`.
private func run<D: Design>(_ source: String, under design: D.Type, limits: RunLimits = RunLimits()) throws
    -> (text: String, summary: RunSummary)
{
    let scenario = try ScenarioLoader.load(
        SourceFile(path: "plugged.scenario", text: source),
        designs: try DesignRegistry.reference(adding: [design])
    ).get()
    let output = StringOutput()
    let run = KindRun.run(scenario, design: design, limits: limits, output: output)
    return (output.text, run.summary)
}

/// Keeps the errors of a run, and counts its deliveries, without formatting a line.
private final class ErrorSink: EventSink {
    var errors: [String] = []
    var deliveries = 0

    func emit(_ event: TranscriptEvent) {
        if case .error(let error, _) = event { errors.append(error.written) }
    }

    func emitDelivery(receiver: String, sender: String, message: Message, depth: Int) { deliveries += 1 }
}

@Suite("Plugged designs that misbehave")
struct PluggedDesignTests {
    // MARK: Names

    @Test func twoDesignsUnderOneNameAreRefusedNamingBoth() throws {
        let conflict = try #require(throws: DesignRegistry.Conflict.self) {
            try DesignRegistry.reference(adding: [TwinDesign.self, OtherTwinDesign.self])
        }
        #expect(
            conflict.message == "two designs are registered as 'twin': "
                + "\(String(reflecting: TwinDesign.self)) and \(String(reflecting: OtherTwinDesign.self))")
        #expect(conflict.message.contains("MediateRuntimeTests.TwinDesign and MediateRuntimeTests.OtherTwinDesign"))

        let impostor = try #require(throws: DesignRegistry.Conflict.self) {
            try DesignRegistry.reference(adding: [ImpostorWrapperDesign.self])
        }
        #expect(
            impostor.description == "two designs are registered as 'wrapper': "
                + "MediateDesigns.WrapperDesign and MediateRuntimeTests.ImpostorWrapperDesign")
        // Each registers well enough on its own.
        #expect(throws: Never.self) { try DesignRegistry.reference(adding: [TwinDesign.self, RelayDesign.self]) }
    }

    @Test(arguments: [(AllDesign.self as any Design.Type, "all"), (TwoWordsDesign.self, "two words"), (NineLivesDesign.self, "9lives")])
    func aNameAScenarioCannotWriteIsRefused(design: any Design.Type, name: String) throws {
        let conflict = try #require(throws: DesignRegistry.Conflict.self) { try DesignRegistry([design]) }
        #expect(
            conflict.message == "\(String(reflecting: design)) has the name '\(name)', which a scenario cannot write; "
                + "a design's name is words of letters, digits and '_' joined by '-', and not 'all'")
    }

    // MARK: Members it was never given

    @Test func aMemberKeptFromAnEarlierRunIsAnUnknownReceiver() throws {
        HoarderDesign.memory.withLock { $0 = [] }
        let first = try run(
            """
            participant Ghost : Tenant
            mediator -> *: "rent"
            """, under: HoarderDesign.self)
        #expect(first.summary.errors == 0)
        let second = try run(
            """
            participant Ann : Tenant
            participant Bob : Tenant
            Ann -> *: "hello"
            Bob -> Ann: "hi"
            mediator -> Bob: "boo"
            """, under: HoarderDesign.self)
        #expect(
            second.text == """
                scenario plugged
                mediator hoarder
                + Ann : Tenant
                + Bob : Tenant
                1 Ann -> * "hello"
                  Bob <- Ann "hello"
                  ! unknownReceiver Ghost
                2 Bob -> Ann "hi"
                  Ann <- Bob "hi"
                3 mediator -> Bob "boo"
                  ! unknownSender Ghost
                end: 3 sends, 2 deliveries, 2 errors, 0 failed expectations
                leaked: none

                """)
        #expect(second.summary.exitCode == 0)
    }

    // MARK: After the run

    @Test func aCourierKeptPastTheRunTakesNothing() throws {
        StashDesign.stash.withLock { $0 = nil }
        let scenario = try ScenarioLoader.load(
            SourceFile(
                path: "plugged.scenario",
                text: """
                    participant Ann : Note
                    participant Bob : Note
                    Ann -> *: "hello"
                    """), designs: try DesignRegistry.reference(adding: [StashDesign.self])
        ).get()
        let output = StringOutput()
        let interpreter = Interpreter(
            script: scenario.script, title: scenario.title, design: StashDesign.self,
            designs: scenario.designs, sink: FormattedSink(format: .transcript, output: output))
        let summary = interpreter.run()
        let written = output.text
        let (courier, member) = try #require(StashDesign.stash.withLock { $0 })
        courier.deliver(.text("too late"), to: member, from: nil)
        courier.deliver(.text("too late"), to: member, from: member)
        courier.fail(.noMediator)
        #expect(output.text == written)
        #expect(
            written.hasSuffix(
                """
                1 Ann -> * "hello"
                  Bob <- Ann "hello"
                end: 1 sends, 1 deliveries, 0 errors, 0 failed expectations
                leaked: none

                """))
        #expect(interpreter.run() == summary)
        #expect(summary.lateDeliveries == 0)
    }

    @Test func deliveriesFromADeinitAsTheScenarioReleasesAreCountedNotWritten() throws {
        let source = """
            participant Ann : Guest weak
            participant Bob : Guest
            Ann -> *: "hello"
            """
        let run = try run(source, under: FarewellDesign.self)
        #expect(
            run.text == """
                scenario plugged
                mediator farewell
                + Ann : Guest weak
                + Bob : Guest
                1 Ann -> * "hello"
                  Bob <- Ann "hello"
                end: 1 sends, 1 deliveries, 0 errors, 0 failed expectations
                leaked: Bob, mediator

                """)
        // Ann says goodbye as the scenario lets go of her; Bob once his leaked cycle is broken.
        #expect(run.summary.lateDeliveries == 2)
        #expect(run.summary.exitCode == 0)
        #expect(
            RunCommand.lateDeliveryWarning(run.summary, kind: MediatorKind(FarewellDesign.name), path: "plugged.scenario") == """
                plugged.scenario: warning: under farewell, the design delivered 2 message(s) after the scenario's last step, \
                while its objects were released; the transcript leaves them out
                help: deliver only while a send is carried (a deinit that notifies the mediator does this)

                """)
        #expect(RunCommand.lateDeliveryWarning(RunSummary(), kind: MediatorKind(FarewellDesign.name), path: "plugged.scenario") == nil)
    }

    // MARK: Recursion

    @Test func anEchoAnsweredByItsReceiverStopsAtTheDepthLimit() throws {
        let run = try run(
            """
            participant Polly : Parrot
            on Parrot receives any { self -> *: squawk }
            Polly -> *: squawk
            log "never"
            """, under: EchoDesign.self, limits: RunLimits(maxDepth: 3))
        #expect(
            run.text == """
                scenario plugged
                mediator echo
                + Polly : Parrot
                1 Polly -> * squawk
                  Polly <- Polly squawk
                    1.1 Polly -> * squawk
                      Polly <- Polly squawk
                        1.1.1 Polly -> * squawk
                          Polly <- Polly squawk
                            ! depthLimit 3 at step 1 (line 3)
                end: 3 sends, 3 deliveries, 1 errors, 0 failed expectations
                leaked: none

                """)
        #expect(run.summary.stoppedBy == .depthLimit(limit: 3, step: 1, line: 3))
        #expect(run.summary.exitCode == 3)
    }

    @Test func anEchoStopsAtTheDeliveryLimitBeforeItsDepth() throws {
        let run = try run(
            """
            participant A : Parrot
            participant B : Parrot
            participant C : Parrot
            on Parrot receives any { self -> *: squawk }
            A -> *: squawk
            """, under: EchoDesign.self, limits: RunLimits(maxDepth: 64, maxDeliveries: 5))
        // Depth first: A hears its own echo first, answers it, and so on down.
        #expect(
            run.text == """
                scenario plugged
                mediator echo
                + A : Parrot
                + B : Parrot
                + C : Parrot
                1 A -> * squawk
                  A <- A squawk
                    1.1 A -> * squawk
                      A <- A squawk
                        1.1.1 A -> * squawk
                          A <- A squawk
                            1.1.1.1 A -> * squawk
                              A <- A squawk
                                1.1.1.1.1 A -> * squawk
                                  A <- A squawk
                                    1.1.1.1.1.1 A -> * squawk
                                      ! deliveryLimit 5 at step 1 (line 5)
                end: 6 sends, 5 deliveries, 1 errors, 0 failed expectations
                leaked: none

                """)
        #expect(run.summary.stoppedBy == .deliveryLimit(limit: 5, step: 1, line: 5))
        #expect(run.summary.exitCode == 3)
    }

    @Test func aHugeMaximumDepthIsClampedAndAChainStopsAtTenThousand() throws {
        #expect(RunLimits(maxDepth: Int.max).validated == RunLimits(maxDepth: 10_000))
        #expect(RunLimits(maxDepth: -5, maxDeliveries: -1).validated == RunLimits(maxDepth: 1, maxDeliveries: 0))
        let scenario = try ScenarioLoader.load(
            SourceFile(
                path: "plugged.scenario",
                text: """
                    participant Polly : Parrot
                    on Parrot receives any { self -> *: squawk }
                    Polly -> *: squawk
                    """), designs: try DesignRegistry.reference(adding: [EchoDesign.self])
        ).get()
        let sink = ErrorSink()
        let summary = Interpreter(
            script: scenario.script, title: scenario.title, design: EchoDesign.self,
            designs: scenario.designs, limits: RunLimits(maxDepth: Int.max), sink: sink
        ).run()
        #expect(sink.errors == ["depthLimit 10000 at step 1 (line 3)"])
        #expect(summary.deliveries == 10_000)
        #expect(sink.deliveries == 10_000)
        #expect(summary.exitCode == 3)
    }

    // MARK: Threads

    @Test func aDeliveryFromAnotherThreadStopsTheRun() throws {
        let source = """
            participant Ann : Bird
            participant Bob : Bird
            participant Cid : Bird
            Ann -> Bob: "on the thread"
            Ann -> *: "by pigeon"
            log "never"
            """
        let expected = """
            scenario plugged
            mediator pigeon
            + Ann : Bird
            + Bob : Bird
            + Cid : Bird
            1 Ann -> Bob "on the thread"
              Bob <- Ann "on the thread"
            2 Ann -> * "by pigeon"
              ! offThreadDelivery Bob
            end: 2 sends, 1 deliveries, 1 errors, 0 failed expectations
            leaked: none

            """
        for _ in 0..<20 {
            let run = try run(source, under: PigeonDesign.self)
            #expect(run.text == expected)
            #expect(run.summary.stoppedBy == .design("offThreadDelivery Bob"))
            #expect(run.summary.exitCode == 3)
        }
    }

    // MARK: The run itself

    @Test func runningTwiceReturnsTheFirstSummaryAndWritesOnce() throws {
        let scenario = try ScenarioLoader.load(
            SourceFile(
                path: "plugged.scenario",
                text: """
                    participant Ann : Clerk
                    participant Bob : Clerk
                    Ann -> *: "hello"
                    expect Bob received 1
                    """), designs: try DesignRegistry.reference(adding: [RelayDesign.self])
        ).get()
        let output = StringOutput()
        let interpreter = Interpreter(
            script: scenario.script, title: scenario.title, design: RelayDesign.self,
            designs: scenario.designs, sink: FormattedSink(format: .transcript, output: output))
        let first = interpreter.run()
        let written = output.text
        let second = interpreter.run()
        #expect(second == first)
        #expect(first.sends == 1 && first.deliveries == 1 && first.failedExpectations == 0)
        #expect(output.text == written)
        #expect(written.components(separatedBy: "scenario plugged").count == 2)
    }

    // MARK: Replacement across families

    @Test func theReferenceWrapperCannotTakeAUsersColleagues() throws {
        let run = try run(
            """
            participant Ann : Clerk
            participant Bob : Clerk
            Ann -> *: "before"
            mediator wrapper
            Ann -> *: "after"
            mediator -> Bob: "direct"
            """, under: RelayDesign.self)
        #expect(
            run.text == """
                scenario plugged
                mediator relay
                + Ann : Clerk
                + Bob : Clerk
                1 Ann -> * "before"
                  Bob <- Ann "before"
                mediator wrapper
                  ! foreignColleague Ann
                  ! foreignColleague Bob
                2 Ann -> * "after"
                  ! foreignColleague Ann
                3 mediator -> Bob "direct"
                  ! missingReceiver Bob
                end: 3 sends, 1 deliveries, 4 errors, 0 failed expectations
                leaked: none

                """)
        #expect(run.summary.exitCode == 0)
    }

    @Test func aUsersDesignCannotTakeTheReferenceColleagues() throws {
        let scenario = try ScenarioLoader.load(
            SourceFile(
                path: "plugged.scenario",
                text: """
                    mediator wrapper
                    participant Ann : Clerk
                    participant Bob : Clerk
                    Ann -> *: "before"
                    mediator relay
                    Ann -> *: "after"
                    """), designs: try DesignRegistry.reference(adding: [RelayDesign.self])
        ).get()
        let output = StringOutput()
        _ = KindRun.run(scenario, design: try #require(scenario.designs.design(.wrapper)), output: output)
        #expect(
            output.text == """
                scenario plugged
                mediator wrapper
                + Ann : Clerk
                + Bob : Clerk
                1 Ann -> * "before"
                  Bob <- Ann "before"
                mediator relay
                  ! foreignColleague Ann
                  ! foreignColleague Bob
                2 Ann -> * "after"
                  ! foreignColleague Ann
                end: 2 sends, 1 deliveries, 3 errors, 0 failed expectations
                leaked: none

                """)
    }
}
