import CGraphviz

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A Graphviz layout engine, named as Graphviz names it.
package enum GraphvizLayout: String, CaseIterable, Sendable {
    case dot, neato, fdp, sfdp, circo, twopi
}

/// An output format Graphviz renders to, named as Graphviz names it.
package enum GraphvizFormat: String, CaseIterable, Sendable {
    case svg, png, pdf
}

/// A failure reported by Graphviz, carrying Graphviz's own message.
package struct GraphvizError: Error, Sendable, CustomStringConvertible {
    /// Graphviz's message without its trailing newline, e.g. "syntax error in line 1 near '}'".
    package var message: String
    /// What to do about it, when that is known: how to install Graphviz's plugins when they are
    /// missing; nil otherwise.
    package var help: String?

    package init(message: String, help: String? = nil) {
        self.message = message
        self.help = help
    }

    package var description: String { message }

    /// Graphviz's plugins are missing: no `what` ("core plugin") in `folder`.
    static func missingPlugin(_ what: String, in folder: String) -> GraphvizError {
        let packages = "Debian's and Ubuntu's libgvc6, Homebrew's graphviz"
        let apt = "on Debian or Ubuntu, 'sudo apt-get install libgvc6' (the package graphviz registers them again with 'sudo dot -c')"
        var help = "install Graphviz's plugins: \(apt); on macOS, 'brew install graphviz'"
        if let variable = Graphviz.gvbindir {
            help += "; GVBINDIR is set to '\(variable)', which must be the folder that holds them, or unset it"
        }
        return GraphvizError(message: "plugins missing: no \(what) in \(folder) (they come with \(packages))", help: help)
    }
}

