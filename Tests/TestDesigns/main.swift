// A designs tool for the end-to-end tests, as a team's package has one: the six reference
// designs and `shouter`, a design whose code prints, as an app's code may.
import MediateCommandLine
import MediateKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A hub that prints a line for every delivery it makes, and 100 KiB (more than a pipe holds)
/// when it is built.
final class ShouterDesign: Design {
    final class Shouter {
        let member: Member
        init(member: Member) { self.member = member }
    }

    final class Hub {
        var shouters: [Shouter] = []
    }

    static let name = "shouter"
    static func makeColleague(for member: Member) -> AnyObject { Shouter(member: member) }

    let hub = Hub()
    let courier: Courier

    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        print(String(repeating: "x", count: 100 << 10))
        for registration in participants { _ = register(registration) }
    }

    func register(_ registration: Registration) -> DeliveryError? {
        guard let shouter = registration.colleague as? Shouter else { return .foreignColleague(registration.member.name) }
        hub.shouters.append(shouter)
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? {
        hub.shouters.removeAll { $0 === registration.colleague }
        return nil
    }

    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        for shouter in hub.shouters where shouter.member != sender.member && shouter.member.matches(type: type) {
            print("delivering \(message.written) to \(shouter.member.name)")
            courier.deliver(message, to: shouter.member, from: sender.member, throughMediator: true)
        }
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        guard let shouter = hub.shouters.first(where: { $0.member.name == target }) else {
            return courier.fail(.missingReceiver(target))
        }
        print("delivering \(message.written) to \(target)")
        courier.deliver(message, to: shouter.member, from: sender.member, throughMediator: true)
    }

    var registered: [Member] { hub.shouters.map(\.member) }
    var mediator: AnyObject? { hub }
}

// A write to a closed pipe (`… | head -1`) fails with EPIPE, which the command reports (exit 3),
// rather than killing the process: the executable sets the signal's disposition, not the library.
signal(SIGPIPE, SIG_IGN)
MediateCommandLine.main(designs: [ShouterDesign.self])
