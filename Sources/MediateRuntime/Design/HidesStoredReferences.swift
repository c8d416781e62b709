/// A class whose empty custom mirror hides its stored references from the coupling analysis on
/// purpose.
///
/// The reference walk reads a class's stored fields past a custom mirror that shows no child,
/// as `Subscribers.Sink` and other library types have, so that what they keep (a closure that
/// captures a colleague, say) is seen. A class that conforms keeps its empty mirror's word: the
/// walk draws it and follows nothing it holds. ``Courier`` conforms, so that a mediator that keeps
/// one shows the courier, not the run behind it.
public protocol HidesStoredReferences: AnyObject {}
