import MediateDesigns
import Testing

@testable import MediateKit

/// A news app's screens as a team wrote them before it knew of mediate: each screen takes its
/// mediator in `init` and keeps it in a `let`, and starts with the likes it is given.
final class ScreenMediator {
    /// The screens, held weakly: each screen holds its mediator strongly.
    private var screens: [Weak] = []

    private struct Weak {
        weak var screen: Screen?
    }

    func add(_ screen: Screen) { screens.append(Weak(screen: screen)) }
    func remove(_ screen: Screen) { screens.removeAll { $0.screen === screen } }
    var all: [Screen] { screens.compactMap(\.screen) }

    /// Passes a like to every other screen.
    func likeAdded(id: Int, by sender: Screen?) {
        for screen in all where screen !== sender { screen.likeAdded(id: id) }
    }
}

/// A colleague whose mediator cannot be set after `init`.
final class Screen {
    let name: String
    let mediator: ScreenMediator
    private(set) var likes: Int
    /// The app's only hook: the test design reports each like through it.
    var onLike: ((Int) -> Void)?

    init(name: String, mediator: ScreenMediator, likes: Int) {
        self.name = name
        self.mediator = mediator
        self.likes = likes
    }

    func likeAdded(id: Int) {
        likes += 1
        onLike?(id)
    }
}

/// The adapter: a ``MediatorFirstDesign``, whose mediator exists before its colleagues.
final class ScreenDesign: MediatorFirstDesign {
    static let name = "screens"
    let hub = ScreenMediator()
    let courier: Courier
    private var members: [ObjectIdentifier: Member] = [:]

    init(courier: Courier) { self.courier = courier }

    func newColleague(for member: Member) -> AnyObject {
        var likes = 0
        if case .number(let value)? = member.properties["likes"] { likes = Int(value) }
        return Screen(name: member.name, mediator: hub, likes: likes)
    }

    func register(_ registration: Registration) -> DeliveryError? {
        guard let screen = registration.colleague as? Screen, screen.mediator === hub else {
            return .foreignColleague(registration.member.name)
        }
        let member = registration.member
        members[ObjectIdentifier(screen)] = member
        screen.onLike = { [courier] id in
            courier.deliver(.named("likeAdded", [.init(label: "id", value: .number(Double(id)))]), to: member, from: nil)
        }
        hub.add(screen)
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? {
        (registration.colleague as? Screen).map(hub.remove)
        return nil
    }

    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        guard message.name == "likeAdded", case .number(let id)? = message.argument("id") else {
            return courier.fail(.other("unknownMessage \(message.written)"))
        }
        var from: Screen?
        if case .participant(_, let colleague) = sender { from = colleague as? Screen }
        hub.likeAdded(id: Int(id), by: from)
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        courier.fail(.missingReceiver(target))
    }

    var registered: [Member] { hub.all.compactMap { members[ObjectIdentifier($0)] } }
    var mediator: AnyObject? { hub }
}

@Suite("A design whose colleagues take their mediator in init")
struct ScreenDesignTests {
    static let scenario = """
        mediator screens
        participant Feed : Screen { likes = 3 }
        participant Detail : Screen
        Feed -> *: likeAdded(id: 1)
        participant Profile : Screen { likes = 10 }
        Detail -> *: likeAdded(id: 2)
        """

    /// Runs the scenario under `screens`: its transcript, the likes of each screen and the edges
    /// the coupling walk found, both read at the end of the steps.
    func run() throws -> (transcript: String, likes: [String: Int], edges: [String]) {
        let scenario = try ScenarioLoader.load(
            SourceFile(path: "screens.scenario", text: Self.scenario),
            designs: try DesignRegistry.reference(adding: [ScreenDesign.self])
        ).get()
        let output = StringOutput()
        let interpreter = Interpreter(
            script: scenario.script, title: scenario.title, design: ScreenDesign.self, designs: scenario.designs,
            sink: FormattedSink(format: .transcript, output: output))
        var likes: [String: Int] = [:]
        var edges: [String] = []
        interpreter.inspect = { roots in
            for root in roots { if let screen = root.object as? Screen { likes[screen.name] = screen.likes } }
            edges = ReferenceWalker.graph(from: roots).edges.map { "\($0.from) -\($0.label)-> \($0.to)" }
        }
        _ = interpreter.run()
        return (output.text, likes, edges)
    }

    @Test func colleaguesAreMadeWithTheMediatorTheyKeepInALet() throws {
        let run = try run()
        #expect(
            run.transcript == """
                scenario screens
                mediator screens
                + Feed : Screen
                + Detail : Screen
                1 Feed -> * likeAdded(id: 1)
                  Detail <- mediator likeAdded(id: 1)
                + Profile : Screen
                2 Detail -> * likeAdded(id: 2)
                  Feed <- mediator likeAdded(id: 2)
                  Profile <- mediator likeAdded(id: 2)
                end: 2 sends, 3 deliveries, 0 errors, 0 failed expectations
                leaked: none

                """)
        // The walk reads the objects the design made: each screen's `let mediator`.
        for name in ["Feed", "Detail", "Profile"] { #expect(run.edges.contains("\(name) -mediator-> mediator")) }
    }

    @Test func aColleagueStartsWithItsDeclaredProperties() throws {
        // Feed: 3 declared, one like; Detail: none declared, one like; Profile: 10, one like.
        #expect(try run().likes == ["Feed": 4, "Detail": 1, "Profile": 11])
    }

    @Test func anArgumentIsReadByItsLabel() {
        let message = Message.named("likeAdded", [.init(label: "id", value: .number(1)), .init(label: nil, value: .bool(true))])
        #expect(message.argument("id") == .number(1))
        #expect(message.argument("count") == nil)
        #expect(Message.text("id").argument("id") == nil)
    }
}
