import Foundation
import LocalBroker

/// A throw-away certificate authority and a server certificate for
/// 127.0.0.1 / localhost, made with `openssl` in a temporary folder.
public struct TestCertificates {
    public let directory: URL
    public var caFile: String { directory.appendingPathComponent("ca.crt").path }
    public var serverCertificate: String { directory.appendingPathComponent("server.crt").path }
    public var serverKey: String { directory.appendingPathComponent("server.key").path }

    /// The files for `PrivateBroker.Options.tls`.
    public var brokerFiles: PrivateBroker.TLSFiles {
        .init(caFile: caFile, certificateFile: serverCertificate, keyFile: serverKey)
    }

    /// A CA and a server certificate for `subjectAltName` (openssl's syntax).
    public init(subjectAltName: String = "IP:127.0.0.1,DNS:localhost") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-tls-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try Self.openssl(
            ["req", "-x509"] + ec + [
                "-keyout", "ca.key", "-out", "ca.crt", "-days", "2",
                "-subj", "/CN=VoicePlug test CA",
            ], in: directory)
        try Self.openssl(["req"] + ec + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"], in: directory)
        try "subjectAltName=\(subjectAltName)\n".write(
            to: directory.appendingPathComponent("san.ext"), atomically: true, encoding: .utf8)
        try Self.openssl(
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", "server.crt", "-days", "2", "-extfile", "san.ext",
            ], in: directory)
    }

    /// Removes the folder.
    public func remove() { try? FileManager.default.removeItem(at: directory) }

    private static func openssl(_ arguments: [String], in directory: URL) throws {
        let (status, output) = try runCommand("openssl", arguments, in: directory)
        guard status == 0 else { throw CertificateError(message: "openssl \(arguments.first ?? ""): \(output)") }
    }

    struct CertificateError: Error { let message: String }
}
