import MediateCommandLine
import MediateServe

// The `mediate` tool: the command line with the four reference designs, and the report server
// for `watch --serve` (a package's designs tool, which depends on MediateCommandLine alone, has none).
MediateCommandLine.main(reportServer: ReportServer.self)
