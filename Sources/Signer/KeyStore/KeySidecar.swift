import Foundation

/// The small JSON file beside a stored key: what can be shown without the password.
struct KeySidecar: Codable {
    /// Hex public key.
    let pubkey: String

    init(pubkey: String) { self.pubkey = pubkey }

    /// Parses a sidecar; `nil` when it is not one.
    init?(decoding bytes: [UInt8]) {
        guard let s = try? JSONDecoder().decode(KeySidecar.self, from: Data(bytes)) else { return nil }
        self = s
    }

    /// `{"pubkey":"<hex>"}` plus a newline.
    func encoded() -> [UInt8] { Array("{\"pubkey\":\"\(pubkey)\"}\n".utf8) }
}
