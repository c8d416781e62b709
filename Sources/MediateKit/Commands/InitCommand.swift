import Foundation

/// `mediate init NAME`: writes a commented starter scenario, `NAME.scenario`, that passes under
/// every design.
package struct InitCommand: Sendable, TerminalCommand {
    /// Where to write the scenario, `.scenario` added unless it is there; its file name is the title.
    package var name: String
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    package var colors: ColorPolicy = .none

    /// A starter scenario named `name`.
    package init(name: String) { self.name = name }

    /// The file written: `NAME.scenario`, or `NAME` when it already ends in `.scenario`.
    package var path: String { name.hasSuffix(".scenario") ? name : name + ".scenario" }

    /// 0 when written; 2 when the name is empty or something (a file, a folder, a symbolic link,
    /// even a dangling one) is already at the path, which is left alone; 3 when it or standard
    /// output cannot be written.
    package func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let code = create(standardOutput: standardOutput, standardError: standardError)
        return max(code, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func create(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let stem = LoadedScenario.stem(of: path)
        guard !stem.isEmpty, stem != ".", stem != ".." else {
            standardError.write(
                DiagnosticFormat.text.renderFileError(
                    path: path, message: "a scenario needs a name before '.scenario'; nothing was written",
                    notes: [.help("give a name, e.g. 'mediate init hello'")], colored: colors.standardError))
            return 2
        }
        // lstat, not fileExists: a symbolic link, even one pointing nowhere, is something there.
        var status = stat()
        guard lstat(path, &status) != 0 else {
            standardError.write(
                DiagnosticFormat.text.renderFileError(
                    path: path, message: "already exists; nothing was written",
                    notes: [.help("choose another name, or remove the file first")], colored: colors.standardError))
            return 2
        }
        do {
            try writeAtomically(Self.starter(title: LoadedScenario.stem(of: path)).utf8, to: path)
        } catch {
            standardError.write("error: cannot write '\(path.visible())': \(RunCommand.reason(error))\n")
            return 3
        }
        // The command is pasted into a shell: the path in quotes when it needs them.
        standardOutput.write("wrote \(path.visible()); try: mediate run \(CheckCommand.shellWord(path).visible()) --mediator all\n")
        return 0
    }

    /// The starter scenario, titled `title`.
    package static func starter(title: String) -> String {
        let quotedTitle = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "{", with: "\\{").replacingOccurrences(of: "}", with: "\\}")
        return """
            # A starter scenario. Run it with:   mediate run \(title).scenario
            # and compare the four designs with:  mediate run \(title).scenario --mediator all
            scenario "\(quotedTitle)"

            # The design: protocol-extension, wrapper, direct-delegate or mesh.
            mediator wrapper

            # Participants: a name, a type, and some initial state.
            participant Alice : Person { mood = "curious" }
            participant Bob : Person
            # `weak` asks the mediator to hold Carol weakly (only the wrapper design can).
            participant Carol : Person weak

            # Reactions: what a participant does when it receives (or sends) a message.
            on Person receives hello(from) {
                log "{self} got a hello from {from}"
                self -> sender: thanks
            }
            on Alice receives thanks { set thanked = true }

            # Steps: sends, releases, logs and expectations, in order.
            Alice -> *: hello(from: "Alice")
            expect Bob received 1
            expect Alice.thanked == true

            # The scenario lets go of Carol. Under the wrapper nothing else holds her: the
            # transcript says `Carol deallocated`; the other designs keep her (`Carol still alive`).
            # `expect Carol deallocated` would hold under the wrapper alone.
            release Carol
            expect Bob alive

            """
    }
}
