import Testing

@testable import MediateKit
@testable import MediateLanguageServer

/// The language server's JSON, not the tests' own JSON reader.
private typealias LSPJSON = MediateLanguageServer.JSON

@Suite("Language server: decoding JSON values")
struct JSONValueDecoderTests {
    private struct Sample: Decodable, Equatable {
        var name: String
        var count: Int
        var small: UInt8?
        var ratio: Double
        var flags: [Bool]
        var nested: [String: [Int]]
        var optional: String?
    }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONValueDecoder.decode(type, from: try #require(LSPJSON.parse(Array(text.utf8))))
    }

    @Test func valuesDecodeIntoTheirTypes() throws {
        let sample = try decode(
            Sample.self, #"{"name":"é","count":1e2,"small":255,"ratio":0.5,"flags":[true,false],"nested":{"a":[1,-2]},"optional":null}"#)
        #expect(
            sample == Sample(name: "é", count: 100, small: 255, ratio: 0.5, flags: [true, false], nested: ["a": [1, -2]], optional: nil))
    }

    @Test(arguments: [
        (#""small":256"#, "small", "expected a whole number ≥ 0, found a number"),
        (#""small":-1"#, "small", "expected a whole number ≥ 0, found a number"),
        (#""flags":[true,1]"#, "flags[1]", "expected a boolean, found a number"),
        (#""nested":{"a":["1"]}"#, "nested.a[0]", "expected a whole number, found a string"),
    ])
    func aValueOfTheWrongTypeNamesItsPath(member: String, path: String, found: String) throws {
        let text = #"{"name":"n","count":1,"ratio":1,"flags":[],"nested":{},\#(member)}"#
        let error = try #require(throws: DecodingError.self) { try decode(Sample.self, text) }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("\(error)")
            return
        }
        let rendered = context.codingPath.reduce("") { path, key in
            key.intValue.map { "\(path)[\($0)]" } ?? (path.isEmpty ? key.stringValue : "\(path).\(key.stringValue)")
        }
        #expect(rendered == path)
        #expect(context.debugDescription == found)
    }
}
