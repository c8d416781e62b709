public import MediateRuntime

/// Walks live Swift objects through their stored references: values are read as `Mirror` shows
/// them, without making a mirror where the type has none of its own or has the standard
/// library's `Optional` or `Array` one, and whether each stored field holds its object strongly,
/// weakly or unowned comes from the Swift runtime's field metadata, never from names or a table.
public enum ReferenceWalker {
    /// Walks every object reachable from `roots` through stored references, and returns the graph.
    /// Holds no reference to any object once it returns.
    ///
    /// The walk is breadth-first over objects: the roots in the order given (an object given twice
    /// keeps its first id), then every other object in the order found, each numbered per type
    /// (`ColleagueWrapper#1`). Inside an object its stored fields are read in declaration order,
    /// superclass fields first, and each field's value is followed depth-first: optionals and
    /// existentials are transparent; tuples, struct fields and enum payloads in order; array
    /// elements by index; dictionary entries sorted by the key's description and set elements
    /// by theirs (ties broken by a short `dump`, so equal-looking objects keep a stable order
    /// only as far as their contents differ).
    ///
    /// A reference is as strong as the stored field that directly holds it: a reference inside a
    /// value (array element, struct field, enum payload) in a strong field is strong unless that
    /// value's own field metadata says otherwise, as for `[WeakBox]`. A weak reference whose
    /// object is gone gives no edge, nor does an `unowned` one whose object has been deinitialised;
    /// `unowned(unsafe)` references are followed as they are, and one whose object is gone is
    /// undefined behaviour in the walk as in the program. Metatypes are skipped.
    ///
    /// A stored Swift closure is followed into what it captures, as the runtime lays its context
    /// out (ClosureContext.swift): capture N at `closure.captures[N]`, a captured `var` looked
    /// through, a captured closure followed in turn, and each capture as strong as the field
    /// holding the closure unless it is a `weak`, `unowned` or `unowned(unsafe)` capture. A
    /// closure converted to `Any` is a thunk that captures it (`anything.captures[0].captures[0]`).
    /// A generic closure's captures are read where each type is concrete or a generic parameter
    /// whose metadata the closure keeps (`AnyCancellable(sink)`'s `sink.cancel`). Not seen: the
    /// captures from the first whose type cannot be told so, and the contents of a value
    /// that is a single reference and that a closure captured alone (an `Array`, say), whose
    /// object is then the closure's whole context and is followed as an object. C functions
    /// and thin functions capture nothing.
    /// A type with a custom mirror is walked as its mirror shows it, each child taking the
    /// ownership of the stored field of the same name, if any, else that of its container; but a
    /// class whose custom mirror shows no child at all (OpenCombine's `Subscribers.Sink`) is read
    /// by its stored fields as if it had none, unless it conforms to `HidesStoredReferences`, as
    /// `Courier` does: an empty mirror hides every reference, so reading past it only adds.
    ///
    /// - Parameter roots: The participants' colleagues and the mediator, named as the diagrams
    ///   name them.
    /// - Returns: Every object reachable from them and every reference between those objects.
    public static func graph(from roots: [ReferenceRoot]) -> ReferenceGraph {
        var walk = Walk()
        for root in roots { walk.add(root) }
        walk.run()
        return walk.graph
    }
}

/// One walk's state. It keeps every object it has found alive until the walk ends, so that no
/// `ObjectIdentifier` is reused during it, and is dropped with them.
private struct Walk {
    var graph = ReferenceGraph(nodes: [], edges: [])
    /// The node id of every object found so far.
    private var ids: [ObjectIdentifier: String] = [:]
    private var usedIds: Set<String> = []
    private var countByType: [String: Int] = [:]
    /// Every object found, in order: the breadth-first queue.
    private var found: [AnyObject] = []
    /// The stored fields of every type met so far.
    private var fieldsByType: [ObjectIdentifier: [StoredField]] = [:]
    /// How a value of every type met so far is read.
    private var shapeByType: [ObjectIdentifier: Shape] = [:]
    /// The closure contexts `visitClosure` has still to read, each with the path of its closure
    /// (or of its box's variable) and how strongly that is held.
    private var pendingContexts: [(context: ClosureContext, path: String, ownership: Ownership, isBox: Bool)] = []
    /// Whether `visitClosure` is reading contexts.
    private var readingContexts = false

