import Foundation
import Synchronization

/// Where a design reports what its code did: every delivery to a colleague, and every send it
/// could not carry.
///
/// One courier serves one run. It takes deliveries only while the run is going on and only on
/// the run's thread, where each design call is made:
/// - a delivery to a member of another run is the error line `! unknownReceiver NAME`, and one
///   from such a member `! unknownSender NAME`;
/// - a delivery from another thread is refused, and the run stops with
///   `! offThreadDelivery NAME` (exit 3) once the design call in progress returns;
/// - a delivery after the run's last step (from a `deinit` as the scenario releases its
///   objects, or later) is ignored and counted in ``RunSummary/lateDeliveries``.
/// None of them traps.
public final class Courier: @unchecked Sendable {
    /// This run's number, which every member it makes carries: unique in the process, where an
    /// object's address is not once the object is gone.
    let run = Courier.runs.add(1, ordering: .relaxed).newValue
    /// The runs numbered so far.
    private static let runs = Atomic<UInt64>(0)
    /// The run taking deliveries; nil before it starts and once it has ended. Set and cleared
    /// on the run's thread only, and read there only. Not retained: the run opens the courier
    /// and closes it before it ends, so a delivery calls it without retaining and releasing it
    /// (as much as a fifth of what the courier adds to a delivery).
    private var interpreter: Unmanaged<Interpreter>?
    /// A handler in place of a run, for testing a design alone.
    private let handler: ((Courier.Record) -> Void)?
    /// The run's thread, set when the run starts.
    private var thread: pthread_t?
    /// The receiver of the first delivery refused because it came from another thread.
    let firstStray = Mutex<String?>(nil)
    /// Any delivery refused from another thread: read without the lock on every design call.
    let hasStrays = Atomic<Bool>(false)

    /// What a courier made for a test records.
    enum Record: Equatable {
        case delivery(Message, to: String, from: String?)
        case failure(DeliveryError)
    }

    init() { handler = nil }

    init(recording handler: @escaping (Courier.Record) -> Void) {
        self.handler = handler
    }

    /// Opens the courier for `interpreter`'s run on the calling thread.
    func open(for interpreter: Interpreter) {
        self.interpreter = Unmanaged.passUnretained(interpreter)
        thread = pthread_self()
    }

    /// Takes no more deliveries.
    func close() {
        interpreter = nil
    }

    /// Tells the run that your code handed `message` to `receiver`, from `sender` (nil: from the
    /// mediator itself). The run writes the delivery line and runs the receiver's reactions
    /// before this returns, so a reaction's sends come first, depth-first, as method calls do.
    ///
    /// Say `throughMediator` when your code carried the message from the sender to a mediator
    /// object and from there to the receiver: the message diagram then draws that route, sender →
    /// mediator → receiver. Left false, it draws sender → receiver, as for colleagues that call
    /// each other directly. The transcript is the same either way.
    ///
    /// - Parameters:
    ///   - message: The message as your code passed it on.
    ///   - receiver: The participant whose colleague received it.
    ///   - sender: The participant it came from; nil when the mediator itself sent it.
    ///   - throughMediator: Whether it went from the sender to a mediator object first.
    public func deliver(_ message: Message, to receiver: Member, from sender: Member?, throughMediator: Bool = false) {
        if let handler { return handler(.delivery(message, to: receiver.name, from: sender?.name)) }
        // `==` rather than `pthread_equal`, one call less on every delivery: `pthread_t` is an
        // integer or a pointer, Equatable either way.
        guard thread == pthread_self() else { return refuseStray(receiver) }
        guard let interpreter else {
            late += 1
            return
        }
        guard receiver.run == run, sender.map({ $0.run == run }) ?? true else {
            return refuseUnknown(receiver, from: sender, in: interpreter.takeUnretainedValue())
        }
        interpreter._withUnsafeGuaranteedRef { $0.deliver(message, to: receiver, from: sender, throughMediator: throughMediator) }
    }

    /// Tells the run that a send or a registration failed; the transcript writes it as a `!` line.
    /// `throughMediator`: the message reached a mediator object, which could not pass it on (see
    /// ``deliver(_:to:from:throughMediator:)``).
    ///
    /// - Parameters:
    ///   - error: What failed, as the `!` line says it.
    ///   - throughMediator: Whether the message reached a mediator object first.
    public func fail(_ error: DeliveryError, throughMediator: Bool = false) {
        if let handler { return handler(.failure(error)) }
        guard thread == pthread_self() else { return refuseStray(nil) }
        interpreter?.takeUnretainedValue().fail(error, throughMediator: throughMediator)
    }

    /// Late deliveries after the run's last step, counted while it releases its objects.
    var late = 0

    // The two refusals are kept out of `deliver`, which then saves fewer registers on every delivery.

    @inline(never)
    private func refuseUnknown(_ receiver: Member, from sender: Member?, in interpreter: Interpreter) {
        if receiver.run != run { return interpreter.fail(.other("unknownReceiver \(receiver.name)")) }
        interpreter.fail(.other("unknownSender \(sender?.name ?? "?")"))
    }

    @inline(never)
    private func refuseStray(_ receiver: Member?) {
        firstStray.withLock { first in
            if first == nil { first = receiver?.name ?? "(an error report)" }
        }
        hasStrays.store(true, ordering: .releasing)
    }
}

extension Courier: CustomReflectable, HidesStoredReferences {
    /// No children: a courier belongs to the run, and the coupling analysis of a mediator that
    /// keeps one sees the courier, not the run behind it (``HidesStoredReferences``).
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
