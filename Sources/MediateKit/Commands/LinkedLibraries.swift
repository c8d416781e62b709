import Foundation

#if canImport(Darwin)
    import Darwin
#endif

/// The shared libraries an executable names as its own needs, in the order it names them.
///
/// On Linux, the `NEEDED` entries of the ELF file's dynamic section, as `readelf -d` lists
/// them (`libgvc.so.6`, `libc.so.6`); what those libraries need in turn is not listed. On Apple
/// platforms, the images loaded into this process from outside the system's folders (`/usr/lib`,
/// `/System`), since the system's Swift runtime is always there.
struct LinkedLibraries: Sendable, Equatable {
    /// File names (Linux) or paths (Apple platforms) of the libraries.
    var names: [String]

    /// Whether one of them is the Swift runtime, Foundation or Dispatch: a build without
    /// `--static-swift-stdlib`.
    var needSwiftRuntime: Bool {
        names.contains { name in
            let file = name.split(separator: "/").last.map(String.init) ?? name
            return ["libswift", "libFoundation", "libdispatch", "libBlocksRuntime"].contains { file.hasPrefix($0) }
        }
    }

    /// The libraries this process's executable needs, or nil when they cannot be read.
    static func ofThisProcess() -> LinkedLibraries? {
        #if canImport(Darwin)
            let names = (0..<_dyld_image_count()).compactMap { index -> String? in
                guard let name = _dyld_get_image_name(index).map({ String(cString: $0) }) else { return nil }
                return name.hasPrefix("/usr/lib/") || name.hasPrefix("/System/") ? nil : name
            }
            return LinkedLibraries(names: Array(names.dropFirst()))
        #else
            return neededByELF(at: "/proc/self/exe")
        #endif
    }

    /// The `NEEDED` entries of the 64-bit little-endian ELF file at `path`, or nil when it is not
    /// one or cannot be read.
    static func neededByELF(at path: String) -> LinkedLibraries? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
            guard (try? file.seek(toOffset: offset)) != nil, let data = try? file.read(upToCount: count), data.count == count
            else { return nil }
            return Array(data)
        }
        func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
            (0..<size).reduce(0) { value, index in value | UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        }
        // The ELF header: magic, 64-bit class (2), little-endian data (1); the section headers' place.
        guard let header = bytes(at: 0, count: 64), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1
        else { return nil }
        let sectionsOffset = integer(header, at: 0x28, size: 8)
        let sectionSize = Int(integer(header, at: 0x3A, size: 2))
        let sectionCount = Int(integer(header, at: 0x3C, size: 2))
        guard sectionSize >= 64, let sections = bytes(at: sectionsOffset, count: sectionSize * sectionCount) else { return nil }
        // The dynamic section (type 6); its link is the section of the strings it names.
        for index in 0..<sectionCount where integer(sections, at: index * sectionSize + 4, size: 4) == 6 {
            // A section's contents: its offset in the file at 0x18, its size at 0x20.
            func contents(ofSection section: Int) -> [UInt8]? {
                let base = section * sectionSize
                return bytes(at: integer(sections, at: base + 0x18, size: 8), count: Int(integer(sections, at: base + 0x20, size: 8)))
            }
            let link = Int(integer(sections, at: index * sectionSize + 0x28, size: 4))
            guard link < sectionCount, let entries = contents(ofSection: index), let strings = contents(ofSection: link) else {
                return nil
            }
            // Entries of 16 bytes, a tag and a value; NEEDED (tag 1) names a library by the offset of its name.
            let names = stride(from: 0, to: entries.count - 15, by: 16).compactMap { entry -> String? in
                guard integer(entries, at: entry, size: 8) == 1 else { return nil }
                let start = Int(integer(entries, at: entry + 8, size: 8))
                guard start < strings.count else { return nil }
                let end = strings[start...].firstIndex(of: 0) ?? strings.count
                return String(decoding: strings[start..<end], as: UTF8.self)
            }
            return LinkedLibraries(names: names)
        }
        return LinkedLibraries(names: [])
    }
}
