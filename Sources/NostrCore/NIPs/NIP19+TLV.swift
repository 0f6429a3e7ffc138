extension NIP19 {
    /// The TLV entries of an nprofile, nevent or naddr, in order. Unknown types are kept but never
    /// read (NIP-19: unrecognised TLVs are ignored, not an error).
    struct TLV {
        var entries: [(type: UInt8, value: [UInt8])] = []

        static func parse(_ data: [UInt8], prefix: String) throws(NIP19Error) -> TLV {
            var tlv = TLV()
            var i = 0
            while i < data.count {
                guard i + 2 <= data.count else { throw .truncatedTLV(prefix: prefix) }
                let type = data[i], length = Int(data[i + 1])
                guard i + 2 + length <= data.count else { throw .truncatedTLV(prefix: prefix) }
                tlv.entries.append((type, Array(data[(i + 2)..<(i + 2 + length)])))
                i += 2 + length
            }
            return tlv
        }

        /// The first value of `type`; later duplicates are ignored.
        func first(_ type: TLVType) -> [UInt8]? {
            entries.first { $0.type == type.rawValue }?.value
        }

        /// Every relay hint, in order, as text.
        func relays() throws(NIP19Error) -> [String] {
            var out: [String] = []
            for e in entries where e.type == TLVType.relay.rawValue {
                guard let s = String(validating: e.value, as: UTF8.self) else { throw .invalidText(field: "relay") }
                out.append(s)
            }
            return out
        }
    }

    /// Builds TLV bytes in NIP-19 order: special, relays…, author, kind.
    struct TLVWriter {
        let strict: Bool
        var bytes: [UInt8] = []

        mutating func append(_ type: TLVType, _ value: [UInt8]) {
            bytes.append(type.rawValue)
            bytes.append(UInt8(value.count))
            bytes.append(contentsOf: value)
        }

        mutating func appendText(_ type: TLVType, _ text: String, field: String) throws(NIP19Error) {
            var value = Array(text.utf8)
            if value.count > 255 {
                if strict { throw .valueTooLong(field: field, bytes: value.count) }
                value = Array(value.prefix(255))
            }
            append(type, value)
        }

        mutating func appendRelays(_ relays: [String]) throws(NIP19Error) {
            for r in relays {
                let value = Array(r.utf8)
                if value.count > 255 {
                    if strict { throw .valueTooLong(field: "relay", bytes: value.count) }
                    continue
                }
                append(.relay, value)
            }
        }
    }
}
