import Foundation

/// What `mediate explore --format json` writes, and `mediate merge` reads back from the shards
/// of one exploration and writes again, joined.
struct ExplorationDocument: Codable, Equatable {
    struct Expectation: Codable, Equatable {
        var line: Int
        var column: Int
        var text: String
        var got: String
        var heldButMeantToFail: Bool

        init(_ failure: ExpectationFailure) {
            line = failure.range.lowerBound.line
            column = failure.range.lowerBound.column
            text = failure.text
            got = failure.got
            heldButMeantToFail = failure.heldButMeantToFail
        }
    }
    struct Transcript: Codable, Equatable {
        var hash: String
        var schedules: Int
        var first: Int
        var firstSchedule: String
        var failedExpectations: [Expectation]
        var stoppedBy: String?
        var example: String

        /// Every expectation held and no limit stopped it.
        var passes: Bool { failedExpectations.isEmpty && stoppedBy == nil }
    }
    struct Schedule: Codable, Equatable {
        var schedule: String
        var preemptions: Int
        var index: Int?
        var command: String?
    }
    struct Failure: Codable, Equatable {
        var expectation: Expectation
        var schedules: Int
        var found: Schedule
        var shortest: Schedule
        var transcript: String
        var passingSchedule: String?
        var firstDifference: TranscriptDifference?
    }
    /// Which part of the schedules a shard ran (`--shard K/N`), and what must agree to merge it.
    struct ShardPart: Codable, Equatable {
        /// K and N.
        var index: Int
        var count: Int
        /// How many schedules the whole exploration has (`--schedules`).
        var allSchedules: Int
        /// The mediate that wrote it.
        var version: String
    }

    var file: String
    var mediator: String
    var strategy: String
    var depth: Int?
    var seed: UInt64
    /// How many schedules ran: a shard's are its part.
    var schedules: Int
    var passed: Bool
    var transcripts: [Transcript]
    var failures: [Failure]
    /// Only in a shard's result.
    var shard: ShardPart?

    init(_ exploration: ScheduleExploration, setup: ExplorationFormatter.Setup) {
        file = setup.scenario.file.path
        mediator = setup.kind.rawValue
        switch setup.strategy {
        case .random: (strategy, depth) = ("random", nil)
        case .pct(let pctDepth): (strategy, depth) = ("pct", pctDepth)
        }
        seed = setup.seed
        schedules = exploration.schedules
        passed = exploration.passed
        transcripts = exploration.groups.map { group in
            Transcript(
                hash: group.hashText, schedules: group.schedules, first: group.first, firstSchedule: group.firstSchedule.description,
                failedExpectations: group.failed.map(Expectation.init), stoppedBy: group.stoppedBy?.written,
                example: String(decoding: group.example, as: UTF8.self))
        }
        let passing = exploration.passing.map { exploration.groups[$0].firstSchedule.description }
        failures = exploration.failures.map { failure in
            Failure(
                expectation: Expectation(failure.expectation), schedules: failure.schedules,
                found: Schedule(schedule: failure.found.description, preemptions: failure.foundPreemptions, index: failure.foundIndex),
                shortest: Schedule(
                    schedule: failure.shortest.description, preemptions: failure.preemptions,
                    command: setup.replay(failure.shortest)),
                transcript: String(decoding: failure.transcript, as: UTF8.self), passingSchedule: passing,
                firstDifference: failure.difference)
        }
        shard = setup.shard.map {
            ShardPart(index: $0.index, count: $0.count, allSchedules: setup.allSchedules, version: mediateVersion)
        }
    }

    /// The document as JSON: keys sorted, indented, a final newline.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