    mutating func add(_ root: ReferenceRoot) {
        let key = ObjectIdentifier(root.object)
        guard ids[key] == nil else { return }
        ids[key] = root.id
        usedIds.insert(root.id)
        found.append(root.object)
        graph.nodes.append(.init(id: root.id, typeName: typeName(of: root.object), role: root.role))
    }

    mutating func run() {
        var next = 0
        while next < found.count {
            let object = found[next]
            next += 1
            visit(object: object, id: ids[ObjectIdentifier(object)]!)
        }
    }

    /// The id of `object`, numbering it as a new internal object the first time it is found.
    private mutating func id(of object: AnyObject) -> String {
        let key = ObjectIdentifier(object)
        if let id = ids[key] { return id }
        let name = typeName(of: object)
        var number = countByType[name, default: 0]
        var id: String
        repeat {
            number += 1
            id = "\(name)#\(number)"
        } while usedIds.contains(id)
        countByType[name] = number
        ids[key] = id
        usedIds.insert(id)
        found.append(object)
        graph.nodes.append(.init(id: id, typeName: name, role: .internal))
        return id
    }

    /// `StoredField.declared(by:)`, read from the runtime once per type.
    private mutating func storedFields(of type: Any.Type) -> [StoredField] {
        let key = ObjectIdentifier(type)
        if let known = fieldsByType[key] { return known }
        let fields = StoredField.declared(by: type)
        fieldsByType[key] = fields
        return fields
    }

    /// `Shape(of:)`, decided once per type.
    private mutating func shape(of type: Any.Type) -> Shape {
        let key = ObjectIdentifier(type)
        if let known = shapeByType[key] { return known }
        let shape = Shape(of: type)
        shapeByType[key] = shape
        return shape
    }

    /// Follows the stored fields of `object`, superclass fields first.
    private mutating func visit(object: AnyObject, id: String) {
        let storage = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        // Asked of the type, not the object: a failed cast of the object tries much more.
        let custom = type(of: object) is any CustomReflectable.Type ? Mirror(reflecting: object) : nil
        guard let custom, !Self.readsPast(custom, of: object) else {
            // A generated mirror per class, as `Mirror` makes them, read without making one.
            var levels: [AnyClass] = []
            var level: AnyClass? = type(of: object)
            while let type = level {
                levels.append(type)
                level = _getSuperclass(type)
            }
            for type in levels.reversed() {
                let fields = storedFields(of: type)
                visitFields(
                    of: Children(reflecting: object, as: type), fields: fields,
                    skipping: StoredField.danglingUnowned(fields, in: storage),
                    path: "", ownership: .strong, from: id)
            }
            return
        }
        var levels: [Mirror] = []
        var level: Mirror? = custom
        while let mirror = level {
            levels.append(mirror)
            level = mirror.superclassMirror
        }
        for (depth, mirror) in levels.enumerated().reversed() {
            let fields = storedFields(of: mirror.subjectType)
            // Only a generated mirror lists the fields in order; the most derived is custom.
            let dangling = depth > 0 ? StoredField.danglingUnowned(fields, in: storage) : []
            visitFields(of: Children(mirror), fields: fields, skipping: dangling, path: "", ownership: .strong, from: id)
        }
    }

    /// Whether the walk reads an object's stored fields past its custom `mirror`: when the mirror
    /// shows no child at all and the class does not hide its references on purpose
    /// (`HidesStoredReferences`). An empty mirror then hides nothing the walk could show some
    /// other way, and the fields are read as a generated mirror would read them.
    private static func readsPast(_ mirror: Mirror, of object: AnyObject) -> Bool {
        mirror.children.isEmpty && !(type(of: object) is any HidesStoredReferences.Type)
    }

