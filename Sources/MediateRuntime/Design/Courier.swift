import Foundation
import Synchronization

/// Where a design reports what its code did: every delivery to a colleague, and every send it
/// could not carry.
///
/// One courier serves one run. It takes deliveries only while the run is going on and only on
/// the run's thread, where each design call is made:
/// - a delivery to a member of another run is the error line `! unknownReceiver NAME`;
/// - a delivery from another thread is refused, and the run stops with
///   `! offThreadDelivery NAME` (exit 3) once the design call in progress returns;
/// - a delivery after the run's last step (from a `deinit` as the scenario releases its
///   objects, or later) is ignored and counted in ``RunSummary/lateDeliveries``.
/// None of them traps.
public final class Courier: @unchecked Sendable {
    /// The run taking deliveries; nil before it starts and once it has ended. Set and cleared
    /// on the run's thread only, and read there only.
    unowned(unsafe) var interpreter: Interpreter?
    /// A handler in place of a run, for testing a design alone.
    private let handler: ((Courier.Record) -> Void)?
    /// The run's thread, set when the run starts.
    private var thread: pthread_t?
    /// Deliveries refused because they came from another thread, and the first receiver's name.
    let strays = Mutex<(count: Int, first: String?)>((0, nil))
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
        self.interpreter = interpreter
        thread = pthread_self()
    }

    /// Takes no more deliveries.
    func close() {
        interpreter = nil
    }

    /// Tells the run that your code handed `message` to `receiver`, from `sender` (nil: from the
    /// mediator itself). The run writes the delivery line and runs the receiver's reactions
    /// before this returns, so a reaction's sends come first, depth-first, as method calls do.
    public func deliver(_ message: Message, to receiver: Member, from sender: Member?) {
        if let handler { return handler(.delivery(message, to: receiver.name, from: sender?.name)) }
        guard let thread, pthread_equal(thread, pthread_self()) != 0 else { return refuseStray(receiver) }
        guard let interpreter else {
            late += 1
            return
        }
        guard receiver.run == ObjectIdentifier(self), sender.map({ $0.run == ObjectIdentifier(self) }) ?? true else {
            return interpreter.fail(.other("unknownReceiver \(receiver.name)"))
        }
        interpreter.deliver(message, to: receiver, from: sender)
    }

    /// Tells the run that a send or a registration failed; the transcript writes it as a `!` line.
    public func fail(_ error: DeliveryError) {
        if let handler { return handler(.failure(error)) }
        guard let thread, pthread_equal(thread, pthread_self()) != 0 else { return refuseStray(nil) }
        interpreter?.fail(error)
    }

    /// Late deliveries after the run's last step, counted while it releases its objects.
    var late = 0

    private func refuseStray(_ receiver: Member?) {
        strays.withLock { strays in
            strays.count += 1
            if strays.first == nil { strays.first = receiver?.name ?? "(an error report)" }
        }
        hasStrays.store(true, ordering: .releasing)
    }
}
