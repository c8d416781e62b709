import MediateKit

/// The mediator of `lost-update`: a depot, a plain class, that keeps each bin's stock and tells
/// the bin its new count (`stock(to: N)`). A restock updates the bin from the sender's task; a
/// sale is charged at a till (an actor) first, then updates it.
///
/// The seeded bug: when not `fixed`, an update reads the count in one task and writes the count
/// it read plus the change in a task it starts, so an update that runs in between is lost.
/// Fixed, the task reads and writes at once.
///
/// Unchecked `Sendable`: the run's scheduler runs every task it starts one at a time, on the
/// run's thread.
final class Depot: @unchecked Sendable {
    /// Where a sale is charged before the stock changes.
    private actor Till {
        private var taken: Double = 0
        func charge(_ count: Double) { taken += count }
    }

    private let fixed: Bool
    private let courier: Courier
    private let till = Till()
    private var counts: [String: Double] = [:]

    init(fixed: Bool, courier: Courier) {
        self.fixed = fixed
        self.courier = courier
    }

    /// Adds `count` to `bin`'s stock, which starts at its declared `count`: a restock.
    func restock(_ count: Double, of bin: Member, from sender: Member?) {
        update(count, of: bin, from: sender)
    }

    /// Charges `count` at the till, then takes it from `bin`'s stock: a sale.
    func sell(_ count: Double, of bin: Member, from sender: Member?) {
        Task { [till] in
            await till.charge(count)
            self.update(-count, of: bin, from: sender)
        }
    }

    private func update(_ change: Double, of bin: Member, from sender: Member?) {
        let opening: Double = if case .number(let value)? = bin.properties["count"] { value } else { 0 }
        if fixed {
            Task {
                self.counts[bin.name, default: opening] += change
                self.tell(bin, from: sender)
            }
        } else {
            let count = counts[bin.name, default: opening]
            Task {
                self.counts[bin.name] = count + change
                self.tell(bin, from: sender)
            }
        }
    }

    private func tell(_ bin: Member, from sender: Member?) {
        let stock = Message.named("stock", [Message.Argument(label: "to", value: .number(counts[bin.name] ?? 0))])
        courier.deliver(stock, to: bin, from: sender, throughMediator: true)
    }
}