    /// Follows a value's children, each with the ownership of the stored field it reads.
    private mutating func visitFields(
        of children: Children, fields: [StoredField], skipping dangling: Set<Int>,
        path: String, ownership: Ownership, from: String
    ) {
        for position in 0..<children.count {
            // Reading a child loads it, which traps on a deinitialised unowned object.
            guard !dangling.contains(position) else { continue }
            let child = children.read(position)
            let field = fields.first { $0.name == child.label }
            visit(
                child.value, path: joined(path, child.label ?? "[\(position)]"),
                ownership: field?.ownership.public ?? ownership, from: from)
        }
    }

    /// Follows a value held by the object `from` at `path`, recording every reference in it.
    private mutating func visit(_ value: Any, path: String, ownership: Ownership, from: String) {
        let type = type(of: value)
        switch shape(of: type) {
        case .object:
            guard let object = reference(in: value) else { return }
            graph.edges.append(.init(from: from, to: id(of: object), label: path, ownership: ownership))
            return
        case .function:
            return visitClosure(value, path: path, ownership: ownership, from: from)
        case .leaf:
            return
        case .optional:
            // What `Optional`'s custom mirror shows: the payload of `.some`, nothing for `nil`.
            let payload = Children(reflecting: value, as: type)
            if payload.count == 1 { visit(payload.read(0).value, path: path, ownership: ownership, from: from) }
            return
        case .array(let element):
            // What `Array`'s custom mirror shows: the elements in order.
            func elements<Element>(_: Element.Type) -> [Any] { (value as! [Element]).map { $0 } }
            return visitElements(_openExistential(element, do: elements), path: path, ownership: ownership, from: from)
        case .fields:
            let fields = storedFields(of: type)
            visitFields(
                of: Children(reflecting: value, as: type), fields: fields,
                skipping: StoredField.danglingUnowned(fields, inValue: value),
                path: path, ownership: ownership, from: from)
            return
        case .elements:
            return visitChildren(Children(reflecting: value, as: type), path: path, ownership: ownership, from: from)
        case .mirror:
            break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional?:
            if let some = mirror.children.first { visit(some.value, path: path, ownership: ownership, from: from) }
        case .collection?:
            visitElements(mirror.children.map(\.value), path: path, ownership: ownership, from: from)
        case .set?:
            let elements = mirror.children.map { (value: $0.value, order: orderKey($0.value)) }.sorted { $0.order < $1.order }
            visitElements(elements.map(\.value), path: path, ownership: ownership, from: from)
        case .dictionary?:
            // Each entry is a `(key:value:)` tuple.
            let entries = mirror.children.compactMap { entry -> (key: Any, value: Any, order: String)? in
                let pair = Array(Mirror(reflecting: entry.value).children)
                guard pair.count == 2 else { return nil }
                return (pair[0].value, pair[1].value, orderKey(pair[0].value))
            }.sorted { $0.order < $1.order }
            for (position, entry) in entries.enumerated() {
                let key = "\(path)[\(keyLabel(entry.key) ?? String(position))]"
                visit(entry.key, path: key + ".key", ownership: ownership, from: from)
                visit(entry.value, path: key, ownership: ownership, from: from)
            }
        case .struct?:
            // A custom mirror (a generated one is read above, as `.fields`).
            visitFields(
                of: Children(mirror), fields: storedFields(of: mirror.subjectType), skipping: [],
                path: path, ownership: ownership, from: from)
        default:
            // Tuples (`.0`, `.label`), enum payloads (`.caseName`), and anything else a mirror shows.
            visitChildren(Children(mirror), path: path, ownership: ownership, from: from)
        }
    }

