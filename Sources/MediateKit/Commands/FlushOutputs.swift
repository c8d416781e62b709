/// Flushes both outputs; 3 when standard output could not be written (a full disk, a closed
/// pipe), with the reason on standard error, else 0.
func flushOutputs(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
    var code: Int32 = 0
    do { try standardOutput.flush() } catch {
        standardError.write("error: cannot write to standard output: \(RunCommand.reason(error))\n")
        code = 3
    }
    try? standardError.flush()
    return code
}
