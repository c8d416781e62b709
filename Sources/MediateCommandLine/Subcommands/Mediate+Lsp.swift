import ArgumentParser
import Foundation
import MediateKit
import MediateLanguageServer

extension Mediate {
    struct Lsp: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lsp",
            abstract: "Serve editors as a language server (LSP) over standard input and output.",
            discussion: """
                Speaks JSON-RPC 2.0 with Content-Length framing (LSP 3.17) on standard input and \
                output; an editor starts it. Diagnostics as validate reports them, completion, \
                hover, go to definition, references, formatting as fmt lays out, and document \
                symbols, on the text the editor sends (the file on disk is never read). Logs go to \
                standard error. Exits 0 after the client's shutdown and exit, 1 when the client \
                exits or closes the input without shutdown; SIGINT and SIGTERM end it by the signal.
                """
                    + HelpExamples.block(
                        "mediate lsp  # exits 1 at once when no editor is on its standard input")
        )

        func run() throws {
            var server = LanguageServer(designs: Mediate.designs) { line in
                FileHandle.standardError.write(Data("mediate lsp: \(line)\n".utf8))
            }
            let code = server.serve()
            if code != 0 { throw ExitCode(code) }
        }
    }
}
