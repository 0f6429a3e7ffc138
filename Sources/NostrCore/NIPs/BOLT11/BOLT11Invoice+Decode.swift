extension BOLT11Invoice {
    /// Even feature bits defined in BOLT 9; any other even bit set in `9` makes the invoice unpayable.
    static let knownEvenFeatures: Set<Int> = [0, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 38, 44, 46, 48, 50]

    /// Decodes an invoice (either case, optionally prefixed with `lightning:`). The signature is kept
    /// but not checked: the payee key would need public-key recovery unless `n` is present.
    /// `strict: false` still checks the checksum, prefix, amount and field framing, but accepts invoices
    /// that lack `p`, `s`, or exactly one of `d`/`h`, or that need unknown features: real zap receipts
    /// carry such invoices, and a zap validator must still read their amount and description hash.
    public init(_ text: String, strict: Bool = true) throws(BOLT11Error) {
        var s = Substring(text.trimmingWhitespace)
        if s.lowercased().hasPrefix("lightning:") { s = s.dropFirst("lightning:".count) }
        let decoded: (hrp: String, words: [UInt8])
        do { decoded = try Bech32.decodeWords(String(s)) } catch { throw .bech32(error) }
        let (network, amount) = try Self.parseHRP(decoded.hrp)
        let words = decoded.words
        // Timestamp (7 words) and signature (104 words) frame the tagged fields.
        guard words.count >= 7 + 104 else { throw .tooShort }
        let body = words[0..<(words.count - 104)]
        let sigBytes = Self.regroup(words[(words.count - 104)...], from: 5, to: 8, pad: false)

        var fields = Fields()
        var i = 7
        while i < body.count {
            guard body.count - i >= 3 else { throw .truncatedField(type: body[i]) }
            let type = body[i]
            let length = Int(body[i + 1]) << 5 | Int(body[i + 2])
            let start = i + 3
            guard start + length <= body.count else { throw .truncatedField(type: type) }
            try fields.read(type: type, data: body[start..<(start + length)])
            i = start + length
        }

        if strict {
            guard fields.paymentHash != nil else { throw .missingPaymentHash }
            guard fields.paymentSecret != nil else { throw .missingPaymentSecret }
            guard (fields.description == nil) != (fields.descriptionHash == nil) else {
                throw .descriptionAndHash(bothPresent: fields.description != nil)
            }
            if let unknown = fields.features.first(where: { $0 % 2 == 0 && !Self.knownEvenFeatures.contains($0) }) {
                throw .unknownRequiredFeature(unknown)
            }
        }
        let signature = Array(sigBytes[0..<64])
        // BOLT-11: with an explicit `n` the signature must be low-S (no recovery to excuse it).
        if fields.payee != nil, !Self.isLowS(signature[32..<64]) { throw .highSSignature }

        var preimage = Array(decoded.hrp.utf8)
        preimage += Self.regroup(body, from: 5, to: 8, pad: true)

        self.string = String(s)
        self.network = network
        self.amountMsat = amount
        self.timestamp = Self.integer(body[0..<7])
        self.paymentHash = fields.paymentHash
        self.paymentSecret = fields.paymentSecret
        self.description = fields.description
        self.descriptionHash = fields.descriptionHash
        self.expiry = fields.expiry ?? 3600
        self.minFinalCLTVExpiry = fields.minFinalCLTV ?? 18
        self.payee = fields.payee
        self.metadata = fields.metadata
        self.features = fields.features
        self.routeHints = fields.routeHints
        self.fallbacks = fields.fallbacks
        self.signature = signature
        self.recoveryID = sigBytes[64]
        self.signedHash = SHA256.hash(preimage)
    }

    /// Splits `ln` + currency + amount + multiplier.
    static func parseHRP(_ hrp: String) throws(BOLT11Error) -> (Network, UInt64?) {
        guard hrp.hasPrefix("ln") else { throw .unknownPrefix(hrp) }
        let rest = hrp.dropFirst(2)
        // Longest prefix first: "bcrt" before "bc", "tbs" before "tb".
        let candidates: [Network] = [.regtest, .bitcoin, .signet, .testnet, .simnet]
        guard let network = candidates.first(where: { rest.hasPrefix($0.rawValue) }) else { throw .unknownPrefix(hrp) }
        let amountText = rest.dropFirst(network.rawValue.count)
        if amountText.isEmpty { return (network, nil) }
        return (network, try parseAmount(String(amountText)))
    }

    /// Millisatoshis for an amount like `2500u` (1 BTC = 10^11 msat).
    static func parseAmount(_ text: String) throws(BOLT11Error) -> UInt64 {
        var digits = Substring(text)
        var multiplier: Character?
        if let last = digits.last, !last.isASCIIDigit {
            multiplier = last
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let value = UInt64(digits) else {
            throw .invalidAmount(text)
        }
        guard value > 0 else { throw .invalidAmount(text) }
        let (factor, divisor): (UInt64, UInt64)
        switch multiplier {
        case nil: (factor, divisor) = (100_000_000_000, 1)
        case "m": (factor, divisor) = (100_000_000, 1)
        case "u": (factor, divisor) = (100_000, 1)
        case "n": (factor, divisor) = (100, 1)
        case "p": (factor, divisor) = (1, 10)
        default: throw .invalidAmount(text)
        }
        guard value % divisor == 0 else { throw .subMillisatoshiAmount(text) }
        let (msat, overflow) = (value / divisor).multipliedReportingOverflow(by: factor)
        guard !overflow else { throw .amountOverflow(text) }
        return msat
    }

    static func integer(_ words: some Collection<UInt8>) -> UInt64 {
        words.reduce(0) { $0 << 5 | UInt64($1) }
    }

    /// S ≤ n/2, compared as big-endian bytes.
    static func isLowS(_ s: ArraySlice<UInt8>) -> Bool {
        let halfOrder: [UInt8] = [
            0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x5d, 0x57, 0x6e, 0x73, 0x57, 0xa4, 0x50, 0x1d, 0xdf, 0xe9, 0x2f, 0x46, 0x68, 0x1b, 0x20, 0xa0,
        ]
        return !halfOrder.lexicographicallyPrecedes(s)
    }

    /// Regroups bits; `pad` adds zero bits to finish the last group, otherwise leftover bits are dropped
    /// (field data is padded to whole 5-bit words, so a field's last bits are not part of its bytes).
    static func regroup(_ data: some Collection<UInt8>, from: Int, to: Int, pad: Bool) -> [UInt8] {
        var acc = 0, bits = 0
        var out = [UInt8]()
        out.reserveCapacity(data.count * from / to + 1)
        let maxv = (1 << to) - 1
        for v in data {
            acc = (acc << from) | Int(v)
            bits += from
            while bits >= to {
                bits -= to
                out.append(UInt8((acc >> bits) & maxv))
            }
            acc &= (1 << bits) - 1
        }
        if pad, bits > 0 { out.append(UInt8((acc << (to - bits)) & maxv)) }
        return out
    }
}

/// The tagged fields read so far; the first valid field of each type wins (BOLT-11 "most preferred first").
private struct Fields {
    var paymentHash: [UInt8]?
    var paymentSecret: [UInt8]?
    var description: String?
    var descriptionHash: [UInt8]?
    var expiry: UInt64?
    var minFinalCLTV: UInt64?
    var payee: [UInt8]?
    var metadata: [UInt8]?
    var features: [Int] = []
    var routeHints: [[BOLT11Invoice.RouteHop]] = []
    var fallbacks: [BOLT11Invoice.Fallback] = []

    mutating func read(type: UInt8, data: ArraySlice<UInt8>) throws(BOLT11Error) {
        // Fixed-length fields of the wrong length are skipped, as the spec's "fields which must be
        // ignored" example requires.
        switch type {
        case 1 where data.count == 52 && paymentHash == nil: paymentHash = bytes(data)
        case 16 where data.count == 52 && paymentSecret == nil: paymentSecret = bytes(data)
        case 23 where data.count == 52 && descriptionHash == nil: descriptionHash = bytes(data)
        case 19 where data.count == 53 && payee == nil: payee = bytes(data)
        case 13 where description == nil:
            guard let text = String(validating: bytes(data), as: UTF8.self) else { throw .invalidDescription }
            description = text
        case 27 where metadata == nil: metadata = bytes(data)
        case 6 where expiry == nil: expiry = try minimalInteger(data, type: type)
        case 24 where minFinalCLTV == nil: minFinalCLTV = try minimalInteger(data, type: type)
        case 5 where features.isEmpty:
            guard data.first != 0 else { throw .invalidIntegerField(type: type) }
            let n = data.count * 5
            for (k, w) in data.enumerated() {
                for b in 0..<5 where (w >> (4 - b)) & 1 == 1 { features.append(n - 1 - (k * 5 + b)) }
            }
            features.sort()
        case 3:
            let raw = bytes(data)
            var hops = [BOLT11Invoice.RouteHop]()
            var o = 0
            while raw.count - o >= 51 {
                hops.append(BOLT11Invoice.RouteHop(
                    pubkey: Array(raw[o..<(o + 33)]), shortChannelID: be(raw[(o + 33)..<(o + 41)]),
                    feeBaseMsat: UInt32(be(raw[(o + 41)..<(o + 45)])),
                    feeProportionalMillionths: UInt32(be(raw[(o + 45)..<(o + 49)])),
                    cltvExpiryDelta: UInt16(be(raw[(o + 49)..<(o + 51)]))))
                o += 51
            }
            routeHints.append(hops)
        case 9:
            // Versions 19–31 are reserved; readers skip them.
            guard let version = data.first, version <= 18 else { return }
            fallbacks.append(BOLT11Invoice.Fallback(version: version, program: bytes(data.dropFirst())))
        default: return
        }
    }

    private func bytes(_ words: ArraySlice<UInt8>) -> [UInt8] { BOLT11Invoice.regroup(words, from: 5, to: 8, pad: false) }

    private func be(_ b: ArraySlice<UInt8>) -> UInt64 { b.reduce(0) { $0 << 8 | UInt64($1) } }

    private func minimalInteger(_ data: ArraySlice<UInt8>, type: UInt8) throws(BOLT11Error) -> UInt64 {
        guard data.count <= 12, data.first != 0 else { throw .invalidIntegerField(type: type) }
        return BOLT11Invoice.integer(data)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    fileprivate var trimmingWhitespace: Substring {
        let s = self.drop { $0.isWhitespace }
        return s.dropLast(s.reversed().prefix { $0.isWhitespace }.count)
    }
}
