#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a new thread with a stack of `bytes`, waits for it, and returns its result.
///
/// Deep recursion that a limit bounds (a reaction chain of up to 10,000 sends) needs more than
/// the 8 MiB a main thread gets. The stack is address space reserved, not memory used: only the
/// pages a run touches are ever backed. Should the thread not start, `body` runs here.
func onLargeStack<Result>(bytes: Int, _ body: () -> Result) -> Result {
    var result: Result?
    withoutActuallyEscaping({ result = body() }) { work in
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, bytes)
        let context = Unmanaged.passRetained(StackWork(work))
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { raw in
            Unmanaged<StackWork>.fromOpaque(raw!).takeRetainedValue().work()
            return nil
        }, context.toOpaque())
        if started == 0 {
            pthread_join(thread, nil)
        } else {
            context.release()
            work()
        }
    }
    return result!
}

/// The closure a large-stack thread runs, passed to it through a raw pointer.
private final class StackWork {
    let work: () -> Void

    init(_ work: @escaping () -> Void) { self.work = work }
}
