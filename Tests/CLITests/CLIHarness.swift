import Foundation
import XCTest

/// Finds the built `nak-swift` next to the test bundle.
enum CLIHarness {
    static var binary: URL {
        var dir = Bundle(for: Marker.self).bundleURL
        if dir.pathExtension == "xctest" { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("nak-swift")
    }
    final class Marker {}
}

final class CLIHarnessTests: XCTestCase {
    func testBinaryIsBuilt() {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: CLIHarness.binary.path), CLIHarness.binary.path)
    }
}
