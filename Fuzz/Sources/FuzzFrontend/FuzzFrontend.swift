import MediateDesigns
import MediateKit

/// libFuzzer's entry point: loads the bytes as a scenario file against the reference designs, as
/// `mediate validate` does.
///
/// A file either checks, and then dumps as a tree, or fails with diagnostics that render to
/// text; anything else (a trap, a sanitizer report, a hang) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontend(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = SourceFile(path: "fuzz.scenario", bytes: UnsafeBufferPointer(start: data, count: size))
    switch Frontend.load(file, designs: .reference) {
    case .success(let script):
        precondition(!script.dump().isEmpty)
    case .failure(let diagnostics):
        precondition(!diagnostics.items.isEmpty)
        let rendered = diagnostics.rendered
        precondition(rendered.hasPrefix("fuzz.scenario:") && rendered.hasSuffix("\n"))
    }
    return 0
}
