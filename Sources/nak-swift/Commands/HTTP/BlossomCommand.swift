import Foundation
import NostrCore
import Relay

/// `blossom`: upload, download, list, delete and mirror blobs on a Blossom server.
struct BlossomCommand: Command {
    static let name = "blossom"
    static let abstract = "Upload, download, list, delete and mirror blobs on a Blossom server (BUD-01/02/04/06/11/12)."
    static let usage = """
        usage: nak-swift blossom --server URL|-r RELAY… [--sec KEY] upload FILE [--type MIME]
               nak-swift blossom --server URL download SHA256 [-o FILE]
               nak-swift blossom --server URL [--sec KEY] list [PUBKEY]
               nak-swift blossom --server URL --sec KEY delete SHA256
               nak-swift blossom --server URL --sec KEY mirror URL

          --server URL   the Blossom server (https://host; a bare host gets https://, localhost and 127.0.0.1 http://)
          -r RELAY       without --server: use the first server of your (or PUBKEY's) kind 10063 list on these relays
          --sec KEY      signs the BUD-11 authorization (also NOSTR_SECRET_KEY); needed by upload, delete, mirror
          --type MIME    the blob's type (default: from the file extension)
          -o FILE        write the download here (default: stdout)

        upload streams FILE from disk (asking HEAD /upload first) and prints the blob descriptor; download checks
        the bytes against SHA256; list prints one descriptor per line (PUBKEY defaults to your own key).

        examples:
          nak-swift blossom --server 127.0.0.1:10547 --sec nsec1… upload photo.png
          nak-swift blossom --server 127.0.0.1:10547 download 3f…a9 -o photo.png
        """

    enum Action: Sendable {
        case upload(path: String, type: String?)
        case download(sha256: String, output: String?)
        case list(pubkey: String?)
        case delete(sha256: String)
        case mirror(url: String)
    }

    let server: String?
    let serverListRelays: [String]
    let key: KeyOptions
    let action: Action

    init(_ args: inout Arguments) throws(UsageError) {
        server = try args.option("--server")
        serverListRelays = try args.options("-r", "--relay")
        guard server != nil || !serverListRelays.isEmpty else { throw .missingValue(flag: "--server") }
        key = try KeyOptions(&args)
        let type = try args.option("--type")
        let output = try args.option("-o", "--output")
        let verb = try args.positional("upload|download|list|delete|mirror")
        switch verb {
        case "upload": action = .upload(path: try args.positional("FILE"), type: type)
        case "download": action = .download(sha256: try args.positional("SHA256"), output: output)
        case "list": action = .list(pubkey: args.positional())
        case "delete": action = .delete(sha256: try args.positional("SHA256"))
        case "mirror": action = .mirror(url: try args.positional("URL"))
        default: throw .unknownSubcommand(command: "blossom", name: verb)
        }
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let server: String
        if let given = self.server { server = given } else { server = try await listedServer(io) }
        let client: BlossomClient
        do { client = try BlossomClient(server: server) } catch { throw CLIError.invalidInput(what: "--server", reason: error.description) }
        let now = ParsedInput.now
        switch action {
        case let .upload(path, type):
            let signer = try await key.signer(io, command: "blossom upload")
            let file = try BlobFile(path: path)
            try await client.preflight(file, type: type, signer: signer, now: now)
            let bar = io.stderrIsTerminal && !io.output.quiet ? TransferBar(total: file.size) : nil
            var progress: UploadProgress?
            if let bar { progress = { sent, _ in bar.draw(sent) } }
            let descriptor = try await client.upload(file, type: type, signer: signer, now: now, progress: progress)
            bar?.finish()
            io.print(descriptor.json)
        case let .download(sha256, output):
            let bytes = try await client.download(sha256: sha256)
            if let output {
                do { try Data(bytes).write(to: URL(fileURLWithPath: output)) } catch {
                    throw CLIError.invalidInput(what: output, reason: "cannot write: \(error.localizedDescription)")
                }
                io.log("wrote \(bytes.count) bytes to \(output)")
            } else {
                io.write(bytes)
            }
        case let .list(pubkey):
            let signer = key.source(io) == nil ? nil : try await key.signer(io, command: "blossom list")
            let owner: PublicKey
            if let pubkey {
                owner = try await PubkeyResolver().resolve(pubkey).pubkey
            } else if let signer {
                owner = try await signer.publicKey()
            } else {
                throw CLIError.missingKey(command: "blossom list without PUBKEY")
            }
            for d in try await client.list(pubkey: owner, signer: signer, now: now) { io.print(d.json) }
        case let .delete(sha256):
            let signer = try await key.signer(io, command: "blossom delete")
            try await client.delete(sha256: sha256, signer: signer, now: now)
            io.log("deleted \(sha256) from \(client.server)")
        case let .mirror(url):
            let signer = try await key.signer(io, command: "blossom mirror")
            io.print(try await client.mirror(url: url, signer: signer, now: now).json)
        }
        return .ok
    }

    /// BUD-03: the first server of the user's kind 10063 list (PUBKEY's for `list PUBKEY`, else the signer's).
    private func listedServer(_ io: IO) async throws -> String {
        let user: PublicKey
        if case let .list(pubkey?) = action {
            user = try await PubkeyResolver().resolve(pubkey).pubkey
        } else {
            user = try await key.signer(io, command: "blossom without --server").publicKey()
        }
        let relays = try NetworkOptions.relays(serverListRelays)
        let pool = RelayPool(options: NetworkOptions.quietRelayOptions(io))
        let servers = await BlossomClient.servers(of: user, pool: pool, relays: relays)
        await pool.close()
        guard let first = servers.first else {
            throw CLIError.invalidInput(what: "blossom", reason: "no Blossom server list (kind 10063) for \(user.npub) on \(serverListRelays.joined(separator: " ")): pass --server")
        }
        io.verbose("using \(first) from the kind 10063 server list")
        return first
    }
}
