import MediateTestSupport
import Testing

@testable import MediateAnalysis
@testable import MediateDesigns
@testable import MediateKit

/// Runs `source` under `kind`, walking the live objects at the end of its steps: the graph the
/// walker found, and the run's summary (whose `leaked` is the release probe's result).
func analyse(_ source: String, kind: MediatorKind) throws -> (graph: ReferenceGraph, summary: RunSummary) {
    let scenario = try ScenarioLoader.load(SourceFile(path: "test.scenario", text: source)).get()
    let interpreter = Interpreter(
        script: scenario.script, title: scenario.title, kind: kind,
        sink: FormattedSink(format: .transcript, output: StringOutput()))
    var graph: ReferenceGraph?
    interpreter.inspect = { roots in graph = ReferenceWalker.graph(from: roots) }
    let summary = interpreter.run()
    return (try #require(graph), summary)
}

/// Three participants and a broadcast: the scenario docs/DESIGNS.md gives the numbers of.
let threeParticipants = """
    participant A
    participant B
    participant C
    A -> *: "hi"
    """

/// One line per edge, `FROM -LABEL-> TO (ownership)`, for readable expectations and failures.
func lines(_ graph: ReferenceGraph) -> [String] {
    graph.edges.map { "\($0.from) -\($0.label)-> \($0.to) (\($0.ownership.rawValue))" }
}

// Small classes of the tests' own, with known fields.

private protocol Named: AnyObject {
    var name: String { get }
}

private final class Target: Named, Hashable {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Target, rhs: Target) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

private final class Ownerships {
    var strongRef: Target
    weak var weakRef: Target?
    unowned var unownedRef: Target
    unowned(unsafe) var unsafeRef: Target
    unowned var optionalUnowned: Target?
    let count = 3

    init(_ targets: [Target]) {
        strongRef = targets[0]
        weakRef = targets[1]
        unownedRef = targets[2]
        unsafeRef = targets[3]
        optionalUnowned = targets[4]
    }
}

private class Base {
    var inherited: Target
    weak var inheritedWeak: Target?
    init(_ target: Target) {
        inherited = target
        inheritedWeak = target
    }
}

private final class Derived: Base {
    var own: Target
    init(_ base: Target, _ own: Target) {
        self.own = own
        super.init(base)
    }
}

private struct WeakStructBox {
    weak var target: Target?
}

private final class WeakClassBox {
    weak var target: Target?
    init(_ target: Target) { self.target = target }
}

private struct UnownedBox {
    unowned var target: Target
}

private final class UnownedBoxes {
    var boxes: [UnownedBox]
    init(_ targets: [Target]) { boxes = targets.map(UnownedBox.init) }
}

private final class Boxes {
    var structBoxes: [WeakStructBox]
    var classBoxes: [WeakClassBox]
    init(_ targets: [Target]) {
        structBoxes = targets.map { WeakStructBox(target: $0) }
        classBoxes = targets.map(WeakClassBox.init)
    }
}

private enum Link {
    case none
    case pair(Target, weight: Int)
}

private final class Values {
    var optional: Target?
    var missing: Target? = nil
    var existential: any Named
    var object: AnyObject
    var anything: Any
    var byName: [String: Target]
    var members: Set<Target>
    var tuple: (Target, label: Target)
    var link: Link
    var noLink = Link.none
    var callback: () -> Void = {}
    var metatype: Any.Type = Target.self
    var boxedMetatype: Any = Target.self
    var scores: [Target: Int]

    init(_ t: [Target]) {
        optional = t[0]
        existential = t[1]
        object = t[2]
        anything = t[3]
        byName = ["b": t[5], "a": t[4]]
        members = [t[7], t[6]]
        tuple = (t[8], t[9])
        link = .pair(t[10], weight: 1)
        scores = [t[11]: 1]
    }
}

private final class Node {
    var next: Node?
    var label: String
    init(_ label: String) { self.label = label }
}

/// The walk from one root, `root`, as `FROM -LABEL-> TO (ownership)` lines.
private func walk(_ object: AnyObject) -> [String] {
    lines(ReferenceWalker.graph(from: [ReferenceRoot(id: "root", role: .participant, object: object)]))
}

@Suite("Reference walker")
struct ReferenceWalkerTests {
    @Test func ownershipComesFromTheFieldMetadata() {
        let targets = (1...5).map { Target("t\($0)") }
        let holder = Ownerships(targets)
        #expect(
            walk(holder) == [
                "root -strongRef-> Target#1 (strong)",
                "root -weakRef-> Target#2 (weak)",
                "root -unownedRef-> Target#3 (unowned)",
                "root -unsafeRef-> Target#4 (unowned)",
                "root -optionalUnowned-> Target#5 (unowned)",
            ])
        // Only the strong field keeps its target alive; the test keeps the others.
        withExtendedLifetime(targets) {}
    }

    @Test func mangledNamesTellWeakFromUnowned() {
        let fields = StoredField.declared(by: Ownerships.self)
        #expect(fields.map(\.name) == ["strongRef", "weakRef", "unownedRef", "unsafeRef", "optionalUnowned", "count"])
        #expect(fields.map(\.ownership) == [.strong, .weak, .unowned, .unownedUnsafe, .unowned, .strong])
    }

    @Test(
        arguments: [
            ([0x01, 0, 0, 0, 0, 0x53, 0x67, 0x58, 0x77], FieldOwnership.weak),  // <ref>SgXw
            ([0x01, 0x58, 0x6F, 0, 0, 0x58, 0x6F], .unowned),  // <ref with X o 0 0>Xo
            ([0x18, 0, 0, 0, 0, 0, 0, 0, 0, 0x58, 0x75], .unownedUnsafe),  // <8-byte ref>Xu
            ([0x01, 0, 0, 0x58, 0x77], nil),  // Xw inside a reference
            ([0x53, 0x69], nil),  // Si
        ] as [([UInt8], FieldOwnership?)])
    func mangledNamesEndWhereTheRuntimeEndsThem(bytes: [UInt8], expected: FieldOwnership?) {
        let name = bytes + [0]
        #expect(name.withUnsafeBytes { TypeDescriptor.ownership(ofMangledName: $0.baseAddress!) } == expected)
    }

    @Test func superclassFieldsComeFirst() {
        let derived = Derived(Target("base"), Target("own"))
        #expect(
            walk(derived) == [
                "root -inherited-> Target#1 (strong)",
                "root -inheritedWeak-> Target#1 (weak)",
                "root -own-> Target#2 (strong)",
            ])
        #expect(StoredField.declared(by: Derived.self).map(\.name) == ["own"])
    }

    @Test func weakBoxesInArraysHoldWeakly() {
        let targets = [Target("a"), Target("b")]
        let boxes = Boxes(targets)
        #expect(
            walk(boxes) == [
                "root -structBoxes[0].target-> Target#1 (weak)",
                "root -structBoxes[1].target-> Target#2 (weak)",
                "root -classBoxes[0]-> WeakClassBox#1 (strong)",
                "root -classBoxes[1]-> WeakClassBox#2 (strong)",
                "WeakClassBox#1 -target-> Target#1 (weak)",
                "WeakClassBox#2 -target-> Target#2 (weak)",
            ])
        withExtendedLifetime(targets) {}
    }

    @Test func valuesAreFollowedToTheirReferences() {
        let targets = (0...11).map { Target("t\($0)") }
        let values = Values(targets)
        let graph = ReferenceWalker.graph(from: [ReferenceRoot(id: "root", role: .mediator, object: values)])
        #expect(
            lines(graph) == [
                "root -optional-> Target#1 (strong)",
                "root -existential-> Target#2 (strong)",
                "root -object-> Target#3 (strong)",
                "root -anything-> Target#4 (strong)",
                "root -byName[\"a\"]-> Target#5 (strong)",
                "root -byName[\"b\"]-> Target#6 (strong)",
                "root -members[0]-> Target#7 (strong)",
                "root -members[1]-> Target#8 (strong)",
                "root -tuple.0-> Target#9 (strong)",
                "root -tuple.label-> Target#10 (strong)",
                "root -link.pair.0-> Target#11 (strong)",
                "root -scores[0].key-> Target#12 (strong)",
            ])
        // The set's elements are sorted by their contents, not by hash order.
        let members = graph.edges.filter { $0.label.hasPrefix("members") }.map(\.to)
        #expect(members == ["Target#7", "Target#8"])
        #expect(graph.nodes.map(\.typeName) == ["Values"] + Array(repeating: "Target", count: 12))
        #expect(graph.nodes.dropFirst().allSatisfy { $0.role == .internal })
    }

    @Test func goneReferencesGiveNoEdge() {
        let alive = Target("alive")
        let holder: Ownerships
        do {
            let gone = Target("gone")
            holder = Ownerships([alive, gone, gone, alive, gone])
        }
        // Reading the deinitialised unowned references would trap: they are skipped.
        #expect(
            walk(holder) == [
                "root -strongRef-> Target#1 (strong)",
                "root -unsafeRef-> Target#1 (unowned)",
            ])
        let boxes: UnownedBoxes
        do { boxes = UnownedBoxes([alive, Target("gone")]) }
        #expect(walk(boxes) == ["root -boxes[0].target-> Target#1 (unowned)"])
        withExtendedLifetime(alive) {}
    }

    @Test func aTwoObjectCycleIsWalkedOnce() {
        let first = Node("first")
        let second = Node("second")
        first.next = second
        second.next = first
        defer { second.next = nil }
        let graph = ReferenceWalker.graph(from: [ReferenceRoot(id: "first", role: .participant, object: first)])
        #expect(
            graph.nodes == [
                .init(id: "first", typeName: "Node", role: .participant),
                .init(id: "Node#1", typeName: "Node", role: .internal),
            ])
        #expect(
            graph.edges == [
                .init(from: "first", to: "Node#1", label: "next", ownership: .strong),
                .init(from: "Node#1", to: "first", label: "next", ownership: .strong),
            ])
    }

    @Test func rootsKeepTheirIdsAndAnObjectGivenTwiceKeepsItsFirst() {
        let first = Node("first")
        let second = Node("second")
        first.next = second
        let roots = [
            ReferenceRoot(id: "A", role: .participant, object: first),
            ReferenceRoot(id: "B", role: .participant, object: second),
            ReferenceRoot(id: "again", role: .mediator, object: first),
        ]
        let graph = ReferenceWalker.graph(from: roots)
        #expect(graph.nodes.map(\.id) == ["A", "B"])
        #expect(lines(graph) == ["A -next-> B (strong)"])
    }

    @Test func theWalkerKeepsNothingAlive() {
        weak var rootSentinel: Boxes?
        weak var targetSentinel: Target?
        weak var boxSentinel: WeakClassBox?
        do {
            let target = Target("t")
            let boxes = Boxes([target])
            let values = Values(Array(repeating: target, count: 12))
            rootSentinel = boxes
            targetSentinel = target
            boxSentinel = boxes.classBoxes[0]
            let graph = ReferenceWalker.graph(from: [
                ReferenceRoot(id: "boxes", role: .mediator, object: boxes),
                ReferenceRoot(id: "values", role: .mediator, object: values),
            ])
            #expect(graph.nodes.count == 4)
        }
        #expect(rootSentinel == nil)
        #expect(targetSentinel == nil)
        #expect(boxSentinel == nil)
    }

    @Test func twoWalksGiveTheSameGraph() {
        let targets = (0...11).map { Target("t\($0)") }
        let values = Values(targets)
        let boxes = Boxes(targets)
        let roots = [
            ReferenceRoot(id: "values", role: .mediator, object: values),
            ReferenceRoot(id: "boxes", role: .participant, object: boxes),
        ]
        #expect(ReferenceWalker.graph(from: roots) == ReferenceWalker.graph(from: roots))
    }

    @Test(arguments: MediatorKind.allCases)
    func twoRunsOfAScenarioGiveTheSameGraph(kind: MediatorKind) throws {
        let source = threeParticipants + "\nparticipant D weak\nD -> A: \"late\"\n"
        #expect(try analyse(source, kind: kind).graph == analyse(source, kind: kind).graph)
    }
}

