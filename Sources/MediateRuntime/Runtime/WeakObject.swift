/// A weak reference to any object, to see whether it is still alive.
struct WeakObject {
    weak var object: AnyObject?

    init(_ object: AnyObject) { self.object = object }
}
