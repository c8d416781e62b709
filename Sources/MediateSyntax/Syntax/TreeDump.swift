extension Script {
    /// The tree as indented text, one node a line with its source range: the expected value of
    /// parser tests.
    ///
    /// ```
    /// Script @1:1-3:1
    /// ├─ Participant Athos : Musketeer @1:1-1:30
    /// └─ Send @2:1-2:20
    ///    ├─ Sender Athos @2:1-2:6
    ///    ├─ Targets * @2:10-2:11
    ///    └─ Message "Hi" @2:13-2:17
    /// ```
    public func dump() -> String {
        let root = DumpNode("Script", range, statements.map(DumpNode.init(statement:)))
        var lines: [String] = []
        root.render(into: &lines, lead: "", childLead: "")
        return lines.joined(separator: "\n")
    }
}

extension Statement {
    /// One statement's part of ``Script/dump()``, as a tree of its own.
    func dump() -> String {
        var lines: [String] = []
        DumpNode(statement: self).render(into: &lines, lead: "", childLead: "")
        return lines.joined(separator: "\n")
    }
}

/// One line of a tree dump and the lines under it.
private struct DumpNode {
    var label: String
    var range: SourceRange?
    var children: [DumpNode]

    init(_ label: String, _ range: SourceRange?, _ children: [DumpNode] = []) {
        self.label = label
        self.range = range
        self.children = children
    }

    func render(into lines: inout [String], lead: String, childLead: String) {
        lines.append(lead + label + (range.map { " " + $0.dumpDescription } ?? ""))
        for (position, child) in children.enumerated() {
            let isLast = position == children.count - 1
            child.render(
                into: &lines, lead: childLead + (isLast ? "└─ " : "├─ "),
                childLead: childLead + (isLast ? "   " : "│  "))
        }
    }

    init(statement: Statement) {
        switch statement {
        case .scenario(let title, let range):
            self.init("Scenario \(Value.quoted(title.value))", range)
        case .mediator(let kind, let range):
            self.init("Mediator \(kind.text)", range)
        case .mediatorDeclaration(let declaration):
            var label = "Mediator"
            if let kind = declaration.kind { label += " \(kind.text)" }
            if let name = declaration.name { label += " as \(name.text)" }
            let properties = declaration.properties.map { property in
                DumpNode(
                    "Property \(property.name.text) = \(DumpNode.describe(property.value))", property.range)
            }
            self.init(label, declaration.range, properties)
        case .participant(let declaration):
            var label = "Participant \(declaration.name.text)"
            if let type = declaration.type { label += " : \(type.text)" }
            if declaration.isWeak { label += " weak" }
            let properties = declaration.properties.map { property in
                DumpNode(
                    "Property \(property.name.text) = \(DumpNode.describe(property.value))", property.range)
            }
            self.init(label, declaration.range, properties)
        case .send(let send):
            self.init(send: send)
        case .leave(let name, let range):
            self.init("Leave \(name.text)", range)
        case .release(let name, let range):
            self.init("Release \(name.text)", range)
        case .reaction(let reaction):
            let pattern: DumpNode
            switch reaction.pattern {
            case .any(let range):
                pattern = DumpNode("Pattern any", range)
            case .named(let name, let parameters, let range):
                let list = parameters.isEmpty ? "" : "(" + parameters.map(DumpNode.describe).joined(separator: ", ") + ")"
                pattern = DumpNode("Pattern \(name.text)\(list)", range)
            }
            let condition = reaction.condition.map { [DumpNode("If \(DumpNode.describe($0.expression))", $0.range)] } ?? []
            let body = reaction.body.map { statement -> DumpNode in
                switch statement {
                case .send(let send): return DumpNode(send: send)
                case .set(let assignment): return DumpNode(assignment: assignment)
                case .log(let log): return DumpNode(log: log)
                case .leave(let party, let range): return DumpNode("Leave \(party.written)", range)
                case .release(let party, let range): return DumpNode("Release \(party.written)", range)
                }
            }
            let fromHere = reaction.fromHere.map { [DumpNode("From here", $0)] } ?? []
            self.init(
                "Reaction \(reaction.subject.text) \(reaction.trigger.rawValue)", reaction.range,
                [pattern] + fromHere + condition + body)
        case .log(let log):
            self.init(log: log)
        case .expect(let expectation):
            let condition: String
            switch expectation.condition {
            case .property(let property, let comparison, let value):
                condition = ".\(property.text) \(comparison.rawValue) \(DumpNode.describe(value))"
            case .received(let count, .none): condition = " received \(count)"
            case .received(let count, .named(let name)): condition = " received \(count) \(name.text)"
            case .received(let count, .text(let literal)): condition = " received \(count) \(Value.quoted(literal.value))"
            case .alive: condition = " alive"
            case .deallocated: condition = " deallocated"
            }
            var intent = ""
            if let failure = expectation.intendedFailure {
                intent = failure.designs.isEmpty ? " fails" : " fails under " + failure.designs.map(\.text).joined(separator: ", ")
            }
            self.init("Expect \(expectation.subject.text)\(condition)\(intent)", expectation.range)
        case .language(let version, let range):
            self.init("Language \(version.text)", range)
        case .set(let assignment):
            self.init(assignment: assignment)
        case .together(let together):
            self.init("Together", together.range, together.sends.map { DumpNode(send: $0) })
        }
    }

    init(assignment: Assignment) {
        self.init("Set \(assignment.target) = \(DumpNode.describe(assignment.value))", assignment.range)
    }

    /// A pattern's parameter: `NAME`, or a literal as a value writes it (`"27L"`, `runway: "27L"`).
    static func describe(_ parameter: PatternParameter) -> String {
        switch parameter {
        case .binding(let name): return name.text
        case .literal(let label, let value, _, _): return (label.map { "\($0.text): " } ?? "") + value.written
        }
    }

    init(send: Send) {
        let message: DumpNode
        switch send.message {
        case .text(let literal):
            message = DumpNode("Message \(Value.quoted(literal.value))", literal.range)
        case .named(let name, let arguments, let range):
            let children = arguments.map { argument in
                let label = argument.label.map { "\($0.text): " } ?? ""
                return DumpNode("Argument \(label)\(DumpNode.describe(argument.value))", argument.range)
            }
            message = DumpNode("Message \(name.text)", range, children)
        }
        self.init(
            "Send", send.range,
            [
                DumpNode("Sender \(send.sender.written)", send.sender.range),
                DumpNode("Targets \(send.targets.written)", send.targets.range),
                message,
            ])
    }

    init(log: LogStatement) {
        let segments = log.segments.map { segment -> DumpNode in
            switch segment {
            case .text(let text): return DumpNode("Text \(Value.quoted(text))", nil)
            case .interpolation(let reference):
                return DumpNode("Interpolation \(DumpNode.describe(reference))", reference.range)
            }
        }
        self.init("Log", log.range, segments)
    }

    /// A value as written; an expression with every operation in parentheses, so that the dump
    /// shows how it groups: `(a + (b * c))`, `(-x)`, `(not x)`.
    static func describe(_ value: ValueExpression) -> String {
        switch value {
        case .literal(let value, _): return value.written
        case .reference(let reference): return describe(reference)
        case .unary(let op, let operand, _): return "(\(op == .not ? "not " : "-")\(describe(operand)))"
        case .binary(let op, let left, let right, _): return "(\(describe(left)) \(op.rawValue) \(describe(right)))"
        }
    }

    static func describe(_ reference: Reference) -> String { reference.written }
}
