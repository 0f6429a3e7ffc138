/// What the `events` table keeps beside an event's JSON that comes from its tags: the `d` value of an
/// addressable event and the NIP-40 expiration.
///
/// An import reads them on all cores, from the raw tags before they are decoded, so the single writer
/// never scans a contact list's hundreds of tags for them.
struct StoredFields: Sendable {
    /// The `d` tag value for addressable kinds ("" when the tag is missing, as NIP-01 says); nil for other kinds.
    let d: String?
    /// The NIP-40 `expiration` time, if the event has a well-formed one.
    let expiration: Int64?

    init(of event: Event) {
        d = event.kind.isAddressable ? EventStore.dTag(of: event) : nil
        expiration = EventStore.expiration(of: event)
    }
}
