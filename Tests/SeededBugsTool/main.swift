// A designs tool with the seeded-bug designs (Tests/SeededBugDesigns) beside the reference ones,
// for Scripts/seeded-bugs: `mediate-seeded-bugs explore Tests/Fixtures/lost-update.scenario`.
import MediateCommandLine
import SeededBugDesigns

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A write to a closed pipe (`… | head -1`) fails with EPIPE, which the command reports (exit 3),
// rather than killing the process: the executable sets the signal's disposition, not the library.
signal(SIGPIPE, SIG_IGN)
MediateCommandLine.main(designs: seededBugDesigns)
