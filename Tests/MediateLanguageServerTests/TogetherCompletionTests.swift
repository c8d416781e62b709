import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit
@testable import MediateLanguageServer

/// The language server and `together { … }` (language 1.2): the keyword, completion inside the
/// block, the outline, and the versions that take it.
@Suite("Language server: together")
struct TogetherCompletionTests {
    /// The language server: `together` is a statement keyword, a block's lines complete senders,
    /// and the outline lists the block.
    @Test func theLanguageServerKnowsTheBlock() throws {
        let text = "participant A\nparticipant B\ntogether {\n    \n    A -> B: hi\n}\n\n"
        let designs = DesignRegistry.reference
        let analysis = DocumentAnalysis(document: TextDocument(uri: "file:///t", version: 1, text: text), designs: designs)
        let context = CompletionContext(analysis: analysis, designs: designs.names)
        func labels(_ line: Int, _ character: Int) -> [String] {
            context.items(at: LSPPosition(line: line, character: character)).array?.compactMap { $0["label"]?.string } ?? []
        }
        #expect(labels(6, 0).contains("together"))
        #expect(labels(3, 4) == ["A", "B", "mediator"])
        #expect(analysis.index.outline.map(\.name).contains("together"))
    }

    /// A file pinned to a version before 1.2 refuses the block, so its statements do not offer it.
    @Test(arguments: [("1.0", false), ("1.1", false), ("1.2", true)])
    func theBlockIsOfferedWhereTheVersionTakesIt(version: String, offered: Bool) {
        let text = "language \(version)\nparticipant A\n\n"
        let designs = DesignRegistry.reference
        let analysis = DocumentAnalysis(document: TextDocument(uri: "file:///t", version: 1, text: text), designs: designs)
        let items = CompletionContext(analysis: analysis, designs: designs.names).items(at: LSPPosition(line: 2, character: 0))
        #expect((items.array?.compactMap { $0["label"]?.string } ?? []).contains("together") == offered)
    }
}
