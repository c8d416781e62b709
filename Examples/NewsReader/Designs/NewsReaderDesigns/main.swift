import MediateCommandLine
import NewsReaderDesign

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A write to a closed pipe fails (exit 3) instead of ending the process, as in `mediate`.
signal(SIGPIPE, SIG_IGN)
MediateCommandLine.main(designs: [ScreenCoordinatorDesign.self])
