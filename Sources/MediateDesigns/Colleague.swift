import MediateRuntime

#if Combine
    import OpenCombine
#endif

/// The colleague object of the reference designs.
///
/// They share one class, so that a scenario can replace one design with another while it
/// runs (`mediator mesh` after the first step) and the new mediator takes over the same objects.
/// Each design writes only its own link when it registers a colleague: the two mediator designs
/// the weak `mediator`, direct-delegate the strong `delegate`, the mesh the strong `peers`, the
/// actor, async-stream and notification-center their weak `actorMediator`, `bus` and
/// `notificationHub`, combine its `subscription`. A link another design wrote earlier stays, as
/// it would in a program, and the coupling analysis sees it.
///
/// Unchecked `Sendable`: the actor design hands colleagues to its actor, and every task of an
/// asynchronous design runs on the run's thread, one job at a time (``Design/isAsynchronous``).
final class Colleague: @unchecked Sendable {
    /// Who it is in the scenario, handed back to the courier on every delivery.
    let member: Member
    /// protocol-extension and wrapper: the colleague's weak reference to its mediator.
    weak var mediator: (any ColleagueMediator)?
    /// actor: the colleague's weak reference to its actor mediator.
    weak var actorMediator: ActorMediator?
    /// async-stream: the colleague's weak reference to its bus.
    weak var bus: StreamBus?
    /// notification-center: the colleague's weak reference to its hub.
    weak var notificationHub: NotificationHub?
    /// direct-delegate: the delegate, held strongly since its protocol is not class-bound.
    var delegate: (any ColleagueDelegate)?
    /// mesh: every peer, held strongly, in the order they joined.
    var peers: [Colleague] = []
    #if Combine
        /// combine: its subscription to the inbox the mediator sends on; dropping it cancels it.
        var subscription: AnyCancellable?
    #endif

    init(_ member: Member) { self.member = member }

    /// Where a design's colleague receives a message: it tells the run, which records the
    /// delivery and runs the participant's reactions. `throughMediator`: the message came by way
    /// of a mediator object (a mediator, or direct-delegate's delegate), not straight from a peer.
    func receive(_ message: Message, from sender: Colleague?, throughMediator: Bool = false, courier: Courier) {
        courier.deliver(message, to: member, from: sender?.member, throughMediator: throughMediator)
    }

    /// The colleague's name, its `id` in the designs that look colleagues up by id.
    var name: String { member.name }

    /// Whether a typed broadcast (`* TYPE`) reaches this colleague; nil reaches everyone.
    func matches(type filter: String?) -> Bool { member.matches(type: filter) }
}

/// A mediator that its colleagues reach through their weak `mediator` reference
/// (protocol-extension and wrapper).
protocol ColleagueMediator: AnyObject {
    /// Delivers `message` to every registered colleague but `sender`, optionally of one type.
    func broadcast(_ message: Message, from sender: Colleague?, ofType type: String?, courier: Courier)
    /// Delivers `message` to the colleague named `target`, or reports `missingReceiver`.
    func send(_ message: Message, from sender: Colleague?, to target: String, courier: Courier)
}

/// The delegate a direct-delegate colleague calls when it has something to say. Not
/// class-bound, as in the original example, so colleagues can only hold it strongly.
protocol ColleagueDelegate {
    /// The colleague `sender` broadcasts `message`, optionally to one type.
    func colleague(_ sender: Colleague, broadcasts message: Message, toType type: String?, courier: Courier)
    /// The colleague `sender` sends `message` to the colleague named `target`.
    func colleague(_ sender: Colleague, sends message: Message, to target: String, courier: Courier)
}

/// What the four reference designs share: the colleague class, and the casts from what the run
/// hands them.
protocol ReferenceDesign: Design {
    var courier: Courier { get }
}

extension ReferenceDesign {
    static func makeColleague(for member: Member) -> AnyObject { Colleague(member) }

    /// Drops every link a design wrote into a leaked colleague, which breaks its cycles.
    static func forgetLinks(of colleague: AnyObject) {
        guard let colleague = colleague as? Colleague else { return }
        colleague.mediator = nil
        colleague.actorMediator = nil
        colleague.bus = nil
        colleague.notificationHub = nil
        colleague.delegate = nil
        colleague.peers = []
        #if Combine
            colleague.subscription = nil
        #endif
    }

    /// The registration's colleague, or nil (reported) when another design made it.
    func colleague(of registration: Registration) -> Colleague? {
        guard let colleague = registration.colleague as? Colleague else {
            courier.fail(.foreignColleague(registration.member.name))
            return nil
        }
        return colleague
    }

    /// Who sends, as a reference design sees it; an object another design made is reported.
    func sending(_ origin: Origin) -> Sending {
        guard case .participant(let member, let object) = origin else { return .mediator }
        guard let colleague = object as? Colleague else {
            courier.fail(.foreignColleague(member.name))
            return .refused
        }
        return .colleague(colleague)
    }
}

/// Who sends, as a reference design sees it.
enum Sending {
    /// The mediator itself.
    case mediator
    /// One of the design's colleagues.
    case colleague(Colleague)
    /// An object another design made, already reported.
    case refused
}

extension ReferenceDesign {
    /// Where a send goes in the designs whose colleagues hold their hub weakly: the mediator's
    /// own send goes to `hub`; a colleague's goes to the hub it reaches through `link`, or fails
    /// with `noMediator` when that one is gone. `deliver` gets the hub and the sending colleague.
    func route<Hub>(_ sender: Origin, hub: Hub, link: (Colleague) -> Hub?, _ deliver: (Hub, Colleague?) -> Void) {
        switch sending(sender) {
        case .mediator: deliver(hub, nil)
        case .colleague(let colleague):
            guard let linked = link(colleague) else { return courier.fail(.noMediator) }
            deliver(linked, colleague)
        case .refused: break
        }
    }
}

/// A design whose colleagues reach their mediator through their weak `mediator` reference
/// (protocol-extension, wrapper and combine): sends travel the same way in each.
protocol WeakLinkDesign: ReferenceDesign {
    associatedtype Hub: ColleagueMediator
    /// The mediator object, held strongly by the scenario.
    var hub: Hub { get }
}

extension WeakLinkDesign {
    /// The sender calls its own weak mediator; with none alive the send fails with `noMediator`.
    /// The mediator itself broadcasts to every colleague.
    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        route(sender, hub: hub as any ColleagueMediator, link: \.mediator) {
            $0.broadcast(message, from: $1, ofType: type, courier: courier)
        }
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        route(sender, hub: hub as any ColleagueMediator, link: \.mediator) {
            $0.send(message, from: $1, to: target, courier: courier)
        }
    }

    var mediator: AnyObject? { hub }
}
