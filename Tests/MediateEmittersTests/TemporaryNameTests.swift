import MediateKit
import Testing

/// The names of `AtomicFile`'s temporary files: recognisable, and never past 255 bytes.
@Suite("Temporary names")
struct TemporaryNameTests {
    /// Names of 0 to 300 bytes of 1-, 2-, 3- and 4-byte letters.
    @Test(arguments: ["a", "é", "€", "😀", "a€😀é"])
    func fitIn255BytesAndAreRecognised(letters: String) {
        for count in 0...(300 / letters.utf8.count) {
            let destination = String(repeating: letters, count: count)
            let name = AtomicFile.temporaryName(for: destination)
            #expect(name.utf8.count <= 255)
            #expect(AtomicFile.isTemporaryName(name))
            // What is kept of the destination's name is as much of it as fits, cut between letters.
            let kept = String(name.dropFirst().dropLast(".mediate-tmp-".count + 10))
            #expect(destination.hasPrefix(kept))
            #expect(destination.utf8.count <= 231 ? kept == destination : kept.utf8.count > 231 - 4)
        }
    }

    @Test(arguments: [
        ".notes", "wrapper.transcript", ".x.mediate-tmp-short", ".x.mediate-tmp-abcdefghi!", "x.mediate-tmp-abcdefghij",
        ".wrapper.transcript.aBc123",
    ])
    func otherNamesAreNotOurs(name: String) {
        #expect(!AtomicFile.isTemporaryName(name))
    }
}
