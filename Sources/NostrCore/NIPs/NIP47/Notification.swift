/// A NIP-47 notification payload (`{"notification_type", "notification"}`), the plaintext of a
/// kind-23197 (NIP-44) or 23196 (NIP-04) event.
public enum WalletNotification: Sendable, Hashable {
    /// The wallet received a payment.
    case paymentReceived(WalletTransaction)
    /// The wallet sent a payment.
    case paymentSent(WalletTransaction)
    /// A payer locked in a hold invoice; settle or cancel it before `settleDeadline`.
    case holdInvoiceAccepted(WalletTransaction)
    /// A notification type this library does not model, kept as JSON.
    case other(type: String, notification: JSONValue)

    /// The `notification_type` string.
    public var type: String {
        switch self {
        case .paymentReceived: "payment_received"
        case .paymentSent: "payment_sent"
        case .holdInvoiceAccepted: "hold_invoice_accepted"
        case let .other(type, _): type
        }
    }

    /// Parses a decrypted notification.
    public init(json: String) throws(NIP47Error) {
        let v: JSONValue
        do { v = try JSONValue.parse(json) } catch { throw .invalidPayload(error.description) }
        guard let type = v["notification_type"]?.stringValue else { throw .invalidPayload("no notification_type") }
        let body = v["notification"] ?? .object([:])
        switch type {
        case "payment_received": self = .paymentReceived(try WalletTransaction(json: body))
        case "payment_sent": self = .paymentSent(try WalletTransaction(json: body))
        case "hold_invoice_accepted": self = .holdInvoiceAccepted(try WalletTransaction(json: body))
        default: self = .other(type: type, notification: body)
        }
    }

    /// The plaintext JSON to encrypt.
    public var json: String {
        let body: JSONValue = switch self {
        case let .paymentReceived(t), let .paymentSent(t), let .holdInvoiceAccepted(t): t.json
        case let .other(_, v): v
        }
        return JSONValue.object(["notification_type": .string(type), "notification": body]).serialized
    }
}
