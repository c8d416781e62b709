import Testing

/// Expectations (`expect`) the checker refuses, each error where it is.
@Suite("Expectations: diagnostics")
struct ExpectationDiagnosticTests {
    static let errors: [(String, [String])] = [
        (
            "participant A\nexpect A.hp 1️⃣=< 3",
            ["1️⃣ expected '==', '!=', '<', '<=', '>' or '>=' after 'A.hp' | help: '=' sets a property; write '==' to compare"]
        ),
        (
            "participant A\nexpect A.hp 1️⃣=> 3",
            ["1️⃣ expected '==', '!=', '<', '<=', '>' or '>=' after 'A.hp' | help: '=' sets a property; write '==' to compare"]
        ),
        ("participant A\nexpect A.hp < 1️⃣hp", ["1️⃣ expected a value after '<': a string, a number, 'true' or 'false'"]),
        (
            "participant A\nexpect A alive fails 1️⃣mesh",
            [
                "1️⃣ expected 'under' or end of line after 'fails' | help: write 'fails' alone, or 'fails under KIND, …' to name the designs it fails under"
            ]
        ),
        (
            "participant A\nexpect A alive fails under1️⃣",
            [
                "1️⃣ expected a design's name after 'under' | help: the kinds are 'protocol-extension', 'wrapper', 'direct-delegate', 'mesh', 'actor', 'async-stream', 'notification-center', 'combine'"
            ]
        ),
        (
            "participant A\nexpect A alive fails under mesh,1️⃣",
            [
                "1️⃣ expected a design's name after ',' | help: the kinds are 'protocol-extension', 'wrapper', 'direct-delegate', 'mesh', 'actor', 'async-stream', 'notification-center', 'combine'"
            ]
        ),
        (
            "participant A\nexpect A alive fails under 1️⃣meshh",
            [
                "1️⃣ unknown design 'meshh' after 'fails under' | help: did you mean 'mesh'? "
                    + "| help: the kinds are 'protocol-extension', 'wrapper', 'direct-delegate', 'mesh', 'actor', 'async-stream', 'notification-center', 'combine'"
            ]
        ),
        (
            "participant A\nexpect A alive fails under direct 1️⃣- delegate",
            ["1️⃣ a mediator kind is written without spaces | help: join its words with '-', e.g. 'protocol-extension'"]
        ),
        ("participant A\nexpect A alive fails under mesh, 1️⃣mesh", ["1️⃣ 'mesh' is named twice after 'fails under'"]),
        (
            "participant A\nexpect A alive 1️⃣failed",
            [
                "1️⃣ unexpected 'failed' after the expectation | help: did you mean 'fails'? write 'fails' or 'fails under KIND, …' for a failure that is intended"
            ]
        ),
        ("participant A\nexpect A alive fails under mesh 1️⃣now", ["1️⃣ expected end of line after the expectation"]),
        (
            "participant A\nA -> A: point\nexpect A received 1 1️⃣pont",
            [
                "1️⃣ no send in the file sends a message called 'pont' | help: did you mean 'point'? "
                    + "| help: 'received N NAME' counts the deliveries of named messages called NAME; 'received N' counts every delivery"
            ]
        ),
        (
            "participant A\non A receives any { self -> A: pong }\nexpect A received 1 1️⃣ping",
            [
                "1️⃣ no send in the file sends a message called 'ping' | help: did you mean 'pong'? "
                    + "| help: 'received N NAME' counts the deliveries of named messages called NAME; 'received N' counts every delivery"
            ]
        ),
        ("participant A\nexpect A received 1 point 1️⃣point", ["1️⃣ expected end of line after the expectation"]),
        (
            "participant A\nexpect A received 1 \"a\" fails 1️⃣mesh",
            [
                "1️⃣ expected 'under' or end of line after 'fails' | help: write 'fails' alone, or 'fails under KIND, …' to name the designs it fails under"
            ]
        ),
        (
            "participant A\nexpect 1️⃣B alive fails",
            ["1️⃣ unknown participant 'B' | help: did you mean 'A'?"]
        ),
    ]

    @Test(arguments: errors)
    func mistakesAreDiagnosed(source: String, expected: [String]) {
        #expect(loadDiagnostics(source) == expected)
    }
}
