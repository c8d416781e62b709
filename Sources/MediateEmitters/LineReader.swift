#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The lines of a text file, read one at a time without their newlines; an unreadable file
/// has no lines.
package struct LineReader: Sequence {
    package let path: String

    package init(path: String) { self.path = path }

    package func makeIterator() -> Iterator { Iterator(path: path) }

    package final class Iterator: IteratorProtocol {
        private let file: UnsafeMutablePointer<FILE>?
        private var buffer: UnsafeMutablePointer<CChar>?
        private var capacity = 0

        init(path: String) { file = fopen(path, "r") }

        package func next() -> String? {
            guard let file else { return nil }
            let length = getline(&buffer, &capacity, file)
            guard length >= 0, let buffer else { return nil }
            let bytes = UnsafeRawBufferPointer(start: buffer, count: length)
            let trimmed = length > 0 && bytes[length - 1] == 0x0A ? bytes.prefix(length - 1) : bytes[...]
            return String(decoding: trimmed, as: UTF8.self)
        }

        deinit {
            if let file { fclose(file) }
            free(buffer)
        }
    }
}
