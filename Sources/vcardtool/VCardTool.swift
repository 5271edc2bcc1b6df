#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContactsModel

/// The entry point: picks the subcommand, handles help, usage errors and exit statuses.
@main
enum VCardTool {
    static let version = "0.1.0"

    static var subcommands: [any Subcommand.Type] {
        [
            SetPhone.self, Cat.self, Validate.self, Repair.self, Find.self, Diff.self, Dupes.self, Merge.self, Split.self, Convert.self,
            Dav.self, Completion.self,
        ]
    }

    static func main() {
        // Past a file-size limit (`ulimit -f`), write() then fails with EFBIG and the tool reports
        // it, instead of being killed by SIGXFSZ halfway through a write.
        signal(SIGXFSZ, SIG_IGN)
        // `vcardtool cat big.vcf | head` stops at once and quietly, like cat(1), even when the
        // parent process ignored SIGPIPE.
        signal(SIGPIPE, SIG_DFL)
        // Ctrl-C or a kill during a rewrite removes the temporary file before the process ends.
        TemporaryFileCleanup.installSignalHandlers()
        let terminal = Terminal()
        let status = run(Array(CommandLine.arguments.dropFirst()), terminal: terminal)
        exit(status.rawValue)
    }

    /// Runs the command line; a failed write on standard output makes the status 2, with one message.
    static func run(_ argv: [String], terminal: Terminal) -> ExitStatus {
        let status = dispatch(argv, terminal: terminal)
        terminal.progress.finish()
        terminal.flush()
        guard let problem = terminal.outputError else { return status }
        terminal.message("cannot write standard output: \(problem)")
        return .trouble
    }

    private static func dispatch(_ argv: [String], terminal: Terminal) -> ExitStatus {
        guard let first = argv.first else {
            terminal.write(Help.overview(subcommands, version: version))
            return .success
        }
        if first == "--help" || first == "-h" {
            terminal.write(Help.overview(subcommands, version: version))
            return .success
        }
        if first == "--version" {
            terminal.print(version)
            return .success
        }
        if first == "help" {
            guard argv.count > 1 else {
                terminal.write(Help.overview(subcommands, version: version))
                return .success
            }
            if argv[1] == Help.manOption.0 {
                terminal.write(ManPage(commands: subcommands, version: version).text)
                return .success
            }
            guard let command = subcommands.first(where: { $0.name == argv[1] }) else {
                return unknownSubcommand(argv[1], terminal)
            }
            terminal.write(Help.text(for: command))
            return .success
        }
        guard let command = subcommands.first(where: { $0.name == first }) else {
            return unknownSubcommand(first, terminal)
        }
        terminal.commandName = "vcardtool " + command.name
        let rest = Array(argv.dropFirst())
        if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            terminal.write(Help.text(for: command))
            return .success
        }
        do {
            var arguments = Arguments(rest, declared: OptionLabel.all(of: command))
            let subcommand = try command.init(parsing: &arguments)
            return try subcommand.run(terminal)
        } catch let error as UsageError {
            terminal.message(error.message)
            terminal.error("Usage: vcardtool \(command.name) \(command.usage)")
            terminal.error("  See 'vcardtool \(command.name) --help' for more information.")
            return .trouble
        } catch {
            terminal.message("\(error)")
            return .trouble
        }
    }

    private static func unknownSubcommand(_ name: String, _ terminal: Terminal) -> ExitStatus {
        var message = "vcardtool: Unknown subcommand '\(name)'"
        if let guess = Help.nearest(name, in: subcommands.map { $0.name }) { message += "; did you mean '\(guess)'?" }
        terminal.error(message)
        terminal.error("  See 'vcardtool --help' for the list of subcommands.")
        return .trouble
    }
}
