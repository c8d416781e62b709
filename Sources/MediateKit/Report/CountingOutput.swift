/// An output that keeps nothing and counts the bytes written to it: the report page's size,
/// known before a byte of it is written.
final class CountingOutput: TextOutput {
    /// The bytes written so far.
    private(set) var count = 0

    func write(_ text: String) { count += text.utf8.count }
    func write(utf8 bytes: UnsafeRawBufferPointer) { count += bytes.count }
    func write(count: Int, _ fill: (UnsafeMutableRawPointer) -> Void) { self.count += count }
    func flush() {}
}
