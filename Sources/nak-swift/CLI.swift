import Foundation

/// The entry point: picks the command, parses its flags, runs it, maps the outcome to an exit code.
enum CLI {
    static func main() async -> Never {
        ProcessHardening.apply()
        let code = await run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
        exit(code.rawValue)
    }

    /// Runs one command line; returns the exit code (stdout is flushed).
    static func run(_ argv: [String], environment: [String: String]) async -> ExitCode {
        var args = Arguments(argv)
        let output: OutputOptions
        let wantsHelp: Bool
        do {
            output = try OutputOptions(&args)
            wantsHelp = try args.flag("-h", "--help")
        } catch {
            return usageFailure(error, usage: Help.overview)
        }
        let io = IO(output: output, environment: environment)
        defer { io.flush() }

        guard let name = args.popWord() else {
            if wantsHelp { io.print(Help.overview); return .ok }
            do { try args.expectEnd() } catch { return usageFailure(error, usage: Help.overview) }
            return usageFailure(.missingCommand, usage: Help.overview)
        }
        if name == "help" { return help(args.remainingPositionals(), io) }

        // Walk down the subcommands: `key generate`.
        guard var command = commands.first(where: { $0.name == name }) else {
            return usageFailure(.unknownCommand(name), usage: Help.overview)
        }
        var path = [name]
        while !command.subcommands.isEmpty {
            guard let sub = args.popWord() else {
                if wantsHelp { io.print(Help.usage(of: command, path: path)); return .ok }
                return usageFailure(.missingSubcommand(command: path.joined(separator: " ")), usage: Help.usage(of: command, path: path))
            }
            guard let next = command.subcommands.first(where: { $0.name == sub }) else {
                return usageFailure(.unknownSubcommand(command: path.joined(separator: " "), name: sub),
                                    usage: Help.usage(of: command, path: path))
            }
            command = next
            path.append(sub)
        }
        if wantsHelp { io.print(Help.usage(of: command, path: path)); return .ok }

        let instance: any Command
        do {
            instance = try command.init(&args)
        } catch {
            return usageFailure(error, usage: Help.usage(of: command, path: path))
        }

        let code: ExitCode
        do {
            code = try await instance.run(io)
        } catch let error as UsageError {
            io.flush()
            return usageFailure(error, usage: Help.usage(of: command, path: path))
        } catch let error as any HasExitCode {
            io.error("nak-swift \(path.joined(separator: " ")): \(error)")
            return error.exitCode
        } catch {
            io.error("nak-swift \(path.joined(separator: " ")): \(error)")
            return .failure
        }
        if code == .ok && io.failedItems > 0 { return .itemFailed }
        return code
    }

    private static func help(_ words: [String], _ io: IO) -> ExitCode {
        guard let first = words.first else { io.print(Help.overview); return .ok }
        guard var command = commands.first(where: { $0.name == first }) else {
            return usageFailure(.unknownCommand(first), usage: Help.overview)
        }
        var path = [first]
        for w in words.dropFirst() {
            guard let next = command.subcommands.first(where: { $0.name == w }) else {
                return usageFailure(.unknownSubcommand(command: path.joined(separator: " "), name: w),
                                    usage: Help.usage(of: command, path: path))
            }
            command = next
            path.append(w)
        }
        io.print(Help.usage(of: command, path: path))
        return .ok
    }

    private static func usageFailure(_ error: UsageError, usage: String) -> ExitCode {
        let text = "nak-swift: \(error)\n\n\(usage)\n"
        FileHandle.standardError.write(Data(text.utf8))
        return .usage
    }
}
