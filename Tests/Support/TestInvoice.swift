import NostrCore

/// BOLT-11 invoices for tests: correct framing, amount, payment hash, secret and description hash, with a filler
/// signature (the decoder does not check it without an `n` field).
public enum TestInvoice {
    /// An invoice for `amountMsat` committing to `descriptionHash` (or to `description`).
    public static func make(amountMsat: UInt64, paymentHash: [UInt8], descriptionHash: [UInt8]? = nil, description: String? = nil,
                            timestamp: UInt64 = 1_700_000_000) -> String {
        var words = integerWords(timestamp, count: 7)
        words += field(1, paymentHash)                                   // p
        words += field(16, [UInt8](repeating: 0x11, count: 32))          // s
        if let descriptionHash { words += field(23, descriptionHash) }   // h
        if let description { words += field(13, Array(description.utf8)) }  // d
        words += Bech32.convertBits([UInt8](repeating: 0x01, count: 65), from: 8, to: 5, pad: true) ?? []
        // 1 msat = 10 pico-BTC.
        return Bech32.encode(hrp: "lnbc\(amountMsat * 10)p", words: words)
    }

    private static func field(_ type: UInt8, _ data: [UInt8]) -> [UInt8] {
        let w = Bech32.convertBits(data, from: 8, to: 5, pad: true) ?? []
        return [type, UInt8(w.count >> 5), UInt8(w.count & 31)] + w
    }

    private static func integerWords(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8((value >> (5 * UInt64($0))) & 31) }
    }
}
