internal import Foundation

#if canImport(FoundationXML)
    internal import FoundationXML
#endif

/// What an SVG document holds, read with `XMLParser`: its element names, its attributes (as
/// `ELEMENT@ATTRIBUTE`) and the text of its `<text>` elements.
package struct SVG {
    package var isWellFormed: Bool
    package var parseError: String?
    package var elements: [String]
    package var attributes: [String]
    package var texts: [String]

    /// Reads `bytes` as XML.
    package init(_ bytes: [UInt8]) {
        let parser = XMLParser(data: Data(bytes))
        let reader = Reader()
        parser.delegate = reader
        isWellFormed = parser.parse()
        parseError = parser.parserError.map { "\($0)" }
        elements = reader.elements
        attributes = reader.attributes
        texts = reader.texts
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var elements: [String] = []
        var attributes: [String] = []
        var texts: [String] = []
        var text: String?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            elements.append(name)
            self.attributes += attributes.keys.map { "\(name)@\($0)" }
            if name == "text" { text = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text? += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let text { texts.append(text) }
            if name == "text" { text = nil }
        }
    }
}
