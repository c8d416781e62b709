import MediateCommandLine

// The `mediate` tool: the command line with the four reference designs.
MediateCommandLine.main()
