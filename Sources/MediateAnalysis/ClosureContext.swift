/// The heap object a Swift closure keeps its captures in, read as the Swift runtime lays it out:
/// what the walk needs to see what a stored closure captures, and how strongly.
///
/// It relies on this layout, in pointer-sized words (`ClosureLayoutCanaryTests` fail if it moves):
/// - a thick Swift function value is two words, the function's address then its context: null
///   when the closure captures nothing, else a retained heap object;
/// - a context whose metadata is a class's is a class instance the closure captured alone (or
///   in a value holding nothing else), which IRGen uses as the whole context: a strong capture;
/// - otherwise its metadata is of kind HeapLocalVariable (0x400): after the kind word, a 32-bit
///   `OffsetToFirstCapture`, then (pointer-aligned) a pointer to a capture descriptor, null when
///   the module has no reflection metadata;
/// - the capture descriptor holds three 32-bit counts (capture types, metadata sources,
///   bindings), then a 32-bit relative pointer to each capture type's mangled name, then the
///   metadata sources; from `OffsetToFirstCapture` lie the bindings (a generic closure's type
///   metadata and witness tables, a word each), then the captures in order, each at its type's
///   alignment;
/// - a captured `var` is a box, one pointer to a heap object laid out as a context with one
///   capture, the variable; a captured function is a thick function value (or, thin, one word).
///
/// A generic closure's capture whose type is a generic parameter alone (`x`) is read as the
/// binding its metadata source names (`B0`: the first binding). What cannot be read so is not
/// read, never guessed: a context of another kind, one without a descriptor and, from the first
/// capture whose type is neither such a parameter nor one the runtime resolves alone (`[T]`, a
/// parameter's associated type, a parameter found another way than in a binding), the rest.
struct ClosureContext {
    /// One capture, in the context's order.
    enum Capture {
        /// A value, read as its type, and how the closure holds it: for a weak or unowned
        /// capture, the object it refers to if alive (else `nil`), not the reference's storage.
        case value(Any, FieldOwnership)
        /// A box: the heap object holding a captured `var`, itself laid out as a context.
        case box(ClosureContext)
        /// A captured function's context; nil for a function that has none.
        case function(ClosureContext?)
    }

    /// The context object, not retained: whoever holds the closure keeps it alive.
    let base: UnsafeRawPointer

