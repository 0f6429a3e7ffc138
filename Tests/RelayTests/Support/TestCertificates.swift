import Foundation

/// A throwaway CA and leaf certificates made with the `openssl` tool in a temporary folder.
struct TestCertificates {
    let directory: URL
    var caFile: String { directory.appendingPathComponent("ca.pem").path }

    struct Leaf {
        let certificate: String
        let key: String
    }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("relay-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try run(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                 "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=nak-swift test CA",
                 "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"])
    }

    /// A leaf signed by the CA with the given subjectAltName list, e.g. "IP:127.0.0.1,DNS:localhost".
    func leaf(_ name: String, subjectAltName: String) throws -> Leaf {
        try run(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                 "-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(name)"])
        try "subjectAltName=\(subjectAltName)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(to: directory.appendingPathComponent("\(name).ext"), atomically: true, encoding: .utf8)
        try run(["x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                 "-out", "\(name).pem", "-days", "2", "-extfile", "\(name).ext"])
        return Leaf(certificate: directory.appendingPathComponent("\(name).pem").path, key: directory.appendingPathComponent("\(name).key").path)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    private func run(_ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["openssl"] + args
        p.currentDirectoryURL = directory
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["openssl": args.joined(separator: " ")]) }
    }
}
