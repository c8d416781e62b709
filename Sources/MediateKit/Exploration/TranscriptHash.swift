/// FNV-1a, 64 bits, over a transcript's bytes: the same value on every machine and in every
/// process (unlike `Hasher`, which Swift seeds per process), so that transcripts can be told
/// apart without keeping them.
struct TranscriptHash: Hashable, Sendable {
    /// The hash.
    let value: UInt64
    /// The transcript's length in bytes: two transcripts must also agree on it to count as one.
    let count: Int

    init(_ bytes: [UInt8]) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        value = hash
        count = bytes.count
    }

    /// `fnv1a64:` and the hash as 16 lowercase hexadecimal digits.
    var text: String {
        let digits = String(value, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - digits.count) + digits
    }
}