// Values the walk reads without a mirror, and types whose custom mirror it must still honour.

private struct Holder {
    var target: Target
    var name = "holder"
}

private struct UnsafeHolder {
    unowned(unsafe) var target: Target
}

private protocol Boxed {}
extension Holder: Boxed {}

private enum Slot {
    case empty
    case held(Holder)
}

private final class Nested {
    var inAny: Any
    var inExistential: any Boxed
    var optionalValue: Holder?
    var anys: [Any]
    var byName: [String: Holder]
    var slot: Slot
    var unsafe: UnsafeHolder
    var deep: [[Target?]]

    init(_ t: [Target]) {
        inAny = Holder(target: t[0])
        inExistential = Holder(target: t[1])
        optionalValue = Holder(target: t[2])
        anys = [t[3], Holder(target: t[4]), "text", 5]
        byName = ["x": Holder(target: t[5])]
        slot = .held(Holder(target: t[6]))
        unsafe = UnsafeHolder(target: t[7])
        deep = [[nil, t[8]]]
    }
}

private final class Curated: CustomReflectable {
    var hidden: Target
    weak var shown: Target?
    init(_ hidden: Target, _ shown: Target) {
        self.hidden = hidden
        self.shown = shown
    }
    var customMirror: Mirror { Mirror(self, children: ["shown": shown as Any, "extra": hidden]) }
}

