/// A size in bytes as people write it on a command line (`500000`, `64K`, `64M`, `1G`: binary
/// multiples, an optional `iB` or `B` after the letter) and as messages show it (`64 MiB`).
public struct ByteCount: Hashable, Sendable, CustomStringConvertible {
    /// The size, in bytes.
    public var bytes: Int

    /// A size of `bytes` bytes.
    public init(_ bytes: Int) { self.bytes = bytes }

    /// Reads `text`, or nil when it is not a size: digits, then at most one of K, M, G (any case),
    /// optionally followed by `iB` or `B`. A size past `Int.max` is nil too.
    public init?(parsing text: String) {
        let digits = text.prefix { ("0"..."9").contains($0) }
        guard let shift = Self.shifts[text.dropFirst(digits.count).lowercased()], let value = Int(digits),
            value <= Int.max >> shift
        else { return nil }
        bytes = value << shift
    }

    /// Each unit a size may end with, and the power of two it stands for.
    private static let shifts = [
        "": 0, "b": 0, "k": 10, "kb": 10, "kib": 10, "m": 20, "mb": 20, "mib": 20,
        "g": 30, "gb": 30, "gib": 30,
    ]

    /// `64 MiB` when the size is a whole number of KiB, MiB or GiB, else `N bytes`.
    public var description: String {
        for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes > 0 && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        return "\(bytes) bytes"
    }
}
