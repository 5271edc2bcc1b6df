#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContactsModel
import VCardParser

/// Standard output (buffered, written in large blocks) and standard error, in one place, so
/// nothing is printed out of order.
///
/// A failed write on standard output (a full disk, a closed descriptor) is recorded, not
/// ignored: the rest of the output is dropped and ``outputError`` says why, so the tool can
/// report it once and exit 2.
///
/// ```swift
/// let terminal = Terminal()
/// terminal.print("BEGIN:VCARD")
/// terminal.flush()
/// if let problem = terminal.outputError { terminal.message("cannot write standard output: \(problem)") }
/// ```
final class Terminal {
    /// How many bytes of output are gathered before each write (by this class, and by commands
    /// that gather a block of cards first): large enough that writes cost little, small enough
    /// to keep memory low while cards stream through.
    static let blockSize = 1 << 18
    private var buffer: [UInt8] = []
    private let outputDescriptor: Int32
    private let errorDescriptor: Int32
    /// Where standard input (`-`, or no file named) is read from.
    let inputDescriptor: Int32
    /// `vcardtool SUBCOMMAND` once the subcommand is known: how every message starts.
    var commandName = "vcardtool"
    /// The `errno` of the first failed write on standard output.
    private var outputErrno: Int32?
    /// Whether a progress line is on standard error now (to erase before a message).
    private var statusShown = false
    /// How long a command runs before its progress line appears, in seconds.
    var progressDelay = 1.0
    /// The run's progress line (see ``Progress``).
    private(set) lazy var progress = Progress(terminal: self, delay: progressDelay)

    /// The process's standard streams, or others (a test runs the tool in-process with files).
    init(output: Int32 = 1, error: Int32 = 2, input: Int32 = 0) {
        outputDescriptor = output
        errorDescriptor = error
        inputDescriptor = input
        buffer.reserveCapacity(Self.blockSize)
        // A closed standard output would let the next open() take descriptor 1, and the output
        // would land in that file: put /dev/null there and report the descriptor as bad.
        if output == 1, fcntl(outputDescriptor, F_GETFD) == -1 && errno == EBADF {
            _ = open("/dev/null", O_WRONLY)
            outputErrno = EBADF
        }
    }

    deinit { flush() }

    /// Whether standard output / error is a terminal (for colour and progress).
    var outputIsTerminal: Bool { isatty(outputDescriptor) == 1 }
    var errorIsTerminal: Bool { isatty(errorDescriptor) == 1 }

    /// Why standard output could not be written (`No space left on device`), or `nil` while
    /// every write so far has succeeded. Only set once something was written.
    var outputError: String? {
        guard let outputErrno, wroteOutput else { return nil }
        return String(cString: strerror(outputErrno))
    }

    /// Whether anything was sent to standard output.
    private var wroteOutput = false

    func write(_ bytes: some Collection<UInt8>) {
        guard outputErrno == nil else { wroteOutput = wroteOutput || !bytes.isEmpty; return }
        if buffer.isEmpty, bytes.count >= Self.blockSize {
            // A block a command gathered goes out as it is: copying it into the buffer first
            // would only move every byte of the output once more.
            wroteOutput = true
            outputErrno = Descriptor.writeAll(bytes, to: outputDescriptor)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.blockSize { flush() }
    }

    func write(_ text: String) { write(text.utf8) }

    func print(_ text: String) { write(text.utf8); write(CollectionOfOne(0x0A)) }

    /// A line on standard error (flushes standard output first, so the two stay in order).
    func error(_ text: String) {
        flush()
        status("")
        _ = Descriptor.writeAll(Array((text + "\n").utf8), to: errorDescriptor)
    }

    /// Rewrites the current standard-error line (progress), without a newline; `""` erases it
    /// (nothing is written when no line is shown).
    func status(_ text: String) {
        guard statusShown || !text.isEmpty else { return }
        _ = Descriptor.writeAll(Array(("\r\u{1B}[K" + text).utf8), to: errorDescriptor)
        statusShown = !text.isEmpty
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        wroteOutput = true
        if outputErrno == nil { outputErrno = Descriptor.writeAll(buffer, to: outputDescriptor) }
        buffer.removeAll(keepingCapacity: true)
    }
}

extension Terminal {
    /// A line on standard error that starts the way every message of the tool starts:
    /// `vcardtool SUBCOMMAND: text`, with control characters and backslashes escaped
    /// (``TerminalText``), since the text may quote an input.
    func message(_ text: String) { error("\(commandName): " + TerminalText.escaped(text)) }

    /// A problem found in an input: `vcardtool SUBCOMMAND: FILE:LINE:COLUMN: error: message [code]`.
    func report(_ diagnostic: Diagnostic, in file: String) { message(diagnostic.formatted(file: file)) }
}