    /// Follows what the closure `value` captures, each capture at `path.captures[POSITION]` and
    /// as strong as the closure's own holder unless it is a weak or unowned capture; a box (a
    /// captured `var`) is looked through. Contexts are read from a queue, not by recursion, so
    /// that a long chain of closures cannot overflow the thread's stack, and each only once per
    /// closure found in a value.
    private mutating func visitClosure(_ value: Any, path: String, ownership: Ownership, from: String) {
        guard let context = ClosureContext(function: value) else { return }
        pendingContexts.append((context, path, ownership, isBox: false))
        // A closure found while reading a context waits its turn in the queue.
        guard !readingContexts else { return }
        readingContexts = true
        var seen: Set<UnsafeRawPointer> = []
        // `value` holds the first context, and through it every other one.
        withExtendedLifetime(value) {
            var next = 0
            while next < pendingContexts.count {
                let (context, path, ownership, isBox) = pendingContexts[next]
                next += 1
                guard seen.insert(context.base).inserted else { continue }
                for (position, capture) in context.captures.enumerated() {
                    let capturePath = isBox ? path : joined(path, ".captures[\(position)]")
                    switch capture {
                    case .value(let captured, let held):
                        visit(captured, path: capturePath, ownership: held == .strong ? ownership : held.public, from: from)
                    case .box(let box):
                        pendingContexts.append((box, capturePath, ownership, isBox: true))
                    case .function(let function?):
                        pendingContexts.append((function, capturePath, ownership, isBox: false))
                    case .function(nil):
                        break
                    }
                }
            }
        }
        pendingContexts.removeAll()
        readingContexts = false
    }

    /// Follows the elements of a collection, each at `path[POSITION]`.
    private mutating func visitElements(_ elements: [Any], path: String, ownership: Ownership, from: String) {
        for (position, element) in elements.enumerated() {
            visit(element, path: "\(path)[\(position)]", ownership: ownership, from: from)
        }
    }

    /// Follows a value's children, each at `path.LABEL`, or `path[POSITION]` when it has no label.
    private mutating func visitChildren(_ children: Children, path: String, ownership: Ownership, from: String) {
        for position in 0..<children.count {
            let child = children.read(position)
            visit(child.value, path: joined(path, child.label ?? "[\(position)]"), ownership: ownership, from: from)
        }
    }
}

/// How the walk reads a value of one type: the same children `Mirror(reflecting:)` would show,
/// found without making a mirror where the type's is known.
private enum Shape {
    /// A class instance: a reference.
    case object
    /// A thick Swift function: what its context holds.
    case function
    /// A value that can show no child: another function, a metatype, or a standard library leaf
    /// (`String`, `Int` …), whose custom mirror has no children.
    case leaf
    /// An `Optional`.
    case optional
    /// An `Array` of `element`.
    case array(element: Any.Type)
    /// A struct without a custom mirror: its stored fields.
    case fields
    /// An enum without a custom mirror (its payload), or a tuple (its elements).
    case elements
    /// Anything else: read through `Mirror`.
    case mirror

    init(of type: Any.Type) {
        if isClass(type) {
            self = .object
            return
        }
        switch _metadataKind(type) {
        case MetadataKind.function:
            self = ClosureContext.isThickFunction(type) ? .function : .leaf
        case MetadataKind.metatype, MetadataKind.existentialMetatype:
            self = .leaf
        case MetadataKind.tuple:
            self = .elements
        case MetadataKind.optional:
            self = .optional
        case MetadataKind.struct, MetadataKind.enum:
            if Self.leaves.contains(ObjectIdentifier(type)) {
                self = .leaf
            } else if let descriptor = _getTypeContextDescriptor(type), descriptor == _getTypeContextDescriptor([Int].self) {
                // Array<Element>'s metadata: kind, type descriptor, then Element.
                self = .array(
                    element: unsafeBitCast(type, to: UnsafeRawPointer.self)
                        .load(fromByteOffset: 2 * MemoryLayout<UnsafeRawPointer>.size, as: Any.Type.self))
            } else if type is any CustomReflectable.Type {
                self = .mirror
            } else {
                self = _metadataKind(type) == MetadataKind.struct ? .fields : .elements
            }
        default:
            self = .mirror
        }
    }

    /// Standard library types whose custom mirror has no children, and ``Member``, which holds
    /// strings and numbers only (every reference design's colleague holds one).
    private static let leaves: Set<ObjectIdentifier> = {
        let types: [Any.Type] = [
            String.self, Substring.self, Character.self, Unicode.Scalar.self, Bool.self,
            Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
            UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self, Float.self, Double.self,
            Member.self,
        ]
        return Set(types.map(ObjectIdentifier.init))
    }()
}

