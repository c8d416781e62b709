import MediateCommandLine

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
