import NostrCore

/// Indented JSON for people (`decode`); objects keep the order given, nested dictionaries are
/// sorted by key so output is stable.
enum PrettyJSON {
    /// An object with its keys in the given order.
    static func object(_ pairs: [(String, JSONValue)]) -> String {
        var out: [UInt8] = []
        writeObject(pairs, indent: 0, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Any value.
    static func value(_ v: JSONValue) -> String {
        var out: [UInt8] = []
        write(v, indent: 0, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func newline(_ indent: Int, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private static func writeObject(_ pairs: [(String, JSONValue)], indent: Int, to out: inout [UInt8]) {
        guard !pairs.isEmpty else { out += Array("{}".utf8); return }
        out.append(UInt8(ascii: "{"))
        for (i, (k, v)) in pairs.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            newline(indent + 1, &out)
            JSONWriter.appendString(k, to: &out)
            out += Array(": ".utf8)
            write(v, indent: indent + 1, to: &out)
        }
        newline(indent, &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func write(_ v: JSONValue, indent: Int, to out: inout [UInt8]) {
        switch v {
        case let .object(o):
            writeObject(o.keys.sorted().compactMap { k in o[k].map { (k, $0) } }, indent: indent, to: &out)
        case let .array(a):
            guard !a.isEmpty else { out += Array("[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, e) in a.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, &out)
                write(e, indent: indent + 1, to: &out)
            }
            newline(indent, &out)
            out.append(UInt8(ascii: "]"))
        default:
            JSONWriter.appendValue(v, to: &out)
        }
    }
}