/// A value's children, as a mirror of it lists them, read one at a time so that one skipped
/// is never loaded.
private struct Children {
    let count: Int
    let read: (Int) -> Mirror.Child

    init(_ mirror: Mirror) {
        let children = mirror.children
        let indices = Array(children.indices)
        count = indices.count
        read = { children[indices[$0]] }
    }

    /// The children of `value` seen as a `type` (a class's superclass: that class's own fields),
    /// as the runtime lists them for a generated mirror.
    init(reflecting value: Any, as type: Any.Type) {
        count = _reflectionCount(value, type: type)
        read = { index in
            var name: UnsafePointer<CChar>? = nil
            var free: _NameFreeFunc? = nil
            let child = _reflectionChild(of: value, type: type, index: index, outName: &name, outFreeFunc: &free)
            defer { free?(name) }
            return (name.flatMap { String(validatingCString: $0) }, child)
        }
    }
}

/// `path` followed by a child's label: `mediator`, `pair.0`, `wrapper.strongColleague`.
private func joined(_ path: String, _ label: String) -> String {
    if path.isEmpty { return label.hasPrefix(".") ? String(label.dropFirst()) : label }
    if label.hasPrefix(".") || label.hasPrefix("[") { return path + label }
    return path + "." + label
}

/// A type's name without its module or enclosing types, generic arguments kept
/// (`WrapperMediator<Participant>`): never an address.
private func typeName(of object: AnyObject) -> String {
    _typeName(type(of: object), qualified: false)
}

/// The object `value` holds when its type is a class. A dynamic cast: `value as AnyObject` would
/// first try, at a cost, to bridge the value.
private func reference(in value: Any) -> AnyObject? {
    switch value {
    case let object as AnyObject: return object
    default: return nil
    }
}

/// Whether `type` is a class, so that a value of it is a reference (not a metatype or function).
private func isClass(_ type: Any.Type) -> Bool {
    func check<T>(_: T.Type) -> Bool { T.self is AnyObject.Type }
    return _openExistential(type, do: check)
}

/// What dictionary entries and set elements are sorted by: their description, then a short dump.
private func orderKey(_ value: Any) -> String {
    var text = String(reflecting: value) + "\u{0}"
    dump(value, to: &text, maxDepth: 4)
    return text
}

/// A dictionary key written into an edge label (`byName["B"]`) when it is a plain value; other
/// keys are labelled by their position in the sorted order.
private func keyLabel(_ key: Any) -> String? {
    switch key {
    case is String, is Substring, is Character, is Bool, is any BinaryInteger, is any BinaryFloatingPoint:
        return String(reflecting: key)
    default:
        let mirror = Mirror(reflecting: key)
        // A payload-free case by its name alone: a private enum's qualified name holds an address.
        return mirror.displayStyle == .enum && mirror.children.isEmpty ? String(describing: key) : nil
    }
}

// MARK: - Field metadata

/// How a stored field holds a reference, as its metadata says: the public `Ownership`, with
/// `unowned(unsafe)` told apart from `unowned` for the walk's own safety.
enum FieldOwnership: Hashable, Sendable {
    case strong, weak, unowned, unownedUnsafe

    var `public`: Ownership {
        switch self {
        case .strong: return .strong
        case .weak: return .weak
        case .unowned, .unownedUnsafe: return .unowned
        }
    }
}

/// One stored field of a struct or class, as the Swift runtime's metadata describes it.
struct StoredField: Hashable, Sendable {
    var name: String
    var ownership: FieldOwnership
    /// Where the field starts, in bytes from the start of the value or the object.
    var offset: Int

