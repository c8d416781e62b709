#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A write that failed, with the system's reason.
public struct OutputError: Error, CustomStringConvertible {
    /// The `errno` value.
    public var code: Int32
    /// The system's message for ``code``.
    public var description: String { String(cString: strerror(code)) }

    package init(code: Int32) { self.code = code }
}
