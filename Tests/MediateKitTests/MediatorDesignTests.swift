import Testing
@testable import MediateKit

/// Records what a design delivers, as `RECEIVER <- SENDER` and `! ERROR` strings.
final class RecordingCourier: Courier {
    var lines: [String] = []

    func deliver(_ message: Message, to receiver: Participant, from sender: Participant?) {
        lines.append("\(receiver.name) <- \(sender?.name ?? "mediator")")
    }

    func fail(_ error: DeliveryError) {
        lines.append("! \(error.written)")
    }
}

/// Makes participants named `names`, registered strongly unless their name is in `weak`.
private func registrations(_ names: [String], weak: Set<String> = []) -> [Registration] {
    names.map { Registration(Participant(name: $0, type: "Participant"), weakly: weak.contains($0)) }
}

private let hello = Message.text("hello")

@Suite("protocol-extension")
struct ProtocolExtensionTests {
    @Test func broadcastReachesEveryoneButTheSenderInArrayOrder() {
        let people = registrations(["A", "B", "C"])
        let mediation = ProtocolExtensionMediation(participants: people)
        let courier = RecordingCourier()
        mediation.broadcast(hello, from: people[1].participant, ofType: nil, courier: courier)
        #expect(courier.lines == ["A <- B", "C <- B"])
    }

    @Test func leaveSwapsWithTheLastAndReordersLaterBroadcasts() {
        let people = registrations(["A", "B", "C", "D"])
        var mediation = ProtocolExtensionMediation(participants: people)
        _ = mediation.unregister(people[1].participant)
        #expect(mediation.registered.map(\.name) == ["A", "D", "C"])
        let courier = RecordingCourier()
        mediation.broadcast(hello, from: people[0].participant, ofType: nil, courier: courier)
        #expect(courier.lines == ["D <- A", "C <- A"])
    }

    @Test func addIgnoresAParticipantAlreadyPresent() {
        let people = registrations(["A"])
        var mediation = ProtocolExtensionMediation(participants: people)
        _ = mediation.register(people[0])
        #expect(mediation.registered.map(\.name) == ["A"])
    }

    @Test func aParticipantThatLeftCanStillBroadcastThroughItsWeakMediator() {
        let people = registrations(["A", "B"])
        var mediation = ProtocolExtensionMediation(participants: people)
        _ = mediation.unregister(people[0].participant)
        let courier = RecordingCourier()
        mediation.broadcast(hello, from: people[0].participant, ofType: nil, courier: courier)
        mediation.sendFromMediator(hello, to: "A", courier: courier)
        #expect(courier.lines == ["B <- A", "! missingReceiver A"])
    }

    @Test func theMediatorHoldsParticipantsStronglyAndTheyHoldItWeakly() {
        weak var sentinel: Participant?
        weak var mediatorSentinel: AnyObject?
        var mediation: ProtocolExtensionMediation? = {
            let people = registrations(["A"])
            sentinel = people[0].participant
            return ProtocolExtensionMediation(participants: people)
        }()
        mediatorSentinel = mediation?.mediatorObject
        #expect(sentinel != nil)
        #expect(sentinel?.mediator === mediatorSentinel)
        mediation = nil
        #expect(sentinel == nil)
        #expect(mediatorSentinel == nil)
    }
}

@Suite("wrapper")
struct WrapperTests {
    @Test func aWeakWrapperLetsItsColleagueGoAndIsCompactedAway() {
        var people = registrations(["A", "B", "C"], weak: ["B"])
        let mediation = WrapperMediation(participants: people)
        weak var sentinel = people[1].participant
        people.remove(at: 1)
        #expect(sentinel == nil)
        #expect(mediation.registered.map(\.name) == ["A", "C"])
        let courier = RecordingCourier()
        mediation.broadcastFromMediator(hello, ofType: nil, courier: courier)
        #expect(courier.lines == ["A <- mediator", "C <- mediator"])
    }

    @Test func aStrongWrapperKeepsItsColleagueAlive() {
        var people = registrations(["A", "B"])
        let mediation = WrapperMediation(participants: people)
        weak var sentinel = people[1].participant
        people.remove(at: 1)
        #expect(sentinel != nil)
        #expect(mediation.registered.map(\.name) == ["A", "B"])
    }

    @Test func removalKeepsTheOrder() {
        let people = registrations(["A", "B", "C", "D"])
        var mediation = WrapperMediation(participants: people)
        _ = mediation.unregister(people[1].participant)
        #expect(mediation.registered.map(\.name) == ["A", "C", "D"])
    }

