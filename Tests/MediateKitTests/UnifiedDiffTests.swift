import Testing
@testable import MediateKit
@testable import MediateDesigns

@Suite("Unified diff")
struct UnifiedDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(UnifiedDiff.diff(expected: "a\nb\n", actual: "a\nb\n") == nil)
    }

    @Test func hunksHaveThreeLinesOfContextAndMergeWhenClose() {
        let old = (1...20).map { "line \($0)\n" }.joined()
        var newLines = (1...20).map { "line \($0)" }
        newLines[4] = "changed 5"
        newLines[9] = "changed 10"
        newLines[18] = "changed 19"
        let new = newLines.map { $0 + "\n" }.joined()
        #expect(UnifiedDiff.diff(expected: old, actual: new) == """
            --- expected
            +++ actual
            @@ -2,12 +2,12 @@
             line 2
             line 3
             line 4
            -line 5
            +changed 5
             line 6
             line 7
             line 8
             line 9
            -line 10
            +changed 10
             line 11
             line 12
             line 13
            @@ -16,5 +16,5 @@
             line 16
             line 17
             line 18
            -line 19
            +changed 19
             line 20

            """)
    }

    @Test func insertionsAtTheStartAndAMissingFinalNewline() {
        #expect(UnifiedDiff.diff(expected: "b\n", actual: "a\nb") == """
            --- expected
            +++ actual
            @@ -1 +1,2 @@
            -b
            +a
            +b
            \\ No newline at end of file

            """)
        #expect(UnifiedDiff.diff(expected: "", actual: "x\n", expectedName: "old", actualName: "new") == """
            --- old
            +++ new
            @@ -0,0 +1 @@
            +x

            """)
    }

    @Test func carriageReturnsStayPartOfTheirLines() {
        #expect(UnifiedDiff.diff(expected: "a\r\nb\r\n", actual: "a\r\nc\r\n") == "--- expected\n+++ actual\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
    }
}