private struct CuratedValue: CustomReflectable {
    var hidden: Target
    var customMirror: Mirror { Mirror(self, children: [] as [(String?, Any)]) }
}

private final class CuratedHolder {
    var curated: CuratedValue
    init(_ target: Target) { curated = CuratedValue(hidden: target) }
}

extension ReferenceWalkerTests {
    @Test func valuesInsideValuesAreFollowed() {
        let targets = (0...8).map { Target("t\($0)") }
        let nested = Nested(targets)
        #expect(
            walk(nested) == [
                "root -inAny.target-> Target#1 (strong)",
                "root -inExistential.target-> Target#2 (strong)",
                "root -optionalValue.target-> Target#3 (strong)",
                "root -anys[0]-> Target#4 (strong)",
                "root -anys[1].target-> Target#5 (strong)",
                "root -byName[\"x\"].target-> Target#6 (strong)",
                "root -slot.held.target-> Target#7 (strong)",
                "root -unsafe.target-> Target#8 (unowned)",
                "root -deep[0][1]-> Target#9 (strong)",
            ])
        withExtendedLifetime(targets) {}
    }

    @Test func customMirrorsAreHonoured() {
        let hidden = Target("hidden")
        let shown = Target("shown")
        #expect(
            walk(Curated(hidden, shown)) == [
                "root -shown-> Target#1 (weak)",
                "root -extra-> Target#2 (strong)",
            ])
        #expect(walk(CuratedHolder(hidden)) == [])
        withExtendedLifetime(shown) {}
    }
}
