import Testing

@testable import MediateDesigns
@testable import MediateKit
@testable import MediateRuntime

/// Records what a design delivers, as `RECEIVER <- SENDER` and `! ERROR` strings.
final class RecordingCourier {
    var lines: [String] = []
    private(set) lazy var courier = Courier { [unowned self] record in
        switch record {
        case .delivery(_, let to, let from): self.lines.append("\(to) <- \(from ?? "mediator")")
        case .failure(let error): self.lines.append("! \(error.written)")
        }
    }
}

/// A colleague of the reference designs named `name`, outside any run.
private func colleague(_ name: String, type: String = "Participant", index: Int = 0) -> Colleague {
    Colleague(Member(name: name, type: type, index: index, run: 0))
}

/// Makes colleagues named `names`, registered strongly unless their name is in `weak`.
private func registrations(_ names: [String], weak: Set<String> = []) -> [Registration] {
    names.enumerated().map { index, name in
        let object = colleague(name, index: index)
        return Registration(member: object.member, colleague: object, weakly: weak.contains(name))
    }
}

extension Registration {
    fileprivate var participant: Colleague { colleague as! Colleague }
    fileprivate var from: Origin { .participant(member, colleague: colleague) }
}

/// A design built with `people`, reporting to `recorder`.
private func build<D: Design>(_ design: D.Type, _ people: [Registration], _ recorder: RecordingCourier = RecordingCourier()) -> D {
    D(participants: people, courier: recorder.courier)
}

private let hello = Message.text("hello")

@Suite("protocol-extension")
struct ProtocolExtensionTests {
    @Test func broadcastReachesEveryoneButTheSenderInArrayOrder() {
        let people = registrations(["A", "B", "C"])
        let courier = RecordingCourier()
        let design = build(ProtocolExtensionDesign.self, people, courier)
        design.broadcast(hello, from: people[1].from, toType: nil)
        #expect(courier.lines == ["A <- B", "C <- B"])
    }

    @Test func leaveSwapsWithTheLastAndReordersLaterBroadcasts() {
        let people = registrations(["A", "B", "C", "D"])
        let courier = RecordingCourier()
        let design = build(ProtocolExtensionDesign.self, people, courier)
        _ = design.unregister(people[1])
        #expect(design.registered.map(\.name) == ["A", "D", "C"])
        design.broadcast(hello, from: people[0].from, toType: nil)
        #expect(courier.lines == ["D <- A", "C <- A"])
    }

    @Test func addIgnoresAParticipantAlreadyPresent() {
        let people = registrations(["A"])
        let design = build(ProtocolExtensionDesign.self, people)
        _ = design.register(people[0])
        #expect(design.registered.map(\.name) == ["A"])
    }

    @Test func aParticipantThatLeftCanStillBroadcastThroughItsWeakMediator() {
        let people = registrations(["A", "B"])
        let courier = RecordingCourier()
        let design = build(ProtocolExtensionDesign.self, people, courier)
        _ = design.unregister(people[0])
        design.broadcast(hello, from: people[0].from, toType: nil)
        design.send(hello, from: .mediator, to: "A")
        #expect(courier.lines == ["B <- A", "! missingReceiver A"])
    }

    @Test func theMediatorHoldsParticipantsStronglyAndTheyHoldItWeakly() {
        weak var sentinel: Colleague?
        weak var mediatorSentinel: AnyObject?
        var design: ProtocolExtensionDesign? = {
            let people = registrations(["A"])
            sentinel = people[0].participant
            return build(ProtocolExtensionDesign.self, people)
        }()
        mediatorSentinel = design?.mediator
        #expect(sentinel != nil)
        #expect(sentinel?.mediator === mediatorSentinel)
        design = nil
        #expect(sentinel == nil)
        #expect(mediatorSentinel == nil)
    }
}

@Suite("wrapper")
struct WrapperTests {
    @Test func aWeakWrapperLetsItsColleagueGoAndIsCompactedAway() {
        var people = registrations(["A", "B", "C"], weak: ["B"])
        let courier = RecordingCourier()
        let design = build(WrapperDesign.self, people, courier)
        weak let sentinel = people[1].participant
        people.remove(at: 1)
        #expect(sentinel == nil)
        #expect(design.registered.map(\.name) == ["A", "C"])
        design.broadcast(hello, from: .mediator, toType: nil)
        #expect(courier.lines == ["A <- mediator", "C <- mediator"])
    }

    @Test func aStrongWrapperKeepsItsColleagueAlive() {
        var people = registrations(["A", "B"])
        let design = build(WrapperDesign.self, people)
        weak let sentinel = people[1].participant
        people.remove(at: 1)
        #expect(sentinel != nil)
        #expect(design.registered.map(\.name) == ["A", "B"])
    }

    @Test func removalKeepsTheOrder() {
        let people = registrations(["A", "B", "C", "D"])
        let design = build(WrapperDesign.self, people)
        _ = design.unregister(people[1])
        #expect(design.registered.map(\.name) == ["A", "C", "D"])
    }

