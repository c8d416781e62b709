import Foundation

/// The goldens `check --record` writes for one scenario, every kind's: each is staged beside its
/// place (see `AtomicFile`), and ``commit()`` renames them all into place at once, as
/// `run --output` does, so that the scenario's goldens are all old or all new, whatever fails or
/// interrupts the recording.
///
/// A scenario's kinds run in parallel, so staging takes a lock.
final class GoldenBatch: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [AtomicFile] = []
    /// Files to remove once the batch is in place: an SVG no longer drawn.
    private var removals: [String] = []

    /// Adds a complete file, to be renamed into place by ``commit()``.
    func add(_ file: AtomicFile) {
        lock.withLock { files.append(file) }
    }

    /// Writes `bytes` into a file staged for `path`.
    func stage(_ bytes: some Sequence<UInt8>, at path: String) throws {
        let file = try AtomicFile(path: path)
        file.output.write(bytes: bytes)
        try file.finish()
        add(file)
    }

    /// Removes the file at `path` when the batch is committed.
    func remove(_ path: String) {
        lock.withLock { removals.append(path) }
    }

    /// Renames every staged file into place, in path order, with no signal's clean-up in between,
    /// then removes what was to be removed. Throws (and discards what was staged) when they
    /// cannot all go in.
    func commit() throws {
        let (staged, removed) = lock.withLock { (files.sorted { $0.path < $1.path }, removals) }
        do {
            try AtomicFile.commit(staged)
        } catch {
            discard()
            throw error
        }
        for path in removed { unlink(path) }
        lock.withLock { (files, removals) = ([], []) }
    }

    /// Throws every staged file away, leaving what was at their places as it was.
    func discard() {
        let staged = lock.withLock { files }
        for file in staged { file.discard() }
        lock.withLock { (files, removals) = ([], []) }
    }
}
