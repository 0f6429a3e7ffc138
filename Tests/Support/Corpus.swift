import Foundation

/// Locates the project's `corpora/` from this file's path, so tests need no bundle resources.
public enum Corpus {
    /// The `corpora/` folder at the package root.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("corpora")

    /// The bytes of `corpora/<path>`.
    public static func data(_ path: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(path))
    }

    /// The lines of a JSONL file in `corpora/`.
    public static func lines(_ path: String) throws -> [String] {
        String(decoding: try data(path), as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
    }
}
