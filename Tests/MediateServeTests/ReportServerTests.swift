// With the `Serve` trait only, as MediateServe's server is: without it, no tests here.
#if Serve
    import Foundation
    import MediateKit
    import MediateWatch
    import NIOCore
    import Testing

    @testable import MediateServe

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The served page's reload script, the loopback rule, and the `Host` check.
    @Suite struct ReportServerTests {
        @Test func theScriptGoesBeforeTheLastBodyEndAndNowhereElse() {
            let page = "<html><body><pre>&lt;/body&gt; </body> in text</pre>\n</body>\n</html>\n"
            let served = ReportServer.served(page, version: 7)
            #expect(served.hasPrefix("<html><body><pre>&lt;/body&gt; </body> in text</pre>\n<script>"))
            #expect(served.hasSuffix("</script>\n</body>\n</html>\n"))
            #expect(served.contains("const version = 7;"))
            #expect(served.contains("new EventSource(\"/events\")"))
            // Everything else is the page as it was.
            let script = served[served.range(of: "<script>")!.lowerBound..<served.range(of: "</script>\n")!.upperBound]
            #expect(served.replacingOccurrences(of: script, with: "") == page)
        }

        @Test func aPageWithoutBodyEndGetsTheScriptAtItsEnd() {
            #expect(ReportServer.served("text", version: 1).hasPrefix("text<script>"))
        }

        @Test(arguments: ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "::1", "[::1]"])
        func loopback(_ host: String) {
            #expect(isLoopbackAddress(host))
        }

        @Test(arguments: [
            "0.0.0.0", "192.168.1.10", "::", "example.com", "127.0.0.1.example.com", "127.0.0", "127.0.0.256", "128.0.0.1", "",
            "localhost.evil.com",
        ])
        func notLoopback(_ host: String) {
            #expect(!isLoopbackAddress(host))
        }

        @Test func onLoopbackOnlyLoopbackHostHeadersAreAnswered() {
            #expect(ReportServer.isAllowed("127.0.0.1:8347", host: "127.0.0.1"))
            #expect(ReportServer.isAllowed("localhost:8347", host: "127.0.0.1"))
            #expect(ReportServer.isAllowed("[::1]:8347", host: "::1"))
            #expect(!ReportServer.isAllowed("evil.example:8347", host: "127.0.0.1"))
            #expect(!ReportServer.isAllowed(nil, host: "127.0.0.1"))
            #expect(ReportServer.isAllowed("anything", host: "0.0.0.0"))
        }

        @Test func servesPublishesAndShutsDown() async throws {
            // On a thread of its own: blocking one of the pool's threads here, while another test
            // blocked the other, left none for the server's task (seen as a hung `swift test`).
            let server = try await blocking { try ReportServer.start(host: "127.0.0.1", port: 0) }
            #expect(server.port > 0)
            #expect(server.url == "http://127.0.0.1:\(server.port)/")
            #expect(server.version == 0)
            server.publish("<html><body>one</body></html>")
            server.publish("<html><body>two</body></html>")
            #expect(server.version == 2)
            let (data, response) = try await URLSession.shared.data(from: URL(string: server.url)!)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.hasPrefix("<html><body>two<script>"))
            #expect(text.contains("const version = 2;"))
            try await blocking { server.shutdown() }
        }

        @Test func headIsAnsweredAsGetWithoutABody() async throws {
            let server = try await blocking { try ReportServer.start(host: "127.0.0.1", port: 0) }
            defer { server.shutdown() }
            server.publish("<html><body>page</body></html>")
            var request = URLRequest(url: URL(string: server.url)!)
            request.httpMethod = "HEAD"
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
            #expect(data.isEmpty)
        }

        @Test func twoHostHeadersAreABadRequest() async throws {
            let answer = try await blocking {
                let server = try ReportServer.start(host: "127.0.0.1", port: 0)
                defer { server.shutdown() }
                let connection = try #require(RawConnection(port: server.port))
                connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
                return connection.readAll()
            }
            #expect(answer.hasPrefix("HTTP/1.1 400"))
        }

        @Test func aBracketedIPv6LoopbackBinds() async throws {
            let (url, port, answer) = try await blocking {
                let server = try ReportServer.start(host: "[::1]", port: 0)
                defer { server.shutdown() }
                let connection = try #require(RawConnection(host: "::1", port: server.port))
                connection.send("GET / HTTP/1.1\r\nHost: [::1]:\(server.port)\r\nConnection: close\r\n\r\n")
                return (server.url, server.port, connection.readAll())
            }
            #expect(url == "http://[::1]:\(port)/")
            #expect(answer.hasPrefix("HTTP/1.1 200"))
        }

        /// 1,100 connections that never send a byte: the server closes the oldest past its cap,
        /// so its descriptors stay bounded, and a page asked for meanwhile is answered.
        @Test func idleConnectionsPastTheCapAreClosedAndThePageStillAnswers() async throws {
            let (opened, answer, closed) = try await blocking {
                let server = try ReportServer.start(host: "127.0.0.1", port: 0)
                defer { server.shutdown() }
                server.publish("<html><body>page</body></html>")
                let idle = (0..<1_100).compactMap { _ in RawConnection(port: server.port) }
                let page = try #require(RawConnection(port: server.port))
                page.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                let answer = page.readAll()
                // The server closes them as it goes; wait (generously) until it has.
                let deadline = ContinuousClock.now + .seconds(30)
                var closed = 0
                repeat {
                    closed = idle.filter(\.isClosedByServer).count
                    if closed >= 1_100 - 256 { break }
                    Thread.sleep(forTimeInterval: 0.1)
                } while ContinuousClock.now < deadline
                return (idle.count, answer, closed)
            }
            #expect(opened == 1_100)
            #expect(answer.hasPrefix("HTTP/1.1 200"))
            #expect(closed >= 1_100 - 256)
        }

        /// Past the cap on event streams a new one is answered 503, and a connection that never
        /// finishes its request is closed after the idle timeout (short here; 10 s in the tool).
        @Test func eventStreamsPastTheCapAndSilentConnectionsAreRefused() async throws {
            let (streams, silentClosed) = try await blocking {
                let limits = ServeLimits(connections: 16, listeners: 2, idleTimeout: .milliseconds(300))
                let server = try ReportServer.start(host: "127.0.0.1", port: 0, limits: limits)
                defer { server.shutdown() }
                let silent = try #require(RawConnection(port: server.port))
                silent.send("GET / HTT")
                var streams: [String] = []
                var held: [RawConnection] = []
                for _ in 0..<3 {
                    let events = try #require(RawConnection(port: server.port))
                    events.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    streams.append(events.readFirstLine())
                    held.append(events)
                }
                let deadline = ContinuousClock.now + .seconds(20)
                while !silent.isClosedByServer, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.05) }
                // The streams outlive the idle timeout: a response is being sent.
                return (streams, silent.isClosedByServer && !held[0].isClosedByServer)
            }
            #expect(streams == ["HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 503 Service Unavailable"])
            #expect(silentClosed)
        }
    }
#endif
