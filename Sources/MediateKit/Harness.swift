/// What the harnesses outside this package call (the benchmarks in Benchmarks/, the fuzz targets
/// in Fuzz/), through `@_spi(Harness) import MediateKit`: the commands they measure or fuzz,
/// which are not public API. The language server's session is MediateCommandLine's
/// (`Harness+LanguageServer.swift`): the server is a target of its own, which no product but the
/// command line links.
@_spi(Harness) public enum Harness {
    /// Runs `mediate check` on `paths` against the goldens in `outputFolder`, recording as
    /// `record` says, with `environment` for `CI`; the exit code.
    public static func check(
        paths: [String], outputFolder: String, designs: DesignRegistry, record: GoldenRecordMode = .never,
        environment: [String: String], standardOutput: any TextOutput, standardError: any TextOutput
    ) -> Int32 {
        CheckCommand(paths: paths, outputFolder: outputFolder, designs: designs, record: record, environment: environment)
            .execute(standardOutput: standardOutput, standardError: standardError)
    }

    /// Runs `mediate render` on the scenario at `path`, writing `graph` to `outputPath`; the exit code.
    public static func render(
        path: String, mediator: MediatorKind?, designs: DesignRegistry, graph: DiagramKind, outputPath: String,
        standardOutput: any TextOutput, standardError: any TextOutput
    ) -> Int32 {
        RenderCommand(path: path, mediator: mediator, designs: designs, graph: graph, outputPath: outputPath)
            .execute(standardOutput: standardOutput, standardError: standardError)
    }

    /// Runs `mediate explore` on the scenario at `path` with `schedules` schedules; the exit code.
    public static func explore(
        path: String, mediator: MediatorKind?, designs: DesignRegistry, schedules: Int, standardOutput: any TextOutput,
        standardError: any TextOutput
    ) -> Int32 {
        var command = ExploreCommand(path: path, mediator: mediator, designs: designs)
        command.schedules = schedules
        return command.execute(standardOutput: standardOutput, standardError: standardError)
    }
}
