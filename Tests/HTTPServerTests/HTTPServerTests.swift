import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// The server on libmicrohttpd, in process, with a plain socket client.
@Suite("HTTP server", .timeLimit(.minutes(1)))
struct HTTPServerTests {
    /// Runs `body` with a started server on a free loopback port, stopped afterwards.
    func withServer<R>(
        bodyLimit: Int = 4 << 20, _ handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse,
        _ body: (HTTPServer, UInt16) async throws -> R
    ) async throws -> R {
        var settings = HTTPServer.Settings(address: "127.0.0.1", port: 0)
        settings.bodyLimit = bodyLimit
        let server = HTTPServer(settings, handler: handler)
        let port = try server.start()
        do {
            let result = try await body(server, port)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    @Test("a request's method, decoded path, query and header fields reach the handler; its answer reaches the client")
    func roundTrip() async throws {
        let seen = Mutex<HTTPRequest?>(nil)
        try await withServer({ request in
            seen.withLock { $0 = request }
            return HTTPResponse(status: 201, contentType: "text/plain", body: Array("made".utf8), headers: [("X-Extra", "1")])
        }) { _, port in
            let response = try await blocking {
                try HTTPTestConnection(port: port).request(
                    "PUT", "/a%20b/c?device=kitchen%20lamp&state=on", host: "127.0.0.1:\(port)", headers: ["X-Token": "Abc"],
                    body: Array("hello".utf8))
            }
            #expect(response.status == 201 && response.text == "made" && response.headers["x-extra"] == "1")
            let request = try #require(seen.withLock { $0 })
            #expect(request.method == "PUT" && request.path == "/a b/c")
            #expect(request.query == ["device": "kitchen lamp", "state": "on"])
            #expect(request.header("x-token") == "Abc" && request.header("X-TOKEN") == "Abc")
            #expect(request.body == Array("hello".utf8))
        }
    }

    @Test("a body sent in chunks is put together; one over the limit is answered 413 and never handled")
    func bodiesAndLimits() async throws {
        let handled = Mutex(0)
        try await withServer(
            bodyLimit: 1000,
            { request in
                handled.withLock { $0 += 1 }
                return HTTPResponse(status: 200, contentType: "text/plain", body: Array("\(request.body.count)".utf8))
            }
        ) { _, port in
            let chunked = try await blocking {
                let connection = try HTTPTestConnection(port: port)
                try connection.send(
                    Array(
                        ("POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n" + "5\r\nhello\r\n" + "3\r\nabc\r\n"
                            + "0\r\n\r\n")
                            .utf8))
                return try connection.readResponse()
            }
            #expect(chunked.status == 200 && chunked.text == "8")
            let announced = try await blocking {
                try HTTPTestConnection(port: port).request("POST", "/x", host: "h", body: [UInt8](repeating: 65, count: 5000))
            }
            #expect(announced.status == 413 && announced.text.contains("payload_too_large"))
            let streamed = try await blocking {
                let connection = try HTTPTestConnection(port: port)
                try connection.send(Array("POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
                for _ in 0..<3 { try connection.send(Array("200\r\n".utf8) + [UInt8](repeating: 66, count: 512) + Array("\r\n".utf8)) }
                try connection.send(Array("0\r\n\r\n".utf8))
                return try connection.readResponse()
            }
            #expect(streamed.status == 413)
            #expect(handled.withLock { $0 } == 1, "only the first request reached the handler")
        }
    }

    @Test("a slow answer holds only its own connection")
    func slowAnswerDoesNotBlockOthers() async throws {
        // The slow answer waits until the quick one has been received: were requests served one at a time, the quick
        // one would never come (the client's read gives up after 20 s) — no clock decides.
        let (released, release) = AsyncStream<Void>.makeStream()
        try await withServer({ request in
            if request.path == "/slow" {
                for await _ in released { break }
            }
            return HTTPResponse(status: 200, contentType: "text/plain", body: Array(request.path.utf8))
        }) { _, port in
            let slow = Task { try await blocking { try HTTPTestConnection(port: port).request("GET", "/slow", host: "h") } }
            try await Task.sleep(for: .milliseconds(200))
            let quick = try await blocking { try HTTPTestConnection(port: port).request("GET", "/quick", host: "h") }
            #expect(quick.text == "/quick")
            release.yield()
            #expect(try await slow.value.text == "/slow")
        }
    }

    @Test("a stream sends what is written as it is written; a client that goes ends it; stopping ends open streams")
    func streams() async throws {
        let closed = Mutex(0)
        let streams = Mutex<[HTTPStream]>([])
        try await withServer({ _ in
            let stream = HTTPStream(keepAliveInterval: .seconds(1)) { closed.withLock { $0 += 1 } }
            streams.withLock { $0.append(stream) }
            stream.write(Array("first\n".utf8))
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: .stream(stream))
        }) { server, port in
            let connection = try HTTPTestConnection(port: port)
            let head = try await blocking { try connection.readHeadAfterSending(port: port) }
            #expect(head.status == 200)
            #expect(try await blocking { try connection.readStream(until: "first") }.contains("first"))
            let stream = try #require(streams.withLock { $0.first })
            #expect(stream.write(Array("second\n".utf8)))
            #expect(try await blocking { try connection.readStream(until: "second") }.contains("second"))
            // Silence: the keep-alive comes.
            #expect(try await blocking { try connection.readStream(until: ":\n\n") }.contains(":"))

            // A second client goes away: its stream ends (noticed at the next write or keep-alive).
            let leaving = try HTTPTestConnection(port: port)
            _ = try await blocking { try leaving.readHeadAfterSending(port: port) }
            try await eventually("the second stream to open") { streams.withLock { $0.count } == 2 }
            let second = try #require(streams.withLock { $0.last })
            _ = consume leaving
            try await eventually("the gone client's stream to end", timeout: .seconds(10)) {
                second.write(Array("x\n".utf8))
                return second.isClosed
            }
            #expect(closed.withLock { $0 } == 1)

            let stopping = ContinuousClock.now
            await server.stop()
            #expect(ContinuousClock.now - stopping < .seconds(5))
            #expect(stream.isClosed && closed.withLock { $0 } == 2)
            #expect(try await blocking { connection.isClosedByPeer() })
        }
    }

    @Test("a port in use and an address that is none are refused with a message that says so")
    func listenFailures() async throws {
        try await withServer({ _ in HTTPResponse(status: 204) }) { _, port in
            let second = HTTPServer(.init(address: "127.0.0.1", port: port)) { _ in HTTPResponse(status: 204) }
            #expect {
                try second.start()
            } throws: { error in
                "\(error)".contains("cannot listen on 127.0.0.1:\(port)") && "\(error)".contains("in use")
            }
        }
        let nowhere = HTTPServer(.init(address: "kitchen", port: 0)) { _ in HTTPResponse(status: 204) }
        #expect(throws: HTTPServerError.invalidAddress("kitchen")) { try nowhere.start() }
    }
}

extension HTTPTestConnection {
    /// Sends `GET /events` and reads the response's head.
    func readHeadAfterSending(port: UInt16) throws -> (status: Int, headers: [String: String]) {
        try send(Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8))
        return try readHead()
    }
}
