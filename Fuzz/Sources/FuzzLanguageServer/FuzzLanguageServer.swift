@_spi(Harness) import MediateCommandLine
import MediateDesigns
@_spi(Harness) import MediateKit

/// libFuzzer's entry point: the bytes as a client's stream to `mediate lsp`, after a valid
/// `initialize` and a `didOpen` of a small scenario, so that requests reach every handler.
///
/// Whatever the bytes, the server must answer with well-framed output and never trap, hang or
/// leak. The input is also fed a second time split into single bytes, which must give the same
/// answers: framing may not depend on how the bytes arrive.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguageServer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    func frame(_ text: String) -> [UInt8] { Array("Content-Length: \(text.utf8.count)\r\n\r\n\(text)".utf8) }
    let prologue =
        frame(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)
        + frame(
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///f","version":1,"#
                + #""text":"participant A : T { hp = 1 }\nparticipant B\non T receives hi(x) { self -> sender: ok }\nA -> B: hi(x: 1)\n"}}}"#
        )

    var whole = Harness.LanguageServerSession(designs: .reference)
    _ = whole.receive(prologue)
    let answer = whole.receive(input)

    var split = Harness.LanguageServerSession(designs: .reference)
    _ = split.receive(prologue)
    var pieces: [UInt8] = []
    for byte in input where split.exitCode == nil { pieces += split.receive([byte]) }
    // Diagnostics are published after each piece, so only the answers to requests must agree.
    precondition(responses(in: answer) == responses(in: pieces), "the answers depend on how the bytes arrive")
    return 0
}

/// The response bodies (not notifications) in framed output; every frame must be well formed.
private func responses(in output: [UInt8]) -> [[UInt8]] {
    var bodies: [[UInt8]] = []
    var rest = output[...]
    while !rest.isEmpty {
        let header = Array("Content-Length: ".utf8)
        precondition(rest.starts(with: header), "output does not start with a Content-Length header")
        rest = rest.dropFirst(header.count)
        let digits = rest.prefix { $0 >= 0x30 && $0 <= 0x39 }
        let length = Int(String(decoding: digits, as: UTF8.self))!
        rest = rest.dropFirst(digits.count)
        precondition(rest.starts(with: Array("\r\n\r\n".utf8)))
        rest = rest.dropFirst(4)
        let body = Array(rest.prefix(length))
        precondition(body.count == length, "a truncated frame")
        rest = rest.dropFirst(length)
        if !body.starts(with: Array(#"{"jsonrpc":"2.0","method""#.utf8)) { bodies.append(body) }
    }
    return bodies
}
