import Foundation
import MediateKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The file system's own change events for a set of folders, by path: inotify on Linux, kqueue
/// on macOS. Folders are watched, not files, so that an editor that saves by writing a new file
/// and renaming it over the old one (a new inode) is seen like one that writes in place.
///
/// ``descriptor`` becomes readable when events are waiting (`poll` it); ``read()`` returns them
/// without blocking. Nothing here polls on a timer.
package final class FileEvents {
    /// What happened, as far as the watch can tell.
    package enum Event: Equatable {
        /// Something was written, created, removed, renamed to or from this path, or its
        /// attributes changed.
        case changed(String)
        /// A folder appeared at this path (made, or renamed into a watched folder): watch it too.
        case folderAdded(String)
        /// A watched folder went away from this path (removed, or renamed out): what was under
        /// it is gone.
        case folderRemoved(String)
        /// Events were lost (the kernel's queue overflowed): look at everything again.
        case overflow
    }

    /// Readable when events are waiting.
    package let descriptor: Int32

    /// `folder/name`; `name` when `folder` is empty (the current folder).
    package static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// An error starting the watch, with the system's reason.
    package struct Failure: Error, CustomStringConvertible {
        package var path: String
        package var code: Int32
        package var description: String { "cannot watch '\(path.visible())': \(String(cString: strerror(code)))" }
    }

    #if canImport(Glibc)
        /// inotify's watch descriptors and the folder path each stands for.
        private var folders: [Int32: String] = [:]
        private var watches: [String: Int32] = [:]

        /// A watch with no folder yet.
        package init() throws {
            descriptor = inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC))
            guard descriptor >= 0 else { throw Failure(path: "inotify", code: errno) }
        }

        deinit { close(descriptor) }

        /// Starts watching `folder` (not the folders under it: add them too). Paths in its
        /// events are `folder/NAME`, or `NAME` when `folder` is empty (the current folder).
        package func watch(folder: String) throws {
            let mask =
                UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)
                | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
            let watch = inotify_add_watch(descriptor, folder.isEmpty ? "." : folder, mask)
            guard watch >= 0 else { throw Failure(path: folder.isEmpty ? "." : folder, code: errno) }
            folders[watch] = folder
            watches[folder] = watch
        }

        /// The events waiting now, in order; none when there are none.
        package func read() -> [Event] {
            var events: [Event] = []
            let size = 64 * 1024
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
            defer { buffer.deallocate() }
            while true {
                let count = Glibc.read(descriptor, buffer, size)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return events }
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = buffer + offset + MemoryLayout<inotify_event>.size
                    let name =
                        event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                    offset += MemoryLayout<inotify_event>.size + Int(event.len)
                    events.append(contentsOf: interpret(event, name: name))
                }
            }
        }

        private func interpret(_ event: inotify_event, name: String) -> [Event] {
            let mask = event.mask
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { return [.overflow] }
            guard let folder = folders[event.wd] else { return [] }
            if mask & UInt32(IN_IGNORED) != 0 {
                forget(event.wd, removing: false)
                return []
            }
            if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                // Renamed away, a folder's watch would go on reporting under its old path.
                forget(event.wd, removing: true)
                return [.folderRemoved(folder)]
            }
            let path = Self.join(folder, name)
            if mask & UInt32(IN_ISDIR) != 0 {
                if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { return [.folderAdded(path)] }
                if mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0 {
                    if let watch = watches[path] { forget(watch, removing: true) }
                    return [.folderRemoved(path)]
                }
                return []
            }
            return [.changed(path)]
        }

        /// Forgets the watch `watch` (and asks inotify to remove it when `removing`: inotify
        /// removed it itself when it said `IN_IGNORED`).
        private func forget(_ watch: Int32, removing: Bool) {
            if removing { inotify_rm_watch(descriptor, watch) }
            guard let folder = folders.removeValue(forKey: watch) else { return }
            if watches[folder] == watch { watches[folder] = nil }
        }
    #elseif canImport(Darwin)
        // kqueue tells that a folder's entries changed (NOTE_WRITE), not which: each folder's
        // entries are listed again then and compared with the last listing. A file written in
        // place changes no entry, so each file found is watched too.
        private struct Entry: Equatable {
            var folder: Bool
            var inode: UInt64
            var size: Int64
            var modified: timespec

            static func == (a: Entry, b: Entry) -> Bool {
                a.folder == b.folder && a.inode == b.inode && a.size == b.size
                    && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
            }
        }
        private var watched: [Int32: String] = [:]
        private var opened: [String: Int32] = [:]
        private var listings: [String: [String: Entry]] = [:]

        /// A watch with no folder yet.
        package init() throws {
            descriptor = kqueue()
            guard descriptor >= 0 else { throw Failure(path: "kqueue", code: errno) }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }

        deinit {
            for file in watched.keys { close(file) }
            close(descriptor)
        }

        /// Starts watching `folder` (not the folders under it: add them too). Paths in its
        /// events are `folder/NAME`, or `NAME` when `folder` is empty (the current folder).
        package func watch(folder: String) throws {
            try open(folder)
            listings[folder] = list(folder)
            for (name, entry) in listings[folder] ?? [:] where !entry.folder {
                try? open(Self.join(folder, name))
            }
        }

        private func open(_ path: String) throws {
            guard opened[path] == nil else { return }
            let file = Darwin.open(path.isEmpty ? "." : path, O_EVTONLY | O_CLOEXEC)
            guard file >= 0 else { throw Failure(path: path.isEmpty ? "." : path, code: errno) }
            var change = kevent(
                ident: UInt(file), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
                fflags: UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_DELETE | NOTE_RENAME), data: 0, udata: nil)
            guard kevent(descriptor, &change, 1, nil, 0, nil) >= 0 else {
                let code = errno
                close(file)
                throw Failure(path: path, code: code)
            }
            watched[file] = path
            opened[path] = file
        }

        private func forget(_ path: String) {
            guard let file = opened.removeValue(forKey: path) else { return }
            watched[file] = nil
            close(file)  // closing the descriptor removes its kevent
        }

        private func list(_ folder: String) -> [String: Entry] {
            var entries: [String: Entry] = [:]
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else {
                return entries
            }
            for name in names {
                var info = stat()
                guard lstat(Self.join(folder, name), &info) == 0 else { continue }
                entries[name] = Entry(
                    folder: (info.st_mode & S_IFMT) == S_IFDIR, inode: UInt64(info.st_ino), size: Int64(info.st_size),
                    modified: info.st_mtimespec)
            }
            return entries
        }

        /// The events waiting now; none when there are none.
        package func read() -> [Event] {
            var events: [Event] = []
            var fired = [kevent](repeating: kevent(), count: 64)
            var zero = timespec(tv_sec: 0, tv_nsec: 0)
            while true {
                let count = kevent(descriptor, nil, 0, &fired, Int32(fired.count), &zero)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return events }
                for event in fired[0..<Int(count)] {
                    guard let path = watched[Int32(event.ident)] else { continue }
                    if let old = listings[path] {
                        if event.fflags & UInt32(NOTE_DELETE | NOTE_RENAME) != 0 {
                            for name in old.keys { forget(Self.join(path, name)) }
                            forget(path)
                            listings[path] = nil
                            events.append(.folderRemoved(path))
                            continue
                        }
                        let new = list(path)
                        listings[path] = new
                        for (name, entry) in new where old[name] != entry {
                            let child = Self.join(path, name)
                            if entry.folder {
                                if old[name]?.folder != true { events.append(.folderAdded(child)) }
                            } else {
                                forget(child)  // a new inode, perhaps: watch the one there now
                                try? open(child)
                                events.append(.changed(child))
                            }
                        }
                        for (name, entry) in old where new[name] == nil {
                            let child = Self.join(path, name)
                            forget(child)
                            events.append(entry.folder ? .folderRemoved(child) : .changed(child))
                        }
                    } else {
                        // A file: written in place, or gone (its folder's listing tells the rest).
                        if event.fflags & UInt32(NOTE_DELETE | NOTE_RENAME) != 0 { forget(path) }
                        events.append(.changed(path))
                    }
                }
            }
        }
    #endif
}
