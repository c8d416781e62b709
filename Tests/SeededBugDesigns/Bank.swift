import MediateKit

/// The mediator of `reentrant-actor`: an actor that keeps each account's balance, writes every
/// change to a ledger (another actor), and tells the account its new balance (`balance(to: N)`).
///
/// The seeded bug: when not `fixed`, it reads the balance, awaits the ledger, then writes the
/// balance it read plus the change. The actor is reentrant, so another call may run at the
/// `await` and its change is lost. Fixed, it updates and tells before it awaits.
actor Bank {
    /// Where every change is written; withdrawals are authorized there first.
    private actor Ledger {
        private var entries: [Double] = []
        func authorize(_ change: Double) -> Bool { change > -1_000 }
        func record(_ change: Double) { entries.append(change) }
    }

    private let fixed: Bool
    private let courier: Courier
    private let ledger = Ledger()
    private var balances: [String: Double] = [:]

    init(fixed: Bool, courier: Courier) {
        self.fixed = fixed
        self.courier = courier
    }

    /// Adds `change` (negative for a withdrawal, which the ledger authorizes first) to
    /// `account`'s balance, which starts at its declared `balance`.
    func post(_ change: Double, to account: Member, from sender: Member?) async {
        if change < 0, await !ledger.authorize(change) { return courier.fail(.other("refused \(account.name)"), throughMediator: true) }
        let opening: Double = if case .number(let value)? = account.properties["balance"] { value } else { 0 }
        if fixed {
            balances[account.name, default: opening] += change
            tell(account, from: sender)
            await ledger.record(change)
        } else {
            let balance = balances[account.name, default: opening]
            await ledger.record(change)
            balances[account.name] = balance + change
            tell(account, from: sender)
        }
    }

    private func tell(_ account: Member, from sender: Member?) {
        let balance = Message.named("balance", [Message.Argument(label: "to", value: .number(balances[account.name] ?? 0))])
        courier.deliver(balance, to: account, from: sender, throughMediator: true)
    }
}
