public import MediateSyntax

/// The designs a run may use, by name, in the order they were registered: what the command
/// line, the plugin's tools and the test helpers share. The first one registered is the design
/// of a scenario that names none.
public struct DesignRegistry: Sendable {
    /// Every registered name, in order of registration.
    public private(set) var kinds: [MediatorKind] = []
    private var types: [MediatorKind: any Design.Type] = [:]

    /// An empty registry.
    public init() {}

    /// A registry of `designs`, in order; fails on a bad or repeated name.
    ///
    /// - Parameter designs: The designs; the first is the design of a scenario that names none.
    /// - Throws: ``Conflict`` for the first name that is malformed or taken by another type.
    public init(_ designs: [any Design.Type]) throws(DesignRegistry.Conflict) {
        for design in designs { try register(design) }
    }

    /// Adds `design` under its ``Design/name``; fails when another type has the name or the
    /// name is malformed. Registering the same type again changes nothing.
    ///
    /// - Parameter design: The design to add.
    /// - Throws: ``Conflict`` when its name is malformed or taken by another type.
    public mutating func register(_ design: any Design.Type) throws(DesignRegistry.Conflict) {
        let kind = MediatorKind(design.name)
        if let existing = types[kind] {
            if ObjectIdentifier(existing) == ObjectIdentifier(design) { return }
            throw Conflict(
                message: "two designs are registered as '\(kind)': \(String(reflecting: existing)) and \(String(reflecting: design))")
        }
        guard Self.isValidName(design.name) else {
            throw Conflict(
                message: "\(String(reflecting: design)) has the name '\(design.name)', which a scenario cannot write; "
                    + "a design's name is words of letters, digits and '_' joined by '-', and not 'all'")
        }
        types[kind] = design
        kinds.append(kind)
    }

    /// The design registered as `kind`, if any.
    ///
    /// - Parameter kind: A design's name.
    /// - Returns: The design registered under it, or nil.
    public func design(_ kind: MediatorKind) -> (any Design.Type)? { types[kind] }

    /// The design of a scenario that names none: the first registered.
    public var defaultKind: MediatorKind? { kinds.first }

    /// Every name quoted and joined by commas, in order: for help and error messages.
    public var spellings: String { Frontend.spellings(of: names) }

    /// Every registered name, in order of registration: what the front end checks `mediator` against.
    package var names: [String] { kinds.map(\.rawValue) }

    /// `error: no design is registered as 'NAME'`, a did-you-mean, and every registered name.
    public static func unknownDesignMessage(_ name: String, in designs: DesignRegistry) -> String {
        var text = "error: no design is registered as '\(name)'\n"
        if let closest = EditDistance.closest(to: name, among: designs.kinds.map(\.rawValue)) {
            text += "help: did you mean '\(closest)'?\n"
        }
        return text + "help: the designs are \(designs.spellings)\n"
    }

    /// Why a set of designs cannot be registered together.
    public struct Conflict: Error, Sendable, CustomStringConvertible {
        /// Names both types, or the type and its malformed name.
        public var message: String
        /// The ``message``.
        public var description: String { message }
    }

    /// Words of ASCII letters, digits and `_`, each starting with a letter or `_`, joined by `-`.
    static func isValidName(_ name: String) -> Bool {
        guard name != "all" else { return false }
        let words = name.split(separator: "-", omittingEmptySubsequences: false)
        func isLetter(_ c: Unicode.Scalar) -> Bool { c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        return words.allSatisfy { word in
            guard let first = word.unicodeScalars.first, isLetter(first) else { return false }
            return word.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
        }
    }
}

extension Frontend {
    /// Lexes and parses; see `Frontend.parse(_:designNames:)`. `designs` only lists their names
    /// in the help under a missing design name.
    ///
    /// - Parameters:
    ///   - file: The source.
    ///   - designs: The designs a missing design name's help lists; nil lists none.
    /// - Returns: The script, with what could not be parsed left out, and the syntax errors.
    public static func parse(_ file: SourceFile, designs: DesignRegistry?) -> (script: Script, diagnostics: [Diagnostic]) {
        parse(file, designNames: designs?.names)
    }

    /// Parses and checks; see `Frontend.load(_:designNames:)`. `mediator KIND` must name one of
    /// `designs`; with none given, any name passes.
    ///
    /// - Parameters:
    ///   - file: The source.
    ///   - designs: The designs `mediator KIND` may name; nil lets any name pass.
    /// - Returns: The checked script, or every error found.
    public static func load(_ file: SourceFile, designs: DesignRegistry?) -> Result<Script, Diagnostics> {
        load(file, designNames: designs?.names)
    }
}