    /// The stored fields `type` itself declares, in declaration order (for a class, without its
    /// superclass's); none for a type that is not a struct or class.
    ///
    /// Strong or not comes from `swift_reflectionMirror_recursiveChildMetadata`. A field that is
    /// not strong is weak, unowned or unowned(unsafe) as its field record's mangled type name
    /// ends (`Xw`, `Xo`, `Xu`); should the record not be readable, a not-strong Optional field is
    /// taken as weak and any other as unowned.
    static func declared(by type: Any.Type) -> [StoredField] {
        guard let descriptor = TypeDescriptor(type), descriptor.isStructOrClass else { return [] }
        let first = (type as? AnyClass).flatMap(_getSuperclass).map { _reflectionRecursiveCount($0) } ?? 0
        let records = descriptor.fieldRecords
        return (first..<_reflectionRecursiveCount(type)).map { index in
            var metadata = _FieldMetadata()
            let fieldType = _reflectionRecursiveChildMetadata(type, index: index, fieldMetadata: &metadata)
            defer { metadata.freeFunc?(metadata.name) }
            let name = metadata.name.map { String(cString: $0) } ?? ""
            let ownership: FieldOwnership
            if metadata.isStrong {
                ownership = .strong
            } else if index - first < records.count, records[index - first].name == name,
                let recorded = records[index - first].ownership
            {
                ownership = recorded
            } else {
                ownership = fieldType is any OptionalMarker.Type ? .weak : .unowned
            }
            return StoredField(name: name, ownership: ownership, offset: _reflectionRecursiveChildOffset(type, index: index))
        }
    }

    /// The positions in `fields` of the `unowned` references, stored from `storage`, whose object
    /// has been deinitialised.
    static func danglingUnowned(_ fields: [StoredField], in storage: UnsafeRawPointer) -> Set<Int> {
        var dangling: Set<Int> = []
        for (position, field) in fields.enumerated() where field.ownership == .unowned {
            // Unowned storage starts with the object's address (null for an optional's nil).
            guard let object = (storage + field.offset).loadUnaligned(as: UnsafeRawPointer?.self) else { continue }
            let alive = Unmanaged<AnyObject>.fromOpaque(object)._withUnsafeGuaranteedRef { object in
                // A weak reference to an object being deinitialised reads nil.
                weak let probe = object
                return probe != nil
            }
            if !alive { dangling.insert(position) }
        }
        return dangling
    }

    /// `danglingUnowned(_:in:)` for the fields of a struct `value`.
    static func danglingUnowned(_ fields: [StoredField], inValue value: Any) -> Set<Int> {
        guard fields.contains(where: { $0.ownership == .unowned }) else { return [] }
        func bytes<T>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
        // The copy's bytes: `value` keeps what they point to allocated while they are read.
        let copy = _openExistential(value, do: bytes)
        return withExtendedLifetime(value) {
            copy.withUnsafeBytes { danglingUnowned(fields, in: $0.baseAddress!) }
        }
    }
}

/// Lets a field's type be recognised as an Optional without reading its name.
private protocol OptionalMarker {}
extension Optional: OptionalMarker {}

/// A type's nominal type context descriptor, read as the runtime lays it out: flags, parent,
/// name, access function, then a relative pointer to the field descriptor, all 32-bit.
struct TypeDescriptor {
    /// One field record: flags, relative mangled type name, relative field name.
    struct Record {
        var name: String
        /// What the record's mangled type name ends with; nil for a strong reference or a value.
        var ownership: FieldOwnership?
    }

    let base: UnsafeRawPointer

    init?(_ type: Any.Type) {
        guard let base = _getTypeContextDescriptor(type) else { return nil }
        self.base = base
    }

    /// Whether the descriptor's kind (the low five bits of its flags) is class (16) or struct (17).
    var isStructOrClass: Bool {
        let kind = base.loadUnaligned(as: UInt32.self) & 0x1F
        return kind == 16 || kind == 17
    }