    @Test func typedBroadcastsAndMissingReceivers() {
        let people = [
            Registration(Participant(name: "A", type: "Cat"), weakly: false),
            Registration(Participant(name: "B", type: "Dog"), weakly: false),
            Registration(Participant(name: "C", type: "Cat"), weakly: false),
        ]
        let mediation = WrapperMediation(participants: people)
        let courier = RecordingCourier()
        mediation.broadcast(hello, from: people[0].participant, ofType: "Cat", courier: courier)
        mediation.send(hello, from: people[0].participant, to: "Z", courier: courier)
        #expect(courier.lines == ["C <- A", "! missingReceiver Z"])
    }
}

@Suite("direct-delegate")
struct DirectDelegateTests {
    @Test func colleaguesHoldTheirDelegateStronglySoEverythingLeaks() {
        weak var sentinel: Participant?
        weak var mediatorSentinel: AnyObject?
        do {
            let people = registrations(["A", "B", "C"])
            let mediation = DirectDelegateMediation(participants: people)
            sentinel = people[0].participant
            mediatorSentinel = mediation.mediatorObject
            #expect(people.allSatisfy { ($0.participant.delegate as AnyObject?) === mediatorSentinel })
        }
        // Every reference the test held is gone; the cycle keeps all four objects alive.
        #expect(sentinel != nil)
        #expect(mediatorSentinel != nil)
        // Proven: free the cycle, so that LeakSanitizer sees no leak (Scripts/sanitize).
        (mediatorSentinel as? DirectDelegateMediator)?.colleagues.forEach { $0.dropLinks() }
        #expect(sentinel == nil)
    }

    @Test func colleaguesAreFixed() {
        let people = registrations(["A", "B"])
        var mediation = DirectDelegateMediation(participants: people)
        let late = Registration(Participant(name: "C", type: "Participant"), weakly: false)
        defer { people.forEach { $0.participant.dropLinks() } }
        #expect(mediation.register(late) == .fixedColleagues("C"))
        #expect(mediation.unregister(people[0].participant) == .fixedColleagues("A"))
        #expect(mediation.registered.map(\.name) == ["A", "B"])
        let courier = RecordingCourier()
        mediation.broadcast(hello, from: late.participant, ofType: nil, courier: courier)
        mediation.broadcast(hello, from: people[1].participant, ofType: nil, courier: courier)
        #expect(courier.lines == ["! noMediator", "A <- B"])
    }
}

@Suite("mesh")
struct MeshTests {
    @Test func everyParticipantHoldsEveryOtherStrongly() {
        let people = registrations(["A", "B", "C", "D"])
        defer { people.forEach { $0.participant.dropLinks() } }
        let mediation = MeshMediation(participants: people)
        #expect(people.map { $0.participant.peers.map(\.name) } == [["B", "C", "D"], ["A", "C", "D"], ["A", "B", "D"], ["A", "B", "C"]])
        #expect(people.map(\.participant.peers.count).reduce(0, +) == 4 * 3)
        #expect(mediation.mediatorObject == nil)
    }

    @Test func leaveDropsTheLeaverBothWays() {
        let people = registrations(["A", "B", "C"])
        defer { people.forEach { $0.participant.dropLinks() } }
        var mediation = MeshMediation(participants: people)
        _ = mediation.unregister(people[1].participant)
        #expect(people[1].participant.peers.isEmpty)
        #expect(people[0].participant.peers.map(\.name) == ["C"])
        #expect(mediation.registered.map(\.name) == ["A", "C"])
    }

    @Test func thereIsNoMediatorToSendFrom() {
        let people = registrations(["A", "B"])
        defer { people.forEach { $0.participant.dropLinks() } }
        let mediation = MeshMediation(participants: people)
        let courier = RecordingCourier()
        mediation.broadcastFromMediator(hello, ofType: nil, courier: courier)
        mediation.sendFromMediator(hello, to: "A", courier: courier)
        #expect(courier.lines == ["! noMediator", "! noMediator"])
    }

    @Test func releasedPeersLeakThroughTheirCycles() {
        weak var sentinel: Participant?
        do {
            let people = registrations(["A", "B"])
            _ = MeshMediation(participants: people)
            sentinel = people[0].participant
        }
        #expect(sentinel != nil)
        // Proven: free the cycle, so that LeakSanitizer sees no leak (Scripts/sanitize).
        sentinel?.peers.forEach { $0.dropLinks() }
        sentinel?.dropLinks()
        #expect(sentinel == nil)
    }
}
