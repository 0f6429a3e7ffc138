import Foundation
import XCTest

/// What one run of the binary produced.
struct CLIResult {
    let status: Int32
    let stdout: String
    let stderr: String
    /// Non-empty stdout lines.
    var lines: [String] { stdout.split(separator: "\n").map(String.init) }
}

/// Finds the built `nak-swift` next to the test bundle and runs it as a user would.
enum CLIHarness {
    static var binary: URL {
        var dir = Bundle(for: Marker.self).bundleURL
        if dir.pathExtension == "xctest" { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("nak-swift")
    }
    final class Marker {}

    /// Runs `nak-swift args…`. `stdin` nil means `</dev/null`; otherwise the text is piped in.
    /// The environment is clean (no `NOSTR_SECRET_KEY` from the developer's shell) plus `env`.
    static func run(_ args: [String], stdin: String? = nil, env: [String: String] = [:]) throws -> CLIResult {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("nak-swift-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let inURL = tmp.appendingPathComponent("in"), outURL = tmp.appendingPathComponent("out"),
            errURL = tmp.appendingPathComponent("err")
        try Data((stdin ?? "").utf8).write(to: inURL)
        try Data().write(to: outURL)
        try Data().write(to: errURL)

        let p = Process()
        p.executableURL = binary
        p.arguments = args
        var environment = ["PATH": "/usr/bin:/bin", "HOME": tmp.path, "XDG_CONFIG_HOME": tmp.appendingPathComponent("config").path,
                           "XDG_DATA_HOME": tmp.appendingPathComponent("data").path]
        environment.merge(env) { $1 }
        p.environment = environment
        let inHandle = try FileHandle(forReadingFrom: stdin == nil ? URL(fileURLWithPath: "/dev/null") : inURL)
        let outHandle = try FileHandle(forWritingTo: outURL), errHandle = try FileHandle(forWritingTo: errURL)
        p.standardInput = inHandle
        p.standardOutput = outHandle
        p.standardError = errHandle
        try p.run()
        p.waitUntilExit()
        try? inHandle.close(); try? outHandle.close(); try? errHandle.close()
        return CLIResult(status: p.terminationStatus,
                         stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                         stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}

final class CLIHarnessTests: XCTestCase {
    func testBinaryIsBuilt() {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: CLIHarness.binary.path), CLIHarness.binary.path)
    }
}
