import Testing

@testable import MediateAnalysis

/// Fails loudly when the Swift runtime stops laying closures out as `ClosureContext` relies on
/// (Sources/MediateAnalysis/ClosureContext.swift): a new toolchain that changes a function
/// value's words, a context's metadata or a capture descriptor.
@Suite struct ClosureLayoutCanaryTests {
    private final class Peer {}

    /// Holds a closure in a stored field: read through the field, it is not wrapped in a thunk.
    private final class Holder {
        var closure: () -> Void
        init(_ closure: @escaping () -> Void) { self.closure = closure }

        /// The closure as the walk reads it: the field's value.
        var stored: Any { Mirror(reflecting: self).children.first!.value }
    }

    private static let layoutMoved = "the runtime's closure layout is not what ClosureContext.swift relies on"

    @Test func functionValuesAreTwoWordsWithTheirConventionInTheirMetadata() {
        #expect(MemoryLayout<() -> Void>.size == 2 * MemoryLayout<UnsafeRawPointer>.size, "\(Self.layoutMoved)")
        #expect(ClosureContext.isThickFunction((() -> Void).self))
        #expect(ClosureContext.isThickFunction((@Sendable (Int) async throws -> Int).self))
        #expect(!ClosureContext.isThickFunction((@convention(c) () -> Void).self))
        #expect(!ClosureContext.isThickFunction((@convention(thin) () -> Void).self))
        #expect(!ClosureContext.isThickFunction(Int.self))
        #expect(ClosureContext(function: Holder {}.stored) == nil, "a closure without captures has a context")
    }

    @Test func aLoneObjectCaptureIsTheWholeContext() throws {
        let peer = Peer()
        let holder = Holder { [peer] in _ = peer }
        let context = try #require(ClosureContext(function: holder.stored), "\(Self.layoutMoved)")
        #expect(context.base == UnsafeRawPointer(Unmanaged.passUnretained(peer).toOpaque()), "\(Self.layoutMoved)")
    }

    @Test func capturesAreReadInOrderWithTheirOwnership() throws {
        let (strong, weakly, unownedly) = (Peer(), Peer(), Peer())
        var count = 0
        let function: (Int) -> Int = { [strong] in $0 + (strong === strong ? 1 : 0) }
        let holder = Holder { [strong, weak weakly, unowned unownedly, function] in
            _ = (strong, weakly, unownedly, function)
            count += 1
        }
        let captures = try #require(ClosureContext(function: holder.stored)).captures
        try #require(captures.count == 5, "\(Self.layoutMoved): \(captures)")
        guard case .value(let first as Peer, .strong) = captures[0], first === strong else {
            Issue.record("\(Self.layoutMoved): the strong capture reads \(captures[0])")
            return
        }
        // A weak capture is a variable: the compiler may box it.
        guard case .value(let second as Peer?, .weak)? = unboxed(captures[1]), second === weakly else {
            Issue.record("\(Self.layoutMoved): the weak capture reads \(captures[1])")
            return
        }
        guard case .value(let third as Peer, .unowned) = captures[2], third === unownedly else {
            Issue.record("\(Self.layoutMoved): the unowned capture reads \(captures[2])")
            return
        }
        guard case .function(let inner?) = captures[3], case .value(let captured as Peer, .strong)? = inner.captures.first,
            captured === strong
        else {
            Issue.record("\(Self.layoutMoved): the captured function reads \(captures[3])")
            return
        }
        guard case .box(let box) = captures[4], case .value(0 as Int, .strong)? = box.captures.first else {
            Issue.record("\(Self.layoutMoved): the captured var reads \(captures[4])")
            return
        }
        withExtendedLifetime((weakly, unownedly)) {}
    }

    /// What a box holds, or `capture` itself when it is no box.
    private func unboxed(_ capture: ClosureContext.Capture) -> ClosureContext.Capture? {
        guard case .box(let box) = capture else { return capture }
        return box.captures.first
    }

    @Test func aGenericCaptureIsReadAsTheBindingItsSourceNames() throws {
        let (first, second) = (Peer(), Peer())
        let holder = Holder(generic(first, then: second))
        let captures = try #require(ClosureContext(function: holder.stored)).captures
        try #require(captures.count == 2, "\(Self.layoutMoved): a generic closure reads \(captures)")
        guard case .value(let value as Peer, .strong) = captures[0], value === first,
            case .value(let peer as Peer, .strong) = captures[1], peer === second
        else {
            Issue.record("\(Self.layoutMoved): a generic closure reads \(captures)")
            return
        }
    }

    @Test func aGenericCaptureOfAnyLayoutKeepsTheNextInPlace() throws {
        let peer = Peer()
        let holder = Holder(generic(Int8(7), then: peer))
        let captures = try #require(ClosureContext(function: holder.stored)).captures
        guard captures.count == 2, case .value(7 as Int8, .strong) = captures[0], case .value(let next as Peer, _) = captures[1],
            next === peer
        else {
            Issue.record("\(Self.layoutMoved): a generic closure reads \(captures)")
            return
        }
    }

    @Test func aCaptureWhoseTypeOnlyNamesAGenericParameterStopsTheRead() throws {
        // `[T]` is no parameter alone: its type is not guessed, and nothing after it is read.
        let holder = Holder(generic([Peer()], then: Peer()))
        let captures = try #require(ClosureContext(function: holder.stored)).captures
        #expect(captures.isEmpty)
    }

    @Test(
        arguments: [
            ("S2iIegyd_", MangledName.Shape.thickFunction),  // (Int) -> Int
            ("Ieg_", .thickFunction),  // () -> ()
            ("IegH_", .thickFunction),  // async
            ("Iegh_", .thickFunction),  // @Sendable
            ("IeAg_", .thickFunction),  // @isolated(any)
            ("Itd_", .thinFunction),
            ("IeyBy_", .other),  // a block
            ("\u{1}z_Xx", .box),
            ("Siz_Xx", .box),
            ("xz_x_lXX", .other),  // a generic box
            ("\u{1}SgXw", .other),
            ("q_", .other),
            ("Si", .other),
        ] as [(String, MangledName.Shape)])
    func loweredCaptureTypesAreToldApart(name: String, expected: MangledName.Shape) {
        #expect(MangledName.shape(ofPlain: Array(name.utf8)) == expected)
    }
}

/// A generic closure: its context keeps `T`'s metadata (a binding) before its captures.
private func generic<T>(_ value: T, then peer: AnyObject) -> () -> Void { { _ = (value, peer) } }

/// A generic closure that captures an array of `T`, then `peer`.
private func generic<T>(_ values: [T], then peer: AnyObject) -> () -> Void { { _ = (values, peer) } }
