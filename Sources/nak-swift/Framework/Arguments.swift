/// A cursor over argv. Commands take their flags out first (`option`, `flag`), then their
/// positional arguments, then call `expectEnd()`, so whatever is left is reported as a usage error.
///
/// Flags may appear anywhere: `-k 1`, `--kind 1`, `--kind=1`; repeating a flag collects every value
/// (`options`). After `--` every token is positional. A flag's value is the next token whatever it
/// looks like; write `--content=-x` to be unambiguous when a value starts with `-`.
struct Arguments: Sendable {
    private enum Token: Sendable, Equatable {
        case word(String)
        /// After `--`: never a flag.
        case literal(String)
    }

    private var tokens: [Token]

    /// The arguments after the program name.
    init(_ argv: some Sequence<String>) {
        var out: [Token] = []
        var literal = false
        for a in argv {
            if literal { out.append(.literal(a)) } else if a == "--" { literal = true } else { out.append(.word(a)) }
        }
        tokens = out
    }

    /// Whether nothing is left.
    var isEmpty: Bool { tokens.isEmpty }

    private static func isFlagLike(_ s: String) -> Bool { s.hasPrefix("-") && s != "-" }

    /// Takes out every occurrence of a boolean flag (`--nsec`, `--nsec=true`, `--nsec=false`); the last one wins.
    mutating func flag(_ names: String...) throws(UsageError) -> Bool {
        var result = false
        var i = 0
        while i < tokens.count {
            guard case let .word(w) = tokens[i] else { i += 1; continue }
            if names.contains(w) {
                result = true
                tokens.remove(at: i)
                continue
            }
            if let eq = w.firstIndex(of: "="), names.contains(String(w[..<eq])) {
                let v = String(w[w.index(after: eq)...])
                switch v {
                case "true", "1", "yes": result = true
                case "false", "0", "no": result = false
                default: throw .invalidValue(flag: String(w[..<eq]), value: v, expected: "true or false")
                }
                tokens.remove(at: i)
                continue
            }
            i += 1
        }
        return result
    }

    /// Takes out every value given to a repeatable option, in order.
    mutating func options(_ names: String...) throws(UsageError) -> [String] {
        try takeOptions(names)
    }

    private mutating func takeOptions(_ names: [String]) throws(UsageError) -> [String] {
        var values: [String] = []
        var i = 0
        while i < tokens.count {
            guard case let .word(w) = tokens[i] else { i += 1; continue }
            if names.contains(w) {
                guard i + 1 < tokens.count else { throw .missingValue(flag: w) }
                switch tokens[i + 1] {
                case let .word(v), let .literal(v): values.append(v)
                }
                tokens.removeSubrange(i...(i + 1))
                continue
            }
            if let eq = w.firstIndex(of: "="), names.contains(String(w[..<eq])) {
                values.append(String(w[w.index(after: eq)...]))
                tokens.remove(at: i)
                continue
            }
            i += 1
        }
        return values
    }

    /// Takes out a single-valued option; given twice, the last value wins.
    mutating func option(_ names: String...) throws(UsageError) -> String? {
        try takeOptions(names).last
    }

    /// Takes out a single-valued option converted to `T` (`Int`, `UInt8`, …).
    mutating func option<T: LosslessStringConvertible>(_ names: String..., as type: T.Type) throws(UsageError) -> T? {
        guard let s = try takeOptions(names).last else { return nil }
        guard let v = T(s) else { throw .invalidValue(flag: names[0], value: s, expected: Self.expected(type)) }
        return v
    }

    /// Takes out every value of a repeatable option converted to `T`.
    mutating func options<T: LosslessStringConvertible>(_ names: String..., as type: T.Type) throws(UsageError) -> [T] {
        var out: [T] = []
        for s in try takeOptions(names) {
            guard let v = T(s) else { throw .invalidValue(flag: names[0], value: s, expected: Self.expected(type)) }
            out.append(v)
        }
        return out
    }

    private static func expected<T>(_ type: T.Type) -> String {
        switch type {
        case is Int.Type, is Int64.Type, is Int32.Type: "an integer"
        case is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type, is UInt.Type: "a non-negative integer"
        case is Double.Type: "a number"
        default: "a valid \(T.self)"
        }
    }

    /// Takes the next positional argument (skipping anything flag-like, which `expectEnd` reports).
    mutating func positional() -> String? {
        for i in tokens.indices {
            switch tokens[i] {
            case let .word(w) where !Self.isFlagLike(w):
                tokens.remove(at: i)
                return w
            case let .literal(w):
                tokens.remove(at: i)
                return w
            default: continue
            }
        }
        return nil
    }

    /// Takes a required positional argument, named in the usage error when it is missing.
    mutating func positional(_ name: String) throws(UsageError) -> String {
        guard let v = positional() else { throw .missingArgument(name) }
        return v
    }

    /// Takes every remaining positional argument.
    mutating func remainingPositionals() -> [String] {
        var out: [String] = []
        while let p = positional() { out.append(p) }
        return out
    }

    /// Takes the very first token if it is a word (a command or subcommand name).
    mutating func popWord() -> String? {
        guard case let .word(w)? = tokens.first, !Self.isFlagLike(w) else { return nil }
        tokens.removeFirst()
        return w
    }

    /// Fails on anything left over: an unknown flag or an extra argument.
    func expectEnd() throws(UsageError) {
        guard let first = tokens.first else { return }
        if let flag = tokens.lazy.compactMap({ t -> String? in
            if case let .word(w) = t, Self.isFlagLike(w) { return w } else { return nil }
        }).first {
            throw .unknownFlag(String(flag.prefix { $0 != "=" }))
        }
        switch first {
        case let .word(w), let .literal(w): throw .unexpectedArgument(w)
        }
    }
}
