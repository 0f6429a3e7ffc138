import Foundation
import NostrCore

/// What the public-key crypto of one streamed push costs on one core, measured in the same run as the
/// stream (the machine is shared, so its speed drifts). An FCM payload carrying a gift-wrapped DM needs
/// two Schnorr verifications (the wrap, by a one-time key, and the seal, by the sender) and one ECDH (with
/// the wrap's one-time key); the push server's and the sender's conversation keys are cached. The FCM
/// layer's own signature is not checked: its key is not pinned, so it would vouch for nothing, and what
/// it carries is verified (see `PushEnricher.openFCM`). Each verify here
/// parses its key and hashes the id, each ECDH parses its key and runs HKDF-Extract: the enricher
/// shares or caches those parses, so a ratio near 1 would mean nothing else costs anything.
struct CostModel {
    /// Gift wraps sampled per measurement.
    static let sample = 1_000

    /// `Event.verify()` (id hash, key parse, BIP-340) per gift wrap, in µs.
    let verifyMicros: Double
    /// `NIP44.ConversationKey(secret:publicKey:)` (key parse, ECDH, HKDF-Extract) per one-time key, in µs.
    let ecdhMicros: Double

    /// The crypto one payload needs: 2 verifications and 1 ECDH.
    var payloadMicros: Double { 2 * verifyMicros + ecdhMicros }
    /// Payloads per CPU second if nothing else cost anything.
    var boundPerSecond: Double { 1e6 / payloadMicros }
    /// The same without caches and with the FCM layer's signature checked: 3 verifications and 3 ECDH.
    var uncachedBoundPerSecond: Double { 1e6 / (3 * verifyMicros + 3 * ecdhMicros) }

    static func measure(wraps: [Event], account: SecretKey) throws -> CostModel {
        guard !wraps.isEmpty else { throw PushBench.BenchError("no gift wraps to measure the cost model on") }
        let n = Double(wraps.count)
        var t = PushBench.cpuSeconds()
        var bad = 0
        for w in wraps where !w.isValid { bad += 1 }
        let verify = (PushBench.cpuSeconds() - t) / n * 1e6
        t = PushBench.cpuSeconds()
        for w in wraps where (try? NIP44.ConversationKey(secret: account, publicKey: w.pubkey)) == nil { bad += 1 }
        let ecdh = (PushBench.cpuSeconds() - t) / n * 1e6
        guard bad == 0 else { throw PushBench.BenchError("\(bad) sample gift wraps failed to verify or agree") }
        return CostModel(verifyMicros: verify, ecdhMicros: ecdh)
    }

    /// The mean of two measurements (taken before and after a run).
    func averaged(with other: CostModel) -> CostModel {
        CostModel(verifyMicros: (verifyMicros + other.verifyMicros) / 2, ecdhMicros: (ecdhMicros + other.ecdhMicros) / 2)
    }

    var json: JSONValue {
        let r = { (v: Double) -> JSONValue in .double((v * 10).rounded() / 10) }
        return ["verify_us": r(verifyMicros), "ecdh_us": r(ecdhMicros), "payload_crypto_us_2verify_1ecdh": r(payloadMicros),
                "bound_per_s": .int(Int64(boundPerSecond)), "uncached_bound_per_s_3verify_3ecdh": .int(Int64(uncachedBoundPerSecond))]
    }
}
