/// `-q` (no logs on stderr) and `-v` (more detail), accepted before or after the command.
struct OutputOptions: Sendable {
    /// Silence logs; errors are still printed.
    var quiet = false
    /// Print extra detail on stderr.
    var verbose = false

    init(quiet: Bool = false, verbose: Bool = false) {
        self.quiet = quiet
        self.verbose = verbose
    }

    /// Takes `-q/--quiet` and `-v/--verbose` out of `args`.
    init(_ args: inout Arguments) throws(UsageError) {
        quiet = try args.flag("-q", "--quiet")
        verbose = try args.flag("-v", "--verbose")
        if quiet && verbose { throw .conflict("-q and -v cannot be used together") }
    }
}
