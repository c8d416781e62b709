import Foundation

/// Scenario files checked all at once, before anything runs, then handed out one at a time.
///
/// A file's syntax tree takes about 11 times its size, so a folder of large files is not held:
/// once the files kept add up to ``keptBytes`` (1 MiB), a regular file is read again when its turn
/// comes. A pipe, which cannot be read twice, is always kept.
struct CheckedScenarios {
    private enum Entry {
        case kept(LoadedScenario)
        case readAgain(String)
    }

    /// The most bytes of regular files kept once checked.
    static let keptBytes = 1 << 20

    private var entries: [Entry] = []
    /// The paths of the files that checked, in order.
    private(set) var paths: [String] = []

    /// Loads every file against `designs`, handing each failure, with its path, to `report`, and
    /// each file that checked with warnings to `warn`.
    init(
        paths: [String], designs: DesignRegistry, report: (String, ScenarioLoader.Failure) -> Void,
        warn: (LoadedScenario) -> Void = { _ in }
    ) {
        var keptBytes = 0
        for path in paths {
            let loaded = ScenarioLoader.read(path: path).flatMap { read in
                ScenarioLoader.load(SourceFile(path: path, bytes: read.bytes), designs: designs).map { ($0, read.status) }
            }
            switch loaded {
            case .success(let (scenario, status)):
                if !scenario.warnings.isEmpty { warn(scenario) }
                self.paths.append(path)
                let isRegular = (status.st_mode & S_IFMT) == S_IFREG
                if !isRegular || keptBytes + scenario.file.bytes.count <= Self.keptBytes {
                    keptBytes += isRegular ? scenario.file.bytes.count : 0
                    entries.append(.kept(scenario))
                } else {
                    entries.append(.readAgain(path))
                }
            case .failure(let failure): report(path, failure)
            }
        }
    }

    var count: Int { entries.count }

    /// The scenario at `index` if it was kept, else nil.
    func kept(_ index: Int) -> LoadedScenario? {
        if case .kept(let scenario) = entries[index] { return scenario }
        return nil
    }

    /// The scenario at `index`, read again if it was not kept: a failure if it changed meanwhile.
    func scenario(_ index: Int, designs: DesignRegistry) -> Result<LoadedScenario, ScenarioLoader.Failure> {
        switch entries[index] {
        case .kept(let scenario): return .success(scenario)
        case .readAgain(let path): return ScenarioLoader.load(path: path, designs: designs)
        }
    }
}
