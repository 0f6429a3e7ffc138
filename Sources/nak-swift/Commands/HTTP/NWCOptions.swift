import NostrCore
import Relay
import Signer

/// `--nwc URI|NAME` (or `NOSTR_NWC`): a `nostr+walletconnect://` URI, or the name of one saved with `wallet save`
/// in the key store's `wallets/` (0600, like keys: the URI holds a secret).
struct NWCOptions: Sendable {
    /// The usage line.
    static let help = "  --nwc URI|NAME       nostr+walletconnect:// URI or a saved wallet's name (also NOSTR_NWC)"

    let nwc: String?

    init(_ args: inout Arguments) throws(UsageError) { nwc = try args.option("--nwc") }

    /// The given value, from the flag or the environment.
    func text(_ io: IO) -> String? {
        nwc ?? io.environment["NOSTR_NWC"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The connection URI, or nil when none was given.
    func uri(_ io: IO) throws(CLIError) -> WalletConnectURI? {
        guard let text = text(io) else { return nil }
        if text.lowercased().hasPrefix("nostr+walletconnect:") {
            do { return try WalletConnectURI(text) } catch { throw .invalidInput(what: "--nwc", reason: error.description) }
        }
        let store = KeyStore(environment: io.environment)
        let bytes: [UInt8]?
        do { bytes = try store.read(in: .wallets, name: text) } catch {
            throw .invalidInput(what: "--nwc \(text)", reason: "\(error)")
        }
        guard let bytes, let saved = (try? JSONValue.parse(bytes))?["uri"]?.stringValue else {
            throw .invalidInput(what: "--nwc \(text)", reason: "not a nostr+walletconnect:// URI nor a wallet saved with 'nak-swift wallet --nwc URI save NAME'")
        }
        do { return try WalletConnectURI(saved) } catch { throw .invalidInput(what: "wallet \(text)", reason: error.description) }
    }

    /// Saves `uri` under `name` in the key store.
    static func save(_ uri: WalletConnectURI, name: String, _ io: IO) throws(CLIError) {
        let json = JSONValue.object(["uri": .string(uri.uri)]).serializedBytes
        do { try KeyStore(environment: io.environment).write(json, in: .wallets, name: name) } catch {
            throw .invalidInput(what: "wallet save \(name)", reason: "\(error)")
        }
    }
}

extension WalletConnectError: HasExitCode {
    var exitCode: ExitCode {
        if case .unreachable = self { return .noRelayReached }
        return .failure
    }
}
