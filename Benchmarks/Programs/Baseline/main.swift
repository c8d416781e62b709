// The "write it by hand" alternative to `mediate`: the wrapper design of docs/DESIGNS.md as an
// ordinary Swift program, making the same deliveries as `Scripts/generate-scenario N SENDS` and
// printing each one with `print`, as the example programs do.
//
//   baseline [PARTICIPANTS [SENDS]]     (default 100 participants, 10,000 sends)
//
// Each line is the one `mediate` writes for the same delivery (`  P2 <- P1 "message 1"`), so
// both programs write the same bytes per delivery.

/// A generic mediator keeping each colleague in a private wrapper, strong or weak.
final class Mediator<ColleagueType: AnyObject> {
    /// Holds one colleague, strongly or weakly.
    private final class ColleagueWrapper {
        var strongColleague: ColleagueType?
        weak var weakColleague: ColleagueType?

        init(_ colleague: ColleagueType, strongReference: Bool) {
            if strongReference { strongColleague = colleague } else { weakColleague = colleague }
        }

        var colleague: ColleagueType? { strongColleague ?? weakColleague }
    }

    private var colleagueWrappers: [ColleagueWrapper] = []

    /// The live colleagues in order; reading drops the wrappers whose colleague is gone.
    var colleagues: [ColleagueType] {
        colleagueWrappers.removeAll { $0.colleague == nil }
        return colleagueWrappers.compactMap(\.colleague)
    }

    func addColleague(_ colleague: ColleagueType, strongReference: Bool = true) {
        colleagueWrappers.append(ColleagueWrapper(colleague, strongReference: strongReference))
    }

    func removeColleague(_ colleague: ColleagueType) {
        guard let index = colleagues.firstIndex(where: { $0 === colleague }) else { return }
        colleagueWrappers.remove(at: index)
    }

    /// Calls `invocation` on every colleague but `colleague` (every one when it is nil).
    func invokeColleagues(by colleague: ColleagueType? = nil, invocation: (ColleagueType) -> Void) {
        for other in colleagues where other !== colleague {
            invocation(other)
        }
    }
}

/// A colleague: it knows its mediator weakly and prints what it receives.
final class Colleague {
    let name: String
    weak var mediator: Mediator<Colleague>?

    init(name: String, mediator: Mediator<Colleague>) {
        self.name = name
        self.mediator = mediator
    }

    func send(_ message: String) {
        mediator?.invokeColleagues(by: self) { $0.receive(message, from: self) }
    }

    func receive(_ message: String, from sender: Colleague) {
        print("  \(name) <- \(sender.name) \"\(message)\"")
    }
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let participantCount = arguments.first ?? 100
let sendCount = arguments.dropFirst().first ?? 10_000

let mediator = Mediator<Colleague>()
var colleagues: [Colleague] = []
for index in 1...participantCount {
    let colleague = Colleague(name: "P\(index)", mediator: mediator)
    mediator.addColleague(colleague)
    colleagues.append(colleague)
}
for send in 1...sendCount {
    colleagues[(send - 1) % participantCount].send("message \(send)")
}
