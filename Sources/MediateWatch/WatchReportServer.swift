/// What `mediate watch --serve` needs of an HTTP server: serve the report page on an address,
/// and make every open copy reload when a new version is published.
///
/// The command line knows no HTTP server of its own, so that a package's designs tool does not
/// build one; the `mediate` tool passes its server (`ReportServer`, in the `MediateServe` target)
/// to `MediateCommandLine.main(designs:reportServer:)`. It lives beside the watch, so that the
/// server depends on the library alone.
public protocol WatchReportServer: AnyObject, Sendable {
    /// Starts serving on `host` (a loopback address unless `--allow-remote` was given) and `port`
    /// (0: any free port); returns once the server listens, or throws why it cannot.
    static func start(host: String, port: Int) throws -> Self
    /// The address the page is read at, such as `http://127.0.0.1:8347/`.
    var url: String { get }
    /// Serves `page` (a report page, as `mediate report` writes it) from now on, and tells every
    /// open copy to reload.
    func publish(_ page: String)
}
