/// Picks the job to run next when several are runnable: the seam for new strategies (PCT).
package protocol JobChooser {
    /// The index into `runnable` (oldest first, at least two jobs) of the job to run next.
    mutating func choose(among runnable: [RunnableJob]) -> Int
}
