@_spi(Harness) public import MediateKit
import MediateLanguageServer

extension Harness {
    /// A language server fed bytes in process, as `mediate lsp` reads them from standard input:
    /// for the fuzz target in Fuzz/, through `@_spi(Harness) import MediateCommandLine`. It lives
    /// here because MediateLanguageServer is no product: the command line is the one that links it.
    @_spi(Harness) public struct LanguageServerSession {
        private var server: LanguageServer

        /// A server that knows `designs`, before the client's `initialize`.
        public init(designs: DesignRegistry) { server = LanguageServer(designs: designs) }

        /// Takes `bytes` the client sent, any part of a message; returns the bytes it answers.
        public mutating func receive(_ bytes: some Collection<UInt8>) -> [UInt8] { server.receive(bytes) }

        /// The exit code once the client sent `exit`, else nil.
        public var exitCode: Int32? { server.exitCode }
    }
}
