/// Whether `host` is a loopback address (`localhost`, `127.0.0.0/8`, `::1`): the only ones
/// `mediate watch --serve` binds to unless `--allow-remote` is given. Shared by the command line's
/// flag check and the report server's `Host` check.
package func isLoopbackAddress(_ host: String) -> Bool {
    let lowered = host.lowercased()
    if lowered == "localhost" || lowered == "::1" || lowered == "[::1]" || lowered == "0:0:0:0:0:0:0:1" { return true }
    let parts = lowered.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == "127" else { return false }
    return parts.allSatisfy { part in
        !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit) && Int(part)! <= 255
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
