/// A runnable job as a ``JobChooser`` sees it.
package struct RunnableJob: Equatable, Sendable {
    /// Its place among every job the scheduler has taken, from 0.
    package let sequence: Int
    /// How it reached the scheduler.
    package let path: JobPath
}
