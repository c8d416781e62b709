package import Foundation

#if canImport(FoundationXML)
    package import FoundationXML
#endif

/// Parses SVG with Foundation's XML parser: the text of every `<text>` element, and every
/// element name, or an error when the document is not well-formed XML.
package enum SVGText {
    /// The parser's error.
    package struct Malformed: Error {
        package var description: String
        package init(description: String) { self.description = description }
    }

    /// What the parser met: texts and element names, in document order.
    package final class Collector: NSObject, XMLParserDelegate {
        package var texts: [String] = []
        package var elements: [String] = []
        var current: String?

        package func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(name)
            if name == "text" { current = "" }
        }

        package func parser(_ parser: XMLParser, foundCharacters string: String) {
            current? += string
        }

        package func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let current { texts.append(current) }
            if name == "text" { current = nil }
        }
    }

    /// Parses `svg`; throws `Malformed` when it is not well-formed.
    package static func parse(_ svg: String) throws -> Collector {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else {
            throw Malformed(description: parser.parserError.map { "\($0)" } ?? "not well-formed")
        }
        return collector
    }

    /// The text of every `<text>` element.
    package static func texts(of svg: String) throws -> [String] { try parse(svg).texts }
}
