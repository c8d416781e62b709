public import MediateSyntax

/// A participant as a design sees it: its name and type, and the run it belongs to.
///
/// Only a run makes members; a design keeps the ones it is given and hands them back to its
/// ``Courier`` when it delivers.
public struct Member: Hashable, Sendable {
    /// Everything a member holds, in one object that its copies share: designs hand members to
    /// the courier on every delivery, and a copy costs one retain rather than one for each
    /// string (an optional member is one pointer, passed in a register).
    @usableFromInline let identity: Identity

    /// The participant's name in the scenario.
    @inlinable public var name: String { identity.name }
    /// Its type, which reactions, `* TYPE` broadcasts and diagrams group by.
    @inlinable public var type: String { identity.type }
    /// The values its declaration gives its properties, by name: `participant Feed : Screen
    /// { likes = 3 }` gives `["likes": .number(3)]`. Build your colleague with them, so that its
    /// initial state is the scenario's. Empty when the declaration has no property block.
    public var properties: [String: Value] { identity.properties }
    /// Its 0-based position in declaration order, which the run checks on every delivery.
    var index: Int { identity.index }
    /// The number of the run that made it (``Courier``'s).
    var run: UInt64 { identity.run }

    init(name: String, type: String, index: Int, run: UInt64, properties: [String: Value] = [:]) {
        identity = Identity(name: name, type: type, index: index, run: run, properties: properties)
    }

    /// Whether a broadcast to `type` (`* TYPE`) reaches this participant; nil reaches everyone.
    @inlinable public func matches(type filter: String?) -> Bool {
        filter == nil || filter == type
    }

    /// Equal when they are the same participant of the same run: a run makes one member for
    /// each position, so its name and type follow.
    public static func == (left: Member, right: Member) -> Bool {
        left.run == right.run && left.index == right.index
    }

    /// Hashes the run and the position, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(run)
        hasher.combine(index)
    }

    @usableFromInline final class Identity: Sendable {
        @usableFromInline let name: String
        @usableFromInline let type: String
        let index: Int
        let run: UInt64
        let properties: [String: Value]

        init(name: String, type: String, index: Int, run: UInt64, properties: [String: Value]) {
            self.name = name
            self.type = type
            self.index = index
            self.run = run
            self.properties = properties
        }
    }
}

extension Member: CustomReflectable {
    /// Its name, type, index and run, as a struct of those fields would show them: `dump`, a
    /// debugger and the coupling analysis see no object inside a member.
    public var customMirror: Mirror {
        Mirror(self, children: ["name": name, "type": type, "index": index, "run": run], displayStyle: .struct)
    }
}
