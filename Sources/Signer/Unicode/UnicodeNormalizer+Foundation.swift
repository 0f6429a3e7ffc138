import Foundation
import NostrCore

extension UnicodeNormalizer {
    /// NFKC and NFKD for any text, from Foundation's Unicode tables (ICU).
    public static let foundation = UnicodeNormalizer(
        nfkc: { $0.precomposedStringWithCompatibilityMapping },
        nfkd: { $0.decomposedStringWithCompatibilityMapping })
}
