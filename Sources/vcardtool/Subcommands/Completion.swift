/// `vcardtool completion`: a shell completion script, generated from the options' declarations.
struct Completion: Subcommand {
    static let name = "completion"
    static let abstract = "Print a completion script for bash, zsh or fish."
    static let usage = "bash|zsh|fish"
    static let discussion = """
        The script completes the subcommands, each one's options (and their values where they
        are a fixed list, a file or a folder) and file names. scripts/install.sh installs it.
        Exit status: 0, or 2 for an unknown shell.
        """
    static let options: [(String, String)] = []
    static let examples = [
        ("source <(vcardtool completion bash)", "Complete vcardtool in this bash session."),
        ("vcardtool completion zsh > ~/.zfunc/_vcardtool", "Install for zsh (with ~/.zfunc in $fpath)."),
        ("vcardtool completion fish > ~/.config/fish/completions/vcardtool.fish", "Install for fish."),
    ]
    static let positionalWords = CompletionScript.Shell.allCases.map(\.rawValue)

    var shell: CompletionScript.Shell

    init(parsing arguments: inout Arguments) throws(UsageError) {
        let positionals = try arguments.finish()
        guard positionals.count == 1 else { throw UsageError("Expected one shell: bash, zsh or fish") }
        guard let shell = CompletionScript.Shell(rawValue: positionals[0]) else {
            throw UsageError("Unknown shell '\(positionals[0])'; use bash, zsh or fish")
        }
        self.shell = shell
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        terminal.write(CompletionScript(commands: VCardTool.subcommands).text(for: shell))
        return .success
    }
}
