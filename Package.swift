// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "nak-swift",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "NostrCore", targets: ["NostrCore"]),
        .library(name: "Relay", targets: ["Relay"]),
        .library(name: "Signer", targets: ["Signer"]),
        .library(name: "Bunker", targets: ["Bunker"]),
        .executable(name: "nak-swift", targets: ["nak-swift"]),
        .executable(name: "nostr-bench", targets: ["nostr-bench"]),
    ],
    targets: [
        .systemLibrary(name: "CSecp256k1", pkgConfig: "libsecp256k1", providers: [.apt(["libsecp256k1-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .target(
            name: "NostrCore",
            dependencies: ["CSecp256k1", "COpenSSL", "CSodium", "CSQLite"]
        ),
        .target(name: "Relay", dependencies: ["NostrCore", "COpenSSL"]),
        .target(name: "Signer", dependencies: ["NostrCore", "Relay", "CQREncode"]),
        .target(name: "Bunker", dependencies: ["Signer", "Relay", "NostrCore"]),
        .executableTarget(name: "nak-swift", dependencies: ["NostrCore", "Relay", "Signer", "Bunker"]),
        // The push enricher's lean entry point: NostrCore only, for cold starts (README, section push). The Swift
        // runtime is linked in statically: loading and relocating its shared libraries was ~3 ms of a cold start.
        .executableTarget(
            name: "nak-push-enrich", dependencies: ["NostrCore"],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]
        ),
        .executableTarget(name: "nostr-bench", dependencies: ["NostrCore", "Relay", "Signer", "Bunker", "CSecp256k1"]),
        .target(name: "TestSupport", dependencies: ["NostrCore", "Relay"], path: "Tests/Support"),
        .testTarget(name: "NostrCoreTests", dependencies: ["NostrCore", "TestSupport"]),
        .testTarget(name: "RelayTests", dependencies: ["Relay", "NostrCore", "TestSupport"]),
        .testTarget(name: "SignerTests", dependencies: ["Signer", "NostrCore", "TestSupport"]),
        .testTarget(name: "BunkerTests", dependencies: ["Bunker", "Signer", "Relay", "NostrCore", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["NostrCore", "Relay", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
