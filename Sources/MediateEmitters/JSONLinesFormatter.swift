import Foundation
public import MediateRuntime
import MediateSyntax

/// Writes events as JSON lines: one object per event, keys sorted, the transcript's information.
/// The fields are documented in docs/LANGUAGE-NOTES.md ("Transcript and JSON lines").
public enum JSONLinesFormatter {
    /// The JSON object for `event`, on one line without its newline.
    ///
    /// - Parameter event: One event of a run.
    /// - Returns: Its object, keys sorted.
    public static func line(for event: TranscriptEvent) -> String {
        let data = (try? encoder.encode(Record(event))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// One event's fields; absent ones are left out of the object.
    struct Record: Encodable {
        var event: String
        var depth = 0
        var title: String?
        var kind: String?
        var replacement: Bool?
        var name: String?
        var type: String?
        var weak: Bool?
        var number: String?
        var sender: String?
        var targets: String?
        var receiver: String?
        var message: MessageRecord?
        var text: String?
        var property: String?
        var value: ValueRecord?
        var error: String?
        var detail: String?
        var limit: Int?
        var step: Int?
        var line: Int?
        var deallocated: Bool?
        var expectation: String?
        var passed: Bool?
        var got: String?
        /// Only on an expectation that failed as it was meant to (`expect … fails`).
        var intended: Bool?
        var sends: Int?
        var deliveries: Int?
        var errors: Int?
        var failedExpectations: Int?
        var leaked: [String]?
        /// Only on a `together` line (language 1.2): whether its sends ran in written order.
        var synchronous: Bool?

        init(_ event: TranscriptEvent) {
            switch event {
            case .scenario(let title):
                self.event = "scenario"
                self.title = title
            case .mediator(let kind, let replacement, let name):
                self.event = "mediator"
                self.kind = kind.rawValue
                self.replacement = replacement
                self.name = name
            case .participant(let name, let type, let weak):
                self.event = "participant"
                self.name = name
                self.type = type
                self.weak = weak
            case .send(let number, let sender, let targets, let message, let depth):
                self.event = "send"
                self.number = number.map(String.init).joined(separator: ".")
                self.sender = sender
                self.targets = targets
                self.message = MessageRecord(message)
                self.depth = depth
            case .delivery(let receiver, let sender, let message, let depth):
                self.event = "delivery"
                self.receiver = receiver
                self.sender = sender
                self.message = MessageRecord(message)
                self.depth = depth
            case .log(let text, let depth):
                self.event = "log"
                self.text = text
                self.depth = depth
            case .set(let participant, let property, let value, let depth):
                self.event = "set"
                self.name = participant
                self.property = property
                self.value = ValueRecord(value)
                self.depth = depth
            case .guardPassed(let text, let depth):
                self.event = "guard"
                self.text = text
                self.depth = depth
            case .error(let error, let depth):
                self.event = "error"
                self.depth = depth
                switch error {
                case .delivery(let error):
                    (self.error, self.detail) = error.parts
                case .design(let text):
                    (self.error, self.detail) = DeliveryError.other(text).parts
                case .depthLimit(let limit, let step, let line):
                    (self.error, self.limit, self.step, self.line) = ("depthLimit", limit, step, line)
                case .deliveryLimit(let limit, let step, let line):
                    (self.error, self.limit, self.step, self.line) = ("deliveryLimit", limit, step, line)
                case .outputLimit(let limit, let step, let line):
                    (self.error, self.limit, self.step, self.line) = ("outputLimit", limit, step, line)
                case .reactionLimit(let limit, let step, let line):
                    (self.error, self.limit, self.step, self.line) = ("reactionLimit", limit, step, line)
                case .evaluation(let error):
                    (self.error, self.detail) = error.parts
                }
            case .leave(let name, let depth):
                self.event = "leave"
                self.name = name
                self.depth = depth
            case .release(let name, let depth):
                self.event = "release"
                self.name = name
                self.depth = depth
            case .lifetime(let name, let deallocated, let depth):
                self.event = "lifetime"
                self.name = name
                self.deallocated = deallocated
                self.depth = depth
            case .expectation(let text, let got, let intended):
                self.event = "expect"
                self.expectation = text
                self.passed = got == nil || intended
                self.got = got
                if intended { self.intended = true }
            case .together(let kind, let synchronous):
                self.event = "together"
                self.kind = kind.rawValue
                self.synchronous = synchronous
            case .end(let sends, let deliveries, let errors, let failed):
                self.event = "end"
                self.sends = sends
                self.deliveries = deliveries
                self.errors = errors
                self.failedExpectations = failed
            case .leaked(let names):
                self.event = "leaked"
                self.leaked = names
            }
        }
    }

    /// `{"text": …}` or `{"name": …, "arguments": [{"label": …, "value": …}]}`.
    struct MessageRecord: Encodable {
        var text: String?
        var name: String?
        var arguments: [ArgumentRecord]?

        init(_ message: Message) {
            switch message {
            case .text(let text): self.text = text
            case .named(let name, let arguments):
                self.name = name
                self.arguments = arguments.map { ArgumentRecord(label: $0.label, value: ValueRecord($0.value)) }
            }
        }
    }

    struct ArgumentRecord: Encodable {
        var label: String?
        var value: ValueRecord
    }

    /// A value as a JSON string, number or boolean.
    struct ValueRecord: Encodable {
        var value: Value

        init(_ value: Value) { self.value = value }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch value {
            case .string(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            case .bool(let flag): try container.encode(flag)
            case .nothing: try container.encodeNil()
            }
        }
    }
}
