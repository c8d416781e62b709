import Foundation

/// A command the executable runs on its standard streams.
package protocol TerminalCommand {
    /// Which of the two streams get colour.
    var colors: ColorPolicy { get set }
    /// Runs the command, writing to the two streams, and returns its exit code.
    func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32
}

extension TerminalCommand {
    /// Runs on file descriptors 1 and 2, coloured as `ColorPolicy.detect` decides for them. A
    /// closed pipe fails the write (exit 3) where the executable ignores SIGPIPE, as `mediate`
    /// does. While a designs tool keeps what its designs print apart, standard output is the real
    /// one it saved.
    package func executeOnTerminal(environment: [String: String]) -> Int32 {
        var command = self
        let standardOutput = DesignPrints.standardOutput
        command.colors = ColorPolicy.detect(environment: environment) { isatty($0 == 1 ? standardOutput : $0) != 0 }
        return command.execute(
            standardOutput: FileDescriptorOutput(descriptor: standardOutput),
            standardError: FileDescriptorOutput(descriptor: 2))
    }
}

extension RunCommand: TerminalCommand {}
extension ValidateCommand: TerminalCommand {}
extension CheckCommand: TerminalCommand {}
extension DiffCommand: TerminalCommand {}
extension RenderCommand: TerminalCommand {}
extension CompareCommand: TerminalCommand {}
extension ExportCommand: TerminalCommand {}
extension ReportCommand: TerminalCommand {}
extension FormatCommand: TerminalCommand {}
