#if Serve
    import NIOCore

    /// Counts each connection into ``OpenConnections`` when its pipeline is set up, and out when it
    /// closes; it passes every message on untouched.
    final class ConnectionCapHandler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny

        private let connections: OpenConnections

        init(_ connections: OpenConnections) {
            self.connections = connections
        }

        func handlerAdded(context: ChannelHandlerContext) {
            let channel = context.channel
            let id = connections.opened(channel)
            channel.closeFuture.whenComplete { [connections] _ in connections.closed(id) }
        }
    }
#endif
