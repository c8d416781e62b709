import Testing

/// The mediator as a party (`mediator KIND as NAME`) written wrongly: each error where it is, with its help.
@Suite("The mediator as a party: diagnostics")
struct MediatorPartyDiagnosticTests {
    static let diagnostics: [(String, [String])] = [
        (
            "mediator as Tower\n1️⃣mediator wrapper as Hub",
            [
                "1️⃣ the mediator is named or given properties twice | note: it is first declared on line 1 | help: give its name and its properties once: 'mediator KIND as NAME { PROP = VALUE }'"
            ]
        ),
        (
            "participant Tower\nmediator as 1️⃣Tower",
            [
                "1️⃣ 'Tower' is a participant and cannot also name the mediator | note: 'Tower' is a participant on line 1 | help: participants, types and the mediator need different names"
            ]
        ),
        (
            "participant A : Tower\nmediator as 1️⃣Tower",
            [
                "1️⃣ 'Tower' is a type and cannot also name the mediator | note: 'Tower' is a type on line 1 | help: participants, types and the mediator need different names"
            ]
        ),
        (
            "participant A\nA -> *: x\nmediator wrapper as 1️⃣Tower",
            [
                "1️⃣ 'as NAME' can only be given to the scenario's mediator, before the first step | help: a replacement keeps the mediator's name and properties: write 'mediator KIND' here, and name the mediator above the first step"
            ]
        ),
        ("mediator as Tower\nparticipant A\nA -> 1️⃣Towr: x", ["1️⃣ unknown participant 'Towr' | help: did you mean 'Tower'?"]),
        ("mediator as Tower\non 1️⃣Towr receives any {}", ["1️⃣ unknown participant or type 'Towr' | help: did you mean 'Tower'?"]),
        ("mediator as Tower\nparticipant A\nleave 1️⃣Tower", ["1️⃣ 'Tower' is the mediator, not a participant"]),
        (
            "mediator as Tower\n1️⃣expect Tower alive",
            [
                "1️⃣ the mediator's lifetime cannot be expected | help: 'alive' and 'deallocated' are for participants; expect 'Tower.PROP' or 'Tower received N'"
            ]
        ),
        (
            "participant A\nA -> A, 1️⃣*: x",
            [
                "1️⃣ '*' (everyone) cannot be listed with other targets | help: write '*' alone, '* TYPE' for the participants of a type, or list the names"
            ]
        ),
        ("participant A : T\nA -> A, * 1️⃣Q: x", ["1️⃣ unknown type 'Q' | help: did you mean 'T'?"]),
        (
            "mediator wrapper as1️⃣",
            ["1️⃣ expected a name for the mediator after 'as' | help: write 'mediator [KIND] as NAME', e.g. 'mediator wrapper as Tower'"]
        ),
        ("mediator as 1️⃣self", ["1️⃣ 'self' is a word of the language and cannot be a name"]),
        ("mediator wrapper as Tower 1️⃣extra", ["1️⃣ expected '{' or end of line after 'Tower'"]),
        (
            "mediator 1️⃣wraper as Tower",
            [
                "1️⃣ unknown mediator kind 'wraper' | help: did you mean 'wrapper'? | help: the kinds are 'protocol-extension', 'wrapper', 'direct-delegate', 'mesh', 'actor', 'async-stream', 'notification-center', 'combine'"
            ]
        ),
    ]

    @Test(arguments: diagnostics)
    func mistakesAreReportedWithHelp(source: String, expected: [String]) {
        #expect(loadDiagnostics(source) == expected)
    }

    /// `mediator as` alone is still a kind, as in 1.0.
    @Test func mediatorAsAloneIsAKind() {
        #expect(loadDiagnostics("mediator 1️⃣as").first?.hasPrefix("1️⃣ unknown mediator kind 'as'") == true)
    }
}
