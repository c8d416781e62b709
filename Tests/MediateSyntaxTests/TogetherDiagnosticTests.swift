import Testing

/// `together { … }` blocks the checker refuses, each error where it is.
@Suite("Together blocks: diagnostics")
struct TogetherDiagnosticTests {
    @Test func errorsAreLocated() {
        #expect(
            loadDiagnostics("participant A\ntogether {\n  1️⃣log \"x\"\n  A -> A: hi\n}")
                == [
                    "1️⃣ only sends can be written in a 'together' block | help: write this statement before 'together' or after the block's '}'"
                ])
        #expect(
            loadDiagnostics("participant A\ntogether {\n  A -> A: hi\n  1️⃣together { A -> A: ho }\n}")
                == ["1️⃣ 'together' blocks do not nest | help: write these sends in the outer block: every send of a block starts together"])
        #expect(
            loadDiagnostics("participant A\n1️⃣together {\n}")
                == [
                    "1️⃣ a 'together' block needs at least one send | help: write in '{ }' the sends that start together, one a line, or remove the block"
                ])
        #expect(
            loadDiagnostics("language 1.0\nparticipant A\n1️⃣together { A -> A: hi(1 + 1) }").first
                == "1️⃣ 'together' needs language 1.2 | help: write 'language 1.2', or remove the version line")
        #expect(
            loadDiagnostics("language 1.1\nparticipant A\n1️⃣together { A -> A: hi }")
                == ["1️⃣ 'together' needs language 1.2 | help: write 'language 1.2', or remove the version line"])
        // A top-level send's checks apply to each send of the block.
        #expect(loadDiagnostics("participant A\ntogether { A -> 1️⃣B: hi }") == ["1️⃣ unknown participant 'B' | help: did you mean 'A'?"])
    }
}
