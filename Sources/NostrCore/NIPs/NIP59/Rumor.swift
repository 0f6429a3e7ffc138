extension NIP59 {
    /// Reading the innermost layer: a rumor is an event without a signature whose id must still match.
    enum Rumor {
        /// Parses a decrypted rumor, rejecting a signature and a wrong id; a missing id is computed.
        static func parse(_ json: [UInt8]) throws(NIP59Error) -> (UnsignedEvent, EventID) {
            let parsed: ParsedUnsignedEvent
            do { parsed = try UnsignedEvent.parse(json: json) } catch {
                throw .malformed("the rumor is not an event: \(error)")
            }
            // "The inner event MUST always be unsigned" (NIP-59 §2).
            guard !parsed.hasSignature else { throw .rumorSigned }
            let id = parsed.event.id
            if let claimed = parsed.id, claimed != id { throw .rumorIDMismatch }
            return (parsed.event, id)
        }
    }
}
