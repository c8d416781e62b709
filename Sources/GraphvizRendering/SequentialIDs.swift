import CGraphviz

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A cgraph ID discipline that numbers names in the order Graphviz first meets them.
///
/// cgraph's default discipline uses the address of each name's string as its ID, and orders
/// subgraphs by ID, so the order of clusters in an SVG would follow memory addresses from run to
/// run. Sequential IDs make that order the order of the DOT text. Named objects get even IDs and
/// anonymous ones odd IDs, as in the default discipline.
final class SequentialIDs {
    private var idsByName: [String: IDTYPE] = [:]
    private var names: [IDTYPE: UnsafeMutablePointer<CChar>] = [:]
    private var nextNamed: IDTYPE = 2
    private var nextAnonymous: IDTYPE = 1

    deinit {
        for name in names.values { free(name) }
    }

    /// Looks up or creates the ID of `name`; anonymous objects (nil) get a new odd ID.
    func map(_ name: UnsafeMutablePointer<CChar>?, id: UnsafeMutablePointer<IDTYPE>, create: Bool) -> Bool {
        guard let name else {
            id.pointee = nextAnonymous
            nextAnonymous += 2
            return true
        }
        let key = String(cString: name)
        if let known = idsByName[key] {
            id.pointee = known
            return true
        }
        guard create, let copy = strdup(name) else { return false }
        let new = nextNamed
        nextNamed += 2
        idsByName[key] = new
        names[new] = copy
        id.pointee = new
        return true
    }

    /// The name of a named object's ID; nil for anonymous ones.
    func name(of id: IDTYPE) -> UnsafeMutablePointer<CChar>? {
        names[id]
    }

    /// The discipline's callbacks; the state each graph gets is a new `SequentialIDs`. (Built in
    /// C, since Graphviz before 13 has one more callback, `alloc`, set there to refuse every ID.)
    static func discipline() -> Agiddisc_t {
        mediate_id_discipline(
            open: { _, _ in Unmanaged.passRetained(SequentialIDs()).toOpaque() },
            map: { state, _, name, id, create in
                guard let state, let id else { return 0 }
                return Unmanaged<SequentialIDs>.fromOpaque(state).takeUnretainedValue()
                    .map(name, id: id, create: create != 0) ? 1 : 0
            },
            free: { _, _, _ in },
            print: { state, _, id in
                guard let state else { return nil }
                return Unmanaged<SequentialIDs>.fromOpaque(state).takeUnretainedValue().name(of: id)
            },
            close: { state in
                guard let state else { return }
                Unmanaged<SequentialIDs>.fromOpaque(state).release()
            },
            idregister: { _, _, _ in }
        )
    }
}
