import Foundation

/// A scenario file read and checked, ready to run.
public struct LoadedScenario: Sendable {
    /// The file as read.
    public private(set) var file: SourceFile
    /// Checked against ``designs``.
    public private(set) var script: Script
    /// The designs it was checked against, which it runs under.
    public private(set) var designs: DesignRegistry

    /// The file name without its folder and `.scenario`: the default title and the output folder.
    public var stem: String { Self.stem(of: file.path) }

    /// A path's file name without its folder and `.scenario`.
    ///
    /// - Parameter path: A scenario's path.
    /// - Returns: Its stem: `lobby` for `Scenarios/lobby.scenario`.
    public static func stem(of path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return name.hasSuffix(".scenario") ? String(name.dropLast(".scenario".count)) : name
    }

    /// The checker's warnings, in source order: the file runs, but may not do what it says.
    public var warnings: [Diagnostic] { script.warnings }

    /// The warnings as `format` writes them, ready for standard error: empty when there are none.
    ///
    /// - Parameters:
    ///   - format: Text with a caret under each warning, JSON, or GitHub workflow commands.
    ///   - colored: Whether the text carries ANSI colours.
    /// - Returns: Every warning, each line ending in a newline.
    public func renderedWarnings(as format: DiagnosticFormat = .text, colored: Bool = false) -> String {
        warnings.isEmpty ? "" : format.render(warnings, in: file, colored: colored)
    }

    /// The `title` the scenario declares, else its ``stem``.
    public var title: String { Interpreter.title(of: script, fallback: stem) }

    /// The kinds of the run-time replacements (`mediator KIND` after the first step), in order.
    public var replacementKinds: [MediatorKind] {
        var started = false
        var kinds: [MediatorKind] = []
        for statement in script.statements {
            if statement.isStep { started = true }
            if started, case .mediator(let name, _) = statement { kinds.append(MediatorKind(name.text)) }
        }
        return kinds
    }

    /// The 1-based line of the statement whose step wrote transcript line `line` (1-based), given
    /// the 0-based line each step begins at, the header's first (`StepLines.starts`); nil for the
    /// header and the closing lines. A statement's step is every line from its own to the next step's.
    func statementLine(ofTranscriptLine line: Int, stepStarts: [Int]) -> Int? {
        guard let found = stepStarts.lastIndex(where: { $0 < line }), found > 0 else { return nil }
        let step = found - 1
        // Each statement that begins a step, in order (see `TranscriptEvent.startsStep`).
        var started = false
        let statements = script.statements.filter { statement in
            if statement.isStep { started = true }
            switch statement {
            case .participant: return true
            case .mediator: return started
            default: return statement.isStep
            }
        }
        return step < statements.count ? statements[step].range.lowerBound.line : nil
    }

    /// Every participant the file declares, in order, with its type.
    public var participants: [(name: String, type: String)] {
        script.statements.compactMap { statement in
            guard case .participant(let declaration) = statement else { return nil }
            return (declaration.name.text, declaration.typeName)
        }
    }
    /// The design the scenario names before its first step, else the registry's first.
    public var declaredKind: MediatorKind {
        Interpreter.declaredKind(of: script, fallback: designs.defaultKind ?? MediatorKind(""))
    }
}
