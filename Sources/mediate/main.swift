import MediateCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A write to a closed pipe (`… | head -1`) fails with EPIPE, which the command reports (exit 3),
// rather than killing the process: the executable sets the signal's disposition, not the library.
signal(SIGPIPE, SIG_IGN)

#if Serve
    import MediateServe

    // The `mediate` tool: the command line with the four reference designs, and the report server
    // for `watch --serve` (a package's designs tool, which depends on MediateCommandLine alone, has none).
    MediateCommandLine.main(reportServer: ReportServer.self)
#else
    // Built without the `Serve` trait (a dependent's `traits: []`): no report server, so
    // `watch --serve` exits 64, as in a package's designs tool.
    MediateCommandLine.main()
#endif