/// Lays out and renders DOT text through libgraphviz, in this process.
///
/// Graphviz keeps global state (its parser, its error buffer), so every call takes one lock.
/// Contexts are made on first use and kept for the life of the process (one for SVG, one for
/// PNG and PDF; see ``Contexts``), since making one loads plugins anew (as much work as laying
/// out a small diagram).
/// Graphviz's messages never reach standard error: errors are thrown, warnings are dropped.
package enum Graphviz {
    /// Lays out `dot` with `layout` and renders it; calls are serialized (Graphviz is not thread-safe).
    /// Without `layout`, the engine is the one the graph names in its `layout` attribute, else dot.
    ///
    /// Throws Graphviz's message for a syntax error, a failed layout or render, or any error Graphviz
    /// reports on the way (a bad HTML-like label, say). Name the graph: an anonymous one gets an id
    /// from a process-wide counter ("%3", "%15"…) in its SVG, so the same text would not give the same bytes.
    package static func render(_ dot: String, layout: GraphvizLayout?, format: GraphvizFormat) throws(GraphvizError) -> [UInt8] {
        try shared.withLock { contexts throws(GraphvizError) in
            try withMessagesCaptured { () throws(GraphvizError) in
                let context = try contexts.context(for: format)
                return try renderHoldingLock(dot, context: context, layout: layout, format: format)
            }
        }
    }

    /// The Graphviz library version, e.g. "2.43.0" (for messages/tests).
    ///
    /// Debian 12's libgraphviz 2.42.2 calls itself "2.43.0".
    package static var version: String {
        shared.withLock { contexts in
            withMessagesCaptured {
                guard let context = try? contexts.context(for: .svg) else { return "unknown" }
                return gvcVersion(context).map { String(cString: $0) } ?? "unknown"
            }
        }
    }

    /// Held for every call into Graphviz, with the contexts every call shares (made on first use).
    /// A pthread mutex: ThreadSanitizer does not see the futex under `Synchronization.Mutex` on Linux.
    private static let shared = PthreadLock(Contexts())

    /// The process's Graphviz contexts, each made on first use and kept, never freed.
    ///
    /// SVG is drawn by a context holding only Graphviz's core renderers and its layout engines.
    /// Without a text-layout plugin Graphviz sizes labels from its own built-in font metrics, so
    /// an SVG is the same on every machine whatever fonts it has installed, and no fontconfig,
    /// pango or cairo is loaded, which took more time than laying out the diagrams themselves.
    /// PNG and PDF need cairo: they are drawn by a context with every plugin Graphviz has, and
    /// size labels with the machine's fonts.
    ///
    /// Contexts are never freed: Graphviz 2.42's pango plugin remembers the last font name as a
    /// pointer into its context, and reads it after that context is freed (AddressSanitizer saw it).
    struct Contexts {
        private var core: OpaquePointer?
        private var full: OpaquePointer?

        mutating func context(for format: GraphvizFormat) throws(GraphvizError) -> OpaquePointer {
            switch format {
            case .svg:
                if core == nil { core = try Self.makeCoreContext() }
                return core!
            case .png, .pdf:
                if full == nil { full = gvContext() }
                guard let full else { throw reportedError(or: "Graphviz could not create a context") }
                return full
            }
        }

        /// A context with the plugin libraries for SVG and the layout engines only, loaded from
        /// the folder where libgvc keeps its plugins (`<libdir>/graphviz`).
        private static func makeCoreContext() throws(GraphvizError) -> OpaquePointer {
            var noBuiltins = lt_symlist_t(name: nil, address: nil)
            guard let context = gvContextPlugins(&noBuiltins, 0) else {
                throw reportedError(or: "Graphviz could not create a context")
            }
            let folder = try Graphviz.pluginFolder()
            for plugin in ["core", "dot_layout", "neato_layout"] {
                let path = "\(folder)/\(pluginFileName(plugin))"
                guard access(path, F_OK) == 0 else { throw GraphvizError.missingPlugin("\(plugin) plugin", in: folder) }
                guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL),
                    let library = dlsym(handle, "gvplugin_\(plugin)_LTX_library")
                else {
                    let reason = dlerror().map { String(cString: $0) } ?? "not a Graphviz plugin"
                    throw GraphvizError(message: "Graphviz's \(plugin) plugin could not be loaded from \(path): \(reason)")
                }
                gvAddLibrary(context, library.assumingMemoryBound(to: gvplugin_library_t.self))
            }
            return context
        }

        /// Whether the plugin library `plugin` is installed in `folder`.
        static func hasPlugin(_ plugin: String, in folder: String) -> Bool {
            access("\(folder)/\(pluginFileName(plugin))", F_OK) == 0
        }

        /// The file a plugin library is installed as, named with the plugin version of the
        /// Graphviz this is built against: `libgvplugin_core.so.6` on Linux,
        /// `libgvplugin_core.8.dylib` on macOS.
        static func pluginFileName(_ plugin: String) -> String {
            #if canImport(Darwin)
                "libgvplugin_\(plugin).\(mediate_plugin_version()).dylib"
            #else
                "libgvplugin_\(plugin).so.\(mediate_plugin_version())"
            #endif
        }

    }

    /// The folder Graphviz loads its plugins from, as libgvc finds it: `GVBINDIR` when it is set
    /// and not empty, else `<libdir>/graphviz`, where `<libdir>` holds the libgvc this process
    /// runs with.
    package static func pluginFolder() throws(GraphvizError) -> String {
        if let folder = gvbindir { return folder }
        guard let file = mediate_gvc_library_path() else {
            throw GraphvizError(message: "the folder of Graphviz's plugins could not be found")
        }
        let library = String(cString: file)
        let folder = library.lastIndex(of: "/").map { String(library[..<$0]) } ?? "."
        return folder + "/graphviz"
    }

    private static func renderHoldingLock(
        _ dot: String, context: OpaquePointer, layout: GraphvizLayout?,
        format: GraphvizFormat
    ) throws(GraphvizError) -> [UInt8] {
        let ids = UnsafeMutablePointer<Agiddisc_t>.allocate(capacity: 1)
        ids.initialize(to: SequentialIDs.discipline())
        defer { ids.deallocate() }
        guard let graph = read(dot, ids: ids) else { throw reportedError(or: "Graphviz could not read the graph") }
        defer { agclose(graph) }
        let engine = layout?.rawValue ?? declaredLayout(of: graph) ?? GraphvizLayout.dot.rawValue
        // Graphviz lets a graph's own `layout` attribute win over the engine it is given: an
        // engine asked for explicitly is written into the graph.
        if let layout {
            "layout".withCString { name in
                layout.rawValue.withCString { value in
                    _ = agsafeset(
                        graph, UnsafeMutablePointer(mutating: name), UnsafeMutablePointer(mutating: value),
                        mediate_empty_c_string())
                }
            }
        }
        guard gvLayout(context, graph, engine) == 0 else {
            throw reportedError(or: "\(engine) layout failed", missing: "plugin for the \(engine) layout")
        }
        defer {
            mediate_repair_rank_lists(graph)
            gvFreeLayout(context, graph)
        }
        try throwIfErrorReported()
        var data: UnsafeMutablePointer<CChar>?
        var length = 0
        guard mediate_render_data(context, graph, format.rawValue, &data, &length) == 0, let data else {
            throw reportedError(or: "Graphviz could not render \(format.rawValue)", missing: "plugin that writes \(format.rawValue)")
        }
        defer { gvFreeRenderData(data) }
        try throwIfErrorReported()
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }

    /// Parses `dot` with cgraph's default disciplines and the `SequentialIDs` discipline `ids`
    /// (which must outlive the graph), so that nothing in the graph is ordered by address.
    private static func read(_ dot: String, ids: UnsafeMutablePointer<Agiddisc_t>) -> UnsafeMutablePointer<Agraph_t>? {
        var bytes = Array(dot.utf8)
        // cgraph's scanner keeps what follows a graph for the next read, and its line counter is
        // global: without the trailing newline and with the counter reset (mediate_read_graph),
        // a syntax error names a line of its own graph, not one counted on from an earlier graph.
        while let last = bytes.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 { bytes.removeLast() }
        return bytes.withUnsafeMutableBytes { buffer -> UnsafeMutablePointer<Agraph_t>? in
            guard let file = fmemopen(buffer.baseAddress, buffer.count, "r") else { return nil }
            defer { fclose(file) }
            return mediate_read_graph(file, ids)
        }
    }

    /// The engine a graph names in its own `layout` attribute, if it names one Graphviz has.
    private static func declaredLayout(of graph: UnsafeMutablePointer<Agraph_t>) -> String? {
        let value = "layout".withCString { agget(graph, UnsafeMutablePointer(mutating: $0)) }
        guard let value, let layout = GraphvizLayout(rawValue: String(cString: value)) else { return nil }
        return layout.rawValue
    }

    /// Runs `body` with Graphviz's messages kept in cgraph's buffer instead of printed to standard error.
    private static func withMessagesCaptured<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        // Messages below AGMAX are buffered, not printed; that is every message.
        let previousLevel = agseterr(AGMAX)
        defer { agseterr(previousLevel) }
        agreseterrors()
        return try body()
    }

    /// Throws Graphviz's message if it reported an error (not a warning) since the call began.
    private static func throwIfErrorReported() throws(GraphvizError) {
        if errorReported {
            throw reportedError(or: "Graphviz reported an error")
        }
    }

    /// Whether Graphviz reported an error (not a warning) since the call began.
    private static var errorReported: Bool {
        agerrors() >= Int32(AGERR.rawValue)
    }

    /// The error Graphviz reported since the call began, or `fallback` when it reported none.
    /// When Graphviz says it does not recognize the engine or format (it has no plugin for it: all
    /// six engines and the three formats mediate asks for come with Graphviz), the error says
    /// that `missing` is missing and how to install it.
    ///
    /// cgraph's buffer keeps every call's messages, so it is read only after an error of this call.
    private static func reportedError(or fallback: String, missing: String? = nil) -> GraphvizError {
        guard errorReported, let text = aglasterr() else { return GraphvizError(message: fallback) }
        defer { free(text) }
        // A message may span lines ("mismatched tag in line 1 \n... <B> ...\n"); trailing spaces go.
        let lines = String(cString: text).split(separator: "\n").map { $0.trimmingTrailingSpaces() }
        let message = lines.filter { !$0.isEmpty }.joined(separator: "\n")
        if let missing, message.contains("not recognized"), let folder = try? pluginFolder() {
            return .missingPlugin(missing, in: folder)
        }
        return GraphvizError(message: message.isEmpty ? fallback : message)
    }
}

