import ArgumentParser

/// Any string enum as an option whose choices `--help` lists.
struct ArgumentChoice<Value: RawRepresentable & CaseIterable>: ExpressibleByArgument where Value.RawValue == String {
    var value: Value

    init(_ value: Value) { self.value = value }

    init?(argument: String) {
        guard let value = Value(rawValue: argument) else { return nil }
        self.value = value
    }

    static var allValueStrings: [String] { Value.allCases.map(\.rawValue) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    var defaultValueDescription: String { value.rawValue }
}
