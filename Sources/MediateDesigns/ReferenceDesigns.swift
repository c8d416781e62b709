public import MediateRuntime

extension DesignRegistry {
    /// The reference designs, in the order docs/DESIGNS.md lists them: `protocol-extension`
    /// (the default), `wrapper`, `direct-delegate`, `mesh`, then the asynchronous `actor` and
    /// `async-stream`, the synchronous `notification-center`, and `combine` (with the `Combine`
    /// trait, on by default).
    public static let reference: DesignRegistry = {
        var registry = DesignRegistry()
        var designs: [any Design.Type] = [
            ProtocolExtensionDesign.self, WrapperDesign.self, DirectDelegateDesign.self, MeshDesign.self, ActorDesign.self,
            StreamBusDesign.self, NotificationHubDesign.self,
        ]
        #if Combine
            designs.append(CombineDesign.self)
        #endif
        for design in designs {
            try! registry.register(design)
        }
        return registry
    }()

    /// The reference designs followed by `designs` (your own), or why they cannot be registered
    /// together: a name taken twice, or one a scenario cannot write.
    ///
    /// - Parameter designs: Your designs, registered after the reference designs.
    /// - Returns: The registry of both.
    /// - Throws: `DesignRegistry.Conflict` for the first name that is malformed or taken.
    public static func reference(adding designs: [any Design.Type]) throws(DesignRegistry.Conflict) -> DesignRegistry {
        var registry = reference
        for design in designs { try registry.register(design) }
        return registry
    }
}

extension MediatorKind {
    /// The name of the protocol-extension reference design.
    public static let protocolExtension = MediatorKind(ProtocolExtensionDesign.name)
    /// The name of the wrapper reference design.
    public static let wrapper = MediatorKind(WrapperDesign.name)
    /// The name of the direct-delegate reference design.
    public static let directDelegate = MediatorKind(DirectDelegateDesign.name)
    /// The name of the mesh, the baseline without a mediator.
    public static let mesh = MediatorKind(MeshDesign.name)
    /// The name of the actor reference design, the first asynchronous one.
    public static let actor = MediatorKind(ActorDesign.name)
    /// The name of the async-stream reference design: a bus of `AsyncStream`s, asynchronous.
    public static let asyncStream = MediatorKind(StreamBusDesign.name)
    /// The name of the notification-center reference design: Foundation's `NotificationCenter`.
    public static let notificationCenter = MediatorKind(NotificationHubDesign.name)
    #if Combine
        /// The name of the combine reference design (with the `Combine` trait, on by default).
        public static let combine = MediatorKind(CombineDesign.name)
    #endif
}