extension Graphviz {
    /// An SVG picture as PNG or PDF: Graphviz draws it as the image of a graph's only node, with
    /// cairo, through its rsvg plugin (librsvg). For the pictures mediate lays out itself, which
    /// have no DOT source. The picture goes through a file of its own in a new private folder
    /// under `TMPDIR` (Graphviz reads images only from files), removed before this returns.
    package static func convert(svg: String, to format: GraphvizFormat) throws(GraphvizError) -> [UInt8] {
        guard format != .svg else { return Array(svg.utf8) }
        let folder = try pluginFolder()
        guard Contexts.hasPlugin("rsvg", in: folder) else {
            throw GraphvizError(
                message: "Graphviz's rsvg plugin, which reads SVG pictures, is missing from \(folder)",
                help: "install it: on Debian or Ubuntu, 'sudo apt-get install libgvc6-plugins-gtk'; on macOS, "
                    + "'brew install graphviz'; or write the picture as SVG")
        }
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/mediate-picture-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw GraphvizError(
                message: "no private folder could be made for the picture under \(base): \(String(cString: strerror(errno)))")
        }
        let directory = String(cString: made)
        let file = directory + "/picture.svg"
        defer {
            unlink(file)
            rmdir(directory)
        }
        guard let stream = fopen(file, "wx") else {
            throw GraphvizError(message: "the picture could not be written to \(file): \(String(cString: strerror(errno)))")
        }
        let bytes = Array(svg.utf8)
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, stream) }
        guard fclose(stream) == 0, written == bytes.count else {
            throw GraphvizError(message: "the picture could not be written to \(file)")
        }
        // A DOT string: a backslash or a quote in TMPDIR's path is escaped.
        let quoted = file.reduce(into: "") { text, character in
            if character == "\\" || character == "\"" { text.append("\\") }
            text.append(character)
        }
        let dot = """
            digraph picture {
              graph [pad=0, margin=0]
              node [shape=plaintext, label="", margin=0, width=0, height=0, imagescale=false]
              picture [image="\(quoted)"]
            }
            """
        return try render(dot, layout: .dot, format: format)
    }

    /// `GVBINDIR`, through which Graphviz is told where its plugins are, when set and not empty.
    static var gvbindir: String? {
        guard let value = getenv("GVBINDIR"), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}

extension Substring {
    fileprivate func trimmingTrailingSpaces() -> Substring {
        self[..<(lastIndex(where: { !$0.isWhitespace }).map(index(after:)) ?? startIndex)]
    }
}

/// A value behind a pthread mutex. ThreadSanitizer follows pthread locks; it does not see the
/// futex under the standard library's `Mutex` on Linux, and reported the guarded context as raced.
final class PthreadLock<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
