/// One of N parts of a job split across CI machines (`--shard K/N`): the items at positions
/// K-1, K-1+N, K-1+2N … of a sorted list. The split depends on nothing but the list, so N jobs
/// cover the whole without overlap, and `mediate merge` joins what they found.
public struct Shard: Hashable, Sendable, LosslessStringConvertible {
    /// This part, from 1.
    public let index: Int
    /// How many parts there are.
    public let count: Int

    /// Part `index` of `count`; nil unless `1 ≤ index ≤ count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `K/N`, with decimal numbers and `1 ≤ K ≤ N`; nil for anything else.
    public init?(_ description: String) {
        let parts = description.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let index = Int(parts[0]), let count = Int(parts[1])
        else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the item at `position` (from 0) of the sorted list is this part's.
    public func contains(position: Int) -> Bool { position % count == index - 1 }

    /// Why `merge` refuses a set of shards with `missing` parts of `count`, and what to do.
    package static func missingMessage(_ missing: [Int], of count: Int) -> String {
        let names = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
        return "shard\(missing.count == 1 ? " \(names) is" : "s \(names) are") missing: the verdict needs every shard\n"
            + "help: give merge the results of all \(count) shards, or the folder that holds them"
    }

    /// Why `merge` refuses `path` and `earlier`, which are both part `index` of `count`, and what to do.
    package static func doubledMessage(_ path: String, _ earlier: String, index: Int, count: Int) -> String {
        "\(path) and \(earlier) are both shard \(index)/\(count)\nhelp: give each shard's result once"
    }

    /// This part's items of `items`, in their order.
    public func select<T>(_ items: [T]) -> [T] {
        items.enumerated().filter { contains(position: $0.offset) }.map(\.element)
    }
}
