import Testing

/// Words of the language used as names, and the version line: what the checker refuses, and where.
@Suite("Words and the version line: diagnostics")
struct WordsAndVersionDiagnosticTests {
    @Test func participantTypeAndParameterNamesStayOutOfTheKeywords() {
        #expect(
            loadDiagnostics("participant 1️⃣on") == ["1️⃣ 'on' is a word of the language and cannot be a name"])
        #expect(
            loadDiagnostics("participant A\non A receives hit(1️⃣set) {}")
                == ["1️⃣ 'set' is a word of the language and cannot be a name"])
        #expect(loadDiagnostics("participant A\nlog \"{1️⃣weak}\"") == ["1️⃣ 'weak' is a word of the language and cannot be a name"])
    }

    @Test func versionErrors() {
        #expect(loadDiagnostics("language 1️⃣1.3") == ["1️⃣ unknown language version '1.3' | help: the versions are '1.0', '1.1', '1.2'"])
        #expect(
            loadDiagnostics("language 1️⃣\"1.1\"")
                == ["1️⃣ expected a language version after 'language' | help: the versions are '1.0', '1.1', '1.2'"])
        #expect(
            loadDiagnostics("participant A\n1️⃣language 1.1")
                == ["1️⃣ 'language' must come before every other statement | note: the first statement is on line 1"])
        #expect(
            loadDiagnostics("language 1.1\n1️⃣language 1.0")
                == ["1️⃣ 'language' is given twice | note: the version is first given on line 1"])
        #expect(loadDiagnostics("language 1.1\nscenario \"after the version\"") == [])
        #expect(
            loadDiagnostics("language 1.1\nparticipant A\n1️⃣scenario \"x\"")
                == ["1️⃣ 'scenario' must come before every other statement | note: the first statement is on line 2"])
    }

    @Test func languageOnePointZeroPinsEveryConstructOfOnePointOne() {
        let help = " | help: write 'language 1.1', or remove the version line"
        #expect(
            loadDiagnostics(
                """
                language 1.0
                participant A { 1️⃣on = 1 }
                on A receives 2️⃣leave(x) 3️⃣from here { 4️⃣release x; set 5️⃣set = A.6️⃣weak; log "{A.7️⃣any}" }
                A -> A: 8️⃣log(9️⃣all: 1)
                """) == [
                    "1️⃣ the word 'on' as a property name needs language 1.1" + help,
                    "2️⃣ the word 'leave' as a message name needs language 1.1" + help,
                    "3️⃣ 'from here' needs language 1.1" + help,
                    "4️⃣ 'release' in a reaction needs language 1.1" + help,
                    "5️⃣ the word 'set' as a property name needs language 1.1" + help,
                    "6️⃣ the word 'weak' as a property name needs language 1.1" + help,
                    "7️⃣ the word 'any' as a property name needs language 1.1" + help,
                    "8️⃣ the word 'log' as a message name needs language 1.1" + help,
                    "9️⃣ the word 'all' as a label needs language 1.1" + help,
                ])
        #expect(
            loadDiagnostics("language 1.0\nparticipant A\nexpect A.1️⃣alive == 1")
                == ["1️⃣ the word 'alive' as a property name needs language 1.1" + help])
    }

    /// `from` in a reaction's head must be followed by `here`; `from` and `here` stay names elsewhere.
    @Test func fromMustBeFollowedByHere() {
        #expect(
            loadDiagnostics("participant A\non A receives ping from 1️⃣there {}")
                == ["1️⃣ expected 'here' after 'from' | help: write 'from here' before '{' to apply the reaction from this line on"])
    }
}
