// A designs tool with the seeded-bug designs (Tests/SeededBugDesigns) beside the reference ones,
// for Scripts/seeded-bugs: `mediate-seeded-bugs explore Tests/Fixtures/lost-update.scenario`.
import MediateCommandLine
import SeededBugDesigns

MediateCommandLine.main(designs: seededBugDesigns)
