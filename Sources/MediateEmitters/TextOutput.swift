#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Somewhere text goes: standard output, a file, or a string in a test.
public protocol TextOutput: AnyObject {
    /// Writes `text` as it is.
    func write(_ text: String)
    /// Writes text given as UTF-8 bytes, without making a string of them where the output can.
    func write(utf8 bytes: UnsafeRawBufferPointer)
    /// Writes `count` bytes of UTF-8 that `fill` puts at the address it is given, in place
    /// where the output can.
    func write(count: Int, _ fill: (UnsafeMutableRawPointer) -> Void)
    /// Pushes buffered text out; throws if the bytes could not be written.
    func flush() throws
    /// Whether the output is a terminal, where binary data would be garbage; false unless the
    /// output says otherwise.
    var isTerminal: Bool { get }
}

extension TextOutput {
    /// Not a terminal.
    public var isTerminal: Bool { false }

    /// Writes the bytes decoded as a string.
    public func write(utf8 bytes: UnsafeRawBufferPointer) {
        write(String(decoding: bytes, as: UTF8.self))
    }

    /// Writes the bytes `fill` puts in temporary memory.
    public func write(count: Int, _ fill: (UnsafeMutableRawPointer) -> Void) {
        writeThroughCopy(count: count, fill)
    }

    /// `write(count:_:)` for an output that cannot be written in place: `fill` writes into
    /// temporary memory, which is then written with `write(utf8:)`.
    func writeThroughCopy(count: Int, _ fill: (UnsafeMutableRawPointer) -> Void) {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { bytes.deallocate() }
        if let start = bytes.baseAddress { fill(start) }
        write(utf8: UnsafeRawBufferPointer(bytes))
    }
}
