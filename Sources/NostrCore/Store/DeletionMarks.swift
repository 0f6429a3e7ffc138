/// Whether the NIP-09 tables hold anything, read once per write transaction: while they are empty (an
/// import with no deletion requests) no event needs a look-up in them, and a regular event needs no
/// look-up at all before its insert.
struct DeletionMarks {
    var ids: Bool
    var addresses: Bool
}
