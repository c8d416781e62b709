#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Runs `body` on a new thread with a stack of `bytes`, waits for it, and returns its result.
///
/// Deep recursion that a limit bounds (a reaction chain of up to 10,000 sends) needs more than
/// the 8 MiB a main thread gets. The stack is address space reserved, not memory used: only the
/// pages a run touches are ever backed. Should the thread not start, `body` runs here.
func onLargeStack<Result>(bytes: Int, _ body: () -> Result) -> Result {
    var result: Result?
    withoutActuallyEscaping({ result = body() }) { work in
        // Allocated rather than `pthread_attr_t()`: on Linux that initializer is Dispatch's (its C
        // module declares the type first), which this file does not import.
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        pthread_attr_init(attributes)
        defer { pthread_attr_destroy(attributes) }
        pthread_attr_setstacksize(attributes, bytes)
        let context = Unmanaged.passRetained(StackWork(work))
        // pthread_t is an integer in glibc and a pointer in Darwin, where pthread_create takes it
        // as optional and gives its function a non-optional argument.
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        let started = pthread_create(
            &thread, attributes,
            { raw in
                let argument: UnsafeMutableRawPointer? = raw
                Unmanaged<StackWork>.fromOpaque(argument!).takeRetainedValue().work()
                return nil
            }, context.toOpaque())
        if started == 0 {
            #if canImport(Darwin)
                pthread_join(thread!, nil)
            #else
                pthread_join(thread, nil)
            #endif
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
