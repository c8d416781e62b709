/// An object the analysis starts from, as the interpreter holds it at the end of a run's steps:
/// only a run makes roots (see ``Interpreter/inspect``).
public struct ReferenceRoot {
    /// A stable, readable id: the participant's name, `mediator` (or the name the scenario gives
    /// it), or `mediator 2` (`NAME 2`) for an earlier mediator still alive.
    public var id: String
    /// A participant or a mediator.
    public var role: NodeRole
    /// The object itself.
    public var object: AnyObject

    package init(id: String, role: NodeRole, object: AnyObject) {
        self.id = id
        self.role = role
        self.object = object
    }
}
