/// The parts of a kind 0 profile a notification shows.
public struct PushProfile: Sendable, Hashable {
    /// `display_name` (or `displayName`), else `name`; nil when neither is a usable string.
    public var name: String?
    /// `picture`, only when it is an http(s) URL.
    public var picture: String?

    /// The longest name kept; longer names are cut so a title stays one line on a lock screen.
    static let maxNameLength = 64

    /// Reads a kind 0 event's JSON content; anything unreadable gives an empty profile.
    public init(metadata event: Event) {
        let doc = try? JSONValue.parse(event.content)
        let candidates = [doc?["display_name"], doc?["displayName"], doc?["name"]]
        name = candidates.lazy.compactMap { $0?.stringValue.flatMap(Self.cleanName) }.first
        picture = doc?["picture"]?.stringValue.flatMap { p in
            let lower = p.lowercased()
            return (lower.hasPrefix("https://") || lower.hasPrefix("http://")) && p.utf8.count <= 2048 ? p : nil
        }
    }

    /// A profile with the given parts.
    public init(name: String?, picture: String?) {
        self.name = name
        self.picture = picture
    }

    /// The name with control characters turned into spaces and trimmed; nil when nothing is left.
    static func cleanName(_ raw: String) -> String? {
        // Printable ASCII has no control characters to replace: only trimming and the length limit apply.
        if raw.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) {
            let trimmed = PushText.trimSpaces(raw)
            return trimmed.isEmpty ? nil : PushText.truncate(trimmed, to: maxNameLength)
        }
        var out = ""
        for scalar in raw.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                out.unicodeScalars.append(" ")
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        let trimmed = PushText.trimSpaces(out)
        guard !trimmed.isEmpty else { return nil }
        return PushText.truncate(trimmed, to: maxNameLength)
    }

    /// The fallback name: the npub shortened to its start and end.
    public static func shortName(_ key: PublicKey) -> String {
        let npub = key.npub
        return "\(npub.prefix(12))…\(npub.suffix(4))"
    }
}
