import Foundation

extension ExplorationDocument {
    /// Why shards cannot be merged, ready to print.
    struct MergeError: Error, CustomStringConvertible {
        var description: String
    }

    /// The result one unsharded exploration writes, made of the results of its shards, each
    /// `(path, text)` as `explore --shard K/N --format json` wrote it, every K of one N once.
    ///
    /// Nothing runs again: the transcripts join by hash, each with the counts summed and the
    /// first schedule of all; each failure keeps the schedule it was shrunk from in the shard
    /// that found the one with the fewest preemptions (the first on a tie), as one run picks it,
    /// and that shard's shrunk schedule; its expectation and first difference are taken again
    /// from the joined transcripts.
    static func merge(_ results: [(path: String, text: String)]) throws(MergeError) -> ExplorationDocument {
        var shards: [(path: String, document: ExplorationDocument, part: ShardPart)] = []
        for result in results {
            guard let document = try? JSONDecoder().decode(ExplorationDocument.self, from: Data(result.text.utf8)) else {
                throw MergeError(description: "\(result.path) is not the JSON of mediate explore: write it with --format json")
            }
            guard let part = document.shard else {
                throw MergeError(
                    description: "\(result.path) is not a shard's result: merge the JSON of `explore --shard K/N --format json`")
            }
            shards.append((result.path, document, part))
        }
        guard let first = shards.first else { throw MergeError(description: "no result to merge") }
        var byIndex: [Int: String] = [:]
        for shard in shards {
            try agree(shard, with: first)
            if let earlier = byIndex[shard.part.index] {
                throw MergeError(
                    description: Shard.doubledMessage(shard.path, earlier, index: shard.part.index, count: shard.part.count))
            }
            byIndex[shard.part.index] = shard.path
        }
        let count = first.part.count
        let missing = (1...count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else { throw MergeError(description: Shard.missingMessage(missing, of: count)) }
        return joined(shards.map(\.document), schedules: first.part.allSchedules)
    }

    /// Refuses `shard` unless it is of the same exploration as `first`, and ran its own part of it.
    private static func agree(
        _ shard: (path: String, document: ExplorationDocument, part: ShardPart),
        with first: (path: String, document: ExplorationDocument, part: ShardPart)
    ) throws(MergeError) {
        let (one, other) = (shard.document, first.document)
        let options: [(String, String, String)] = [
            ("the file", one.file.visible(), other.file.visible()),
            ("--mediator", one.mediator, other.mediator),
            ("--strategy", one.strategy, other.strategy),
            ("--depth", one.depth.map(String.init) ?? "none", other.depth.map(String.init) ?? "none"),
            ("--seed", String(one.seed), String(other.seed)),
            ("--schedules", String(shard.part.allSchedules), String(first.part.allSchedules)),
        ]
        for (name, mine, theirs) in options where mine != theirs {
            throw MergeError(
                description: "\(shard.path) explores with \(name) \(mine), and \(first.path) with \(theirs): "
                    + "merge the shards of one explore command, run with the same options")
        }
        guard shard.part.count == first.part.count else {
            throw MergeError(
                description:
                    "\(shard.path) is shard \(shard.part.index)/\(shard.part.count), and \(first.path) is of \(first.part.count) shards")
        }
        guard shard.part.version == first.part.version else {
            throw MergeError(
                description: "\(shard.path) was written by mediate \(shard.part.version), and \(first.path) by \(first.part.version)")
        }
        let (all, index, parts) = (shard.part.allSchedules, shard.part.index, shard.part.count)
        let own = all / parts + (index <= all % parts ? 1 : 0)
        guard (1...parts).contains(index), one.schedules == own, one.transcripts.map(\.schedules).reduce(0, +) == own else {
            throw MergeError(
                description: "\(shard.path) counts \(one.schedules) schedules, but shard \(index)/\(parts) of \(all) has \(own): "
                    + "write it again with `explore --shard \(index)/\(parts)`")
        }
    }

    /// The shards' transcripts and failures joined, as one run of `schedules` schedules writes them.
    private static func joined(_ shards: [ExplorationDocument], schedules: Int) -> ExplorationDocument {
        struct Key: Hashable {
            var hash: String
            var length: Int
        }
        var transcripts: [Key: Transcript] = [:]
        for transcript in shards.flatMap(\.transcripts) {
            let key = Key(hash: transcript.hash, length: transcript.example.utf8.count)
            guard var known = transcripts[key] else {
                transcripts[key] = transcript
                continue
            }
            known.schedules += transcript.schedules
            if transcript.first < known.first {
                (known.first, known.firstSchedule) = (transcript.first, transcript.firstSchedule)
                (known.failedExpectations, known.stoppedBy) = (transcript.failedExpectations, transcript.stoppedBy)
                known.example = transcript.example
            }
            transcripts[key] = known
        }
        let groups = transcripts.values.sorted { $0.first < $1.first }
        let passing = groups.first(where: \.passes)
        let passingLines = passing.map { ScheduleExploration.lines(Array($0.example.utf8)) }

        struct Place: Hashable {
            var line: Int
            var column: Int
        }
        var failures: [Place: Failure] = [:]
        for failure in shards.flatMap(\.failures) {
            let place = Place(line: failure.expectation.line, column: failure.expectation.column)
            guard var known = failures[place] else {
                failures[place] = failure
                continue
            }
            let schedules = known.schedules + failure.schedules
            if (failure.found.preemptions, failure.found.index ?? 0) < (known.found.preemptions, known.found.index ?? 0) {
                known = failure
            }
            known.schedules = schedules
            failures[place] = known
        }
        let joinedFailures = failures.sorted { ($0.key.line, $0.key.column) < ($1.key.line, $1.key.column) }.map { place, failure in
            var failure = failure
            // As the first schedule of all that broke it reported it: the first of its transcript.
            let first = groups.lazy.flatMap(\.failedExpectations).first { $0.line == place.line && $0.column == place.column }
            failure.expectation = first ?? failure.expectation
            failure.passingSchedule = passing?.firstSchedule
            failure.firstDifference = passingLines.flatMap {
                TranscriptDifference.first(expected: $0, actual: ScheduleExploration.lines(Array(failure.transcript.utf8)))
            }
            return failure
        }
        var document = shards[0]
        document.schedules = schedules
        document.transcripts = groups
        document.failures = joinedFailures
        document.passed = groups.allSatisfy(\.passes)
        document.shard = nil
        return document
    }
}