    /// The field records in declaration order; none when the type has no field descriptor.
    var fieldRecords: [Record] {
        guard let fields = relativeTarget(at: base + 16) else { return [] }
        let recordSize = Int(fields.loadUnaligned(fromByteOffset: 10, as: UInt16.self))
        let count = Int(fields.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        return (0..<count).map { index in
            let record = fields + 16 + index * recordSize
            let name = relativeTarget(at: record + 8).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
            let ownership = relativeTarget(at: record + 4).flatMap(Self.ownership(ofMangledName:))
            return Record(name: name ?? "", ownership: ownership)
        }
    }

    /// The ownership a mangled type name ends with, found as the runtime walks a mangled name:
    /// a byte 0x01–0x17 starts a symbolic reference of 4 more bytes, 0x18–0x1F one of
    /// pointer-size bytes (either may hold zero bytes), and a zero byte ends the name.
    static func ownership(ofMangledName name: UnsafeRawPointer) -> FieldOwnership? {
        // The last two plain characters; a symbolic reference clears them.
        var (previous, last): (UInt8, UInt8) = (0, 0)
        var offset = 0
        while true {
            let byte = name.load(fromByteOffset: offset, as: UInt8.self)
            switch byte {
            case 0:
                guard previous == UInt8(ascii: "X") else { return nil }
                switch last {
                case UInt8(ascii: "w"): return .weak
                case UInt8(ascii: "o"): return .unowned
                case UInt8(ascii: "u"): return .unownedUnsafe
                default: return nil
                }
            case 0x01...0x17:
                (previous, last) = (0, 0)
                offset += 1 + 4
            case 0x18...0x1F:
                (previous, last) = (0, 0)
                offset += 1 + MemoryLayout<UnsafeRawPointer>.size
            default:
                (previous, last) = (last, byte)
                offset += 1
            }
        }
    }
}

/// Where a 32-bit relative pointer stored at `address` points; nil when it is zero.
private func relativeTarget(at address: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = address.loadUnaligned(as: Int32.self)
    return offset == 0 ? nil : address + Int(offset)
}

// MARK: - Runtime entry points
// Exported by libswiftCore with the Swift calling convention, declared as the standard
// library's own `_forEachField` declares them.

/// What `swift_reflectionMirror_recursiveChildMetadata` fills in about a field.
private struct _FieldMetadata {
    var name: UnsafePointer<CChar>? = nil
    var freeFunc: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
    var isStrong: Bool = false
    var isVar: Bool = false
}

/// A metadata kind, as `swift_getMetadataKind` returns it.
private enum MetadataKind {
    static let `struct`: UInt = 0x200, `enum`: UInt = 0x201, optional: UInt = 0x202
    static let tuple: UInt = 0x301, function: UInt = 0x302, metatype: UInt = 0x304, existentialMetatype: UInt = 0x306
}

/// The kind of `type`'s metadata (`MetadataKind`).
@_silgen_name("swift_getMetadataKind")
func _metadataKind(_ type: Any.Type) -> UInt

/// Frees a child's name.
private typealias _NameFreeFunc = @convention(c) (UnsafePointer<CChar>?) -> Void

/// The number of children a generated mirror of `value`, seen as a `type`, shows.
@_silgen_name("swift_reflectionMirror_count")
private func _reflectionCount<T>(_ value: T, type: Any.Type) -> Int

/// The child at `index` of a generated mirror of `value`, seen as a `type`, filling in its name
/// and the function that frees it, if any.
@_silgen_name("swift_reflectionMirror_subscript")
private func _reflectionChild<T>(
    of value: T, type: Any.Type, index: Int,
    outName: UnsafeMutablePointer<UnsafePointer<CChar>?>, outFreeFunc: UnsafeMutablePointer<_NameFreeFunc?>
) -> Any

/// The number of stored fields of a struct or class, a class's superclass fields included.
@_silgen_name("swift_reflectionMirror_recursiveCount")
private func _reflectionRecursiveCount(_ type: Any.Type) -> Int

/// The type of the stored field at `index` (superclass fields first), filling in its name and
/// whether it is strong.
@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func _reflectionRecursiveChildMetadata(
    _ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<_FieldMetadata>
) -> Any.Type

/// The offset of the stored field at `index`, in bytes from the start of the value or object.
@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func _reflectionRecursiveChildOffset(_ type: Any.Type, index: Int) -> Int

/// The nominal type context descriptor of `type`, or nil for a type that has none.
@_silgen_name("swift_getTypeContextDescriptor")
private func _getTypeContextDescriptor(_ type: Any.Type) -> UnsafeRawPointer?