    /// The context of a thick Swift function `value` (see ``isThickFunction(_:)``), or nil for a
    /// closure that captures nothing.
    init?(function value: Any) {
        func context<T>(_ value: T) -> UnsafeRawPointer? {
            withUnsafeBytes(of: value) { $0.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer?.self) }
        }
        guard let base = _openExistential(value, do: context) else { return nil }
        self.base = base
    }

    private init(base: UnsafeRawPointer) { self.base = base }

    /// Whether `type` is a function type whose values are thick Swift functions: metadata of kind
    /// Function (0x302) whose flags word (after the kind) has the Swift convention (bits 16–23
    /// zero), is not differentiable (bit 27: another layout), and whose values are two words.
    static func isThickFunction(_ type: Any.Type) -> Bool {
        guard _metadataKind(type) == 0x302 else { return false }
        let flags = unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: word, as: UInt.self)
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return (flags >> 16) & 0xFF == 0 && flags & 0x0800_0000 == 0 && _openExistential(type, do: size) == 2 * word
    }

    /// The captures, in order; see the type's summary for what is not read.
    var captures: [Capture] {
        let metadata = base.load(as: UnsafeRawPointer.self)
        let kind = _metadataKind(unsafeBitCast(metadata, to: Any.Type.self))
        if kind == 0 {
            // A class: the object itself.
            return [.value(Unmanaged<AnyObject>.fromOpaque(base).takeUnretainedValue(), .strong)]
        }
        guard kind == 0x400, let descriptor = metadata.load(fromByteOffset: 2 * word, as: UnsafeRawPointer?.self) else {
            return []
        }
        let typeCount = Int(descriptor.load(as: UInt32.self))
        let bindingCount = Int(descriptor.load(fromByteOffset: 8, as: UInt32.self))
        // The bindings (metadata and witness tables, a word each) come first, then the captures.
        let bindings = base + Int(metadata.load(fromByteOffset: word, as: UInt32.self))
        var offset = bindings - base + bindingCount * word
        let parameters = Self.parameters(descriptor, bindings: bindings, count: bindingCount)
        var captures: [Capture] = []
        for index in 0..<typeCount {
            let field = descriptor + 12 + 4 * index
            let name = MangledName(field + Int(field.load(as: Int32.self)))
            guard let capture = read(name, at: &offset, parameters: parameters) else { break }
            captures.append(capture)
        }
        return captures
    }

    /// The generic parameters a generic closure's metadata sources find in its bindings, by the
    /// plain bytes of the parameter's mangled name (`x`, `q_` …). A source record is two 32-bit
    /// relative pointers, to the parameter's mangled name and to its source's; only a closure
    /// binding (`B` INDEX, INDEX in decimal) is read, other sources leave the parameter unknown.
    private static func parameters(
        _ descriptor: UnsafeRawPointer, bindings: UnsafeRawPointer, count: Int
    ) -> [[UInt8]: Any.Type] {
        let typeCount = Int(descriptor.load(as: UInt32.self))
        let sourceCount = Int(descriptor.load(fromByteOffset: 4, as: UInt32.self))
        var parameters: [[UInt8]: Any.Type] = [:]
        for index in 0..<sourceCount {
            let record = descriptor + 12 + 4 * typeCount + 8 * index
            let parameter = MangledName(record + Int(record.load(as: Int32.self)))
            let source = MangledName(record + 4 + Int(record.load(fromByteOffset: 4, as: Int32.self)))
            let digits = source.plain.dropFirst()
            guard !parameter.plain.contains(1), source.plain.first == UInt8(ascii: "B"), !digits.isEmpty,
                digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let binding = Int(String(decoding: digits, as: UTF8.self)), binding < count
            else { continue }
            parameters[parameter.plain] = bindings.load(fromByteOffset: binding * word, as: Any.Type.self)
        }
        return parameters
    }

    /// The capture named `name`, at `offset` rounded up to its alignment, and `offset` moved past
    /// it; nil when its type cannot be told.
    private func read(_ name: MangledName, at offset: inout Int, parameters: [[UInt8]: Any.Type]) -> Capture? {
        func place(size: Int, alignment: Int) -> UnsafeRawPointer {
            offset = (offset + alignment - 1) / alignment * alignment
            defer { offset += size }
            return base + offset
        }
        switch name.shape {
        case .box:
            return .box(ClosureContext(base: place(size: word, alignment: word).load(as: UnsafeRawPointer.self)))
        case .thinFunction:
            _ = place(size: word, alignment: word)
            return .function(nil)
        case .thickFunction:
            let function = place(size: 2 * word, alignment: word)
            return .function(function.load(fromByteOffset: word, as: UnsafeRawPointer?.self).map(ClosureContext.init(base:)))
        case .other:
            break
        }
        guard let type = parameters[name.plain] ?? name.resolved else { return nil }
        func layout<T>(_: T.Type) -> (size: Int, alignment: Int) { (MemoryLayout<T>.size, MemoryLayout<T>.alignment) }
        let (size, alignment) = _openExistential(type, do: layout)
        let address = place(size: size, alignment: alignment)
        switch TypeDescriptor.ownership(ofMangledName: name.start) ?? .strong {
        case .strong:
            func load<T>(_: T.Type) -> Any { address.load(as: T.self) }
            return .value(_openExistential(type, do: load), .strong)
        case .weak:
            // Weak storage (of an optional class or class existential) starts with the weak
            // reference; a copy of it, as a weak field, loads its object or nil.
            return .value(address.load(as: WeakReference.self).object as Any, .weak)
        case .unowned:
            // Unowned storage starts with the object's address; loading a deinitialised one traps.
            let field = StoredField(name: "", ownership: .unowned, offset: address - base)
            guard StoredField.danglingUnowned([field], in: base).isEmpty else { return .value(AnyObject?.none as Any, .unowned) }
            return .value(object(at: address) as Any, .unowned)
        case .unownedUnsafe:
            return .value(object(at: address) as Any, .unownedUnsafe)
        }
    }

    /// The object whose address is stored at `address` (an unowned reference, maybe optional),
    /// retained; nil for a null address.
    private func object(at address: UnsafeRawPointer) -> AnyObject? {
        address.load(as: UnsafeRawPointer?.self).map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// What a weak capture's storage is read as.
private struct WeakReference {
    weak var object: AnyObject?
}

/// A mangled type name in a capture descriptor: it may hold symbolic references, relative to
/// where it lies, so it is resolved where it is.
struct MangledName {
    /// What a capture's mangled name says about its storage before the runtime is asked.
    enum Shape: Equatable {
        /// A SIL box (`Xb`, or `Xx` with a layout): a captured `var`.
        case box
        /// A lowered Swift function type whose callee is thin (`t`): one word.
        case thinFunction
        /// A lowered Swift function type with a context (callee `g`, `x` or `y`): two words.
        case thickFunction
        /// A formal type, for the runtime to resolve.
        case other
    }

    let start: UnsafeRawPointer
    /// The bytes up to the terminating zero, each symbolic reference as one byte 0x01.
    let plain: [UInt8]
    /// The length in bytes, symbolic references whole.
    let length: Int

    init(_ start: UnsafeRawPointer) {
        self.start = start
        var plain: [UInt8] = []
        var offset = 0
        while true {
            let byte = start.load(fromByteOffset: offset, as: UInt8.self)
            switch byte {
            case 0:
                self.plain = plain
                length = offset
                return
            case 0x01...0x17:
                plain.append(1)
                offset += 1 + 4
            case 0x18...0x1F:
                plain.append(1)
                offset += 1 + MemoryLayout<UnsafeRawPointer>.size
            default:
                plain.append(byte)
                offset += 1
            }
        }
    }

    /// The type the runtime makes of the name, weak, unowned and unowned(unsafe) storage taken
    /// as the type stored; nil when it cannot.
    var resolved: Any.Type? {
        _getTypeByMangledNameInContext(
            start.assumingMemoryBound(to: UInt8.self), UInt(length), genericContext: nil, genericArguments: nil)
    }

    var shape: Shape { Self.shape(ofPlain: plain) }

    /// The shape of a name's plain bytes. A lowered function type ends `I` ATTRIBUTES `_`: an
    /// optional `e` (escaping), an optional `A` (isolated(any)), then the callee convention;
    /// after it only letters that name a coroutine kind, `@Sendable`, `async` and parameter and
    /// result conventions. A representation letter (`B`, `C`, `M`, `J`, `K`, `W`), pattern
    /// substitutions or anything else makes it unknown: `.other`, which the runtime cannot
    /// resolve either.
    static func shape(ofPlain plain: [UInt8]) -> Shape {
        let text = String(decoding: plain, as: UTF8.self)
        if text.hasSuffix("Xx") || text.hasSuffix("Xb") { return .box }
        guard text.hasSuffix("_"), let start = text.dropLast().lastIndex(of: "I") else { return .other }
        var attributes = text[text.index(after: start)...].dropLast()[...]
        if attributes.first == "e" { attributes = attributes.dropFirst() }
        if attributes.first == "A" { attributes = attributes.dropFirst() }
        guard let callee = attributes.popFirst(),
            attributes.allSatisfy({ "AGIhHiclnxgeyvpmrodukz".contains($0) })
        else { return .other }
        switch callee {
        case "g", "x", "y": return .thickFunction
        case "t": return .thinFunction
        default: return .other
        }
    }
}

/// One word, in bytes.
private let word = MemoryLayout<UnsafeRawPointer>.size