    @Test func typedBroadcastsAndMissingReceivers() {
        let people = [("A", "Cat"), ("B", "Dog"), ("C", "Cat")].enumerated().map { index, person in
            let object = colleague(person.0, type: person.1, index: index)
            return Registration(member: object.member, colleague: object, weakly: false)
        }
        let courier = RecordingCourier()
        let design = build(WrapperDesign.self, people, courier)
        design.broadcast(hello, from: people[0].from, toType: "Cat")
        design.send(hello, from: people[0].from, to: "Z")
        #expect(courier.lines == ["C <- A", "! missingReceiver Z"])
    }

    @Test func anObjectAnotherDesignMadeIsRefused() {
        final class Stranger {}
        let people = registrations(["A"])
        let courier = RecordingCourier()
        let design = build(WrapperDesign.self, people, courier)
        let stranger = Registration(member: people[0].member, colleague: Stranger(), weakly: false)
        _ = design.register(stranger)
        design.broadcast(hello, from: stranger.from, toType: nil)
        #expect(courier.lines == ["! foreignColleague A", "! foreignColleague A"])
    }
}

@Suite("direct-delegate")
struct DirectDelegateTests {
    @Test func colleaguesHoldTheirDelegateStronglySoEverythingLeaks() {
        weak var sentinel: Colleague?
        weak var mediatorSentinel: AnyObject?
        do {
            let people = registrations(["A", "B", "C"])
            let design = build(DirectDelegateDesign.self, people)
            sentinel = people[0].participant
            mediatorSentinel = design.mediator
            #expect(people.allSatisfy { ($0.participant.delegate as AnyObject?) === mediatorSentinel })
        }
        // Every reference the test held is gone; the cycle keeps all four objects alive.
        #expect(sentinel != nil)
        #expect(mediatorSentinel != nil)
        // Proven: free the cycle, so that LeakSanitizer sees no leak (Scripts/sanitize).
        for colleague in (mediatorSentinel as? DirectDelegateMediator)?.colleagues ?? [] { DirectDelegateDesign.forgetLinks(of: colleague) }
        #expect(sentinel == nil)
    }

    @Test func colleaguesAreFixed() {
        let people = registrations(["A", "B"])
        let courier = RecordingCourier()
        let design = build(DirectDelegateDesign.self, people, courier)
        let late = registrations(["C"])[0]
        defer { for person in people { DirectDelegateDesign.forgetLinks(of: person.colleague) } }
        #expect(design.register(late) == .refused(reason: "fixedColleagues", name: "C"))
        #expect(design.unregister(people[0]) == .refused(reason: "fixedColleagues", name: "A"))
        #expect(design.registered.map(\.name) == ["A", "B"])
        design.broadcast(hello, from: late.from, toType: nil)
        design.broadcast(hello, from: people[1].from, toType: nil)
        #expect(courier.lines == ["! noMediator", "A <- B"])
    }
}

@Suite("mesh")
struct MeshTests {
    @Test func everyParticipantHoldsEveryOtherStrongly() {
        let people = registrations(["A", "B", "C", "D"])
        defer { for person in people { MeshDesign.forgetLinks(of: person.colleague) } }
        let design = build(MeshDesign.self, people)
        #expect(
            people.map { $0.participant.peers.map(\.name) } == [["B", "C", "D"], ["A", "C", "D"], ["A", "B", "D"], ["A", "B", "C"]])
        #expect(people.map(\.participant.peers.count).reduce(0, +) == 4 * 3)
        #expect(design.mediator == nil)
    }

    @Test func leaveDropsTheLeaverBothWays() {
        let people = registrations(["A", "B", "C"])
        defer { for person in people { MeshDesign.forgetLinks(of: person.colleague) } }
        let design = build(MeshDesign.self, people)
        _ = design.unregister(people[1])
        #expect(people[1].participant.peers.isEmpty)
        #expect(people[0].participant.peers.map(\.name) == ["C"])
        #expect(design.registered.map(\.name) == ["A", "C"])
    }

    @Test func thereIsNoMediatorToSendFrom() {
        let people = registrations(["A", "B"])
        defer { for person in people { MeshDesign.forgetLinks(of: person.colleague) } }
        let courier = RecordingCourier()
        let design = build(MeshDesign.self, people, courier)
        design.broadcast(hello, from: .mediator, toType: nil)
        design.send(hello, from: .mediator, to: "A")
        #expect(courier.lines == ["! noMediator", "! noMediator"])
    }

    @Test func releasedPeersLeakThroughTheirCycles() {
        weak var sentinel: Colleague?
        do {
            let people = registrations(["A", "B"])
            _ = build(MeshDesign.self, people)
            sentinel = people[0].participant
        }
        #expect(sentinel != nil)
        // Proven: free the cycle, so that LeakSanitizer sees no leak (Scripts/sanitize).
        for peer in sentinel?.peers ?? [] { MeshDesign.forgetLinks(of: peer) }
        if let sentinel { MeshDesign.forgetLinks(of: sentinel) }
        #expect(sentinel == nil)
    }
}
