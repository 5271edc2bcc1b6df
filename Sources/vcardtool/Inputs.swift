#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContactsModel
import VCardParser

/// The inputs named on the command line: files, folders of `.vcf` files, address books on a
/// server (a card each), or standard input.
struct Input {
    /// The name used in messages: the path (bytes that are not UTF-8 shown as U+FFFD), or `<stdin>`.
    var name: String
    /// The path as the file system has it, NUL-terminated, for open(); `nil` for standard input.
    var systemPath: [CChar]?

    /// The path as text, for rewriting the file; `nil` for standard input or a name that is not UTF-8.
    var path: String? {
        systemPath.flatMap { String(validating: $0.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    }

    /// Whether the input is a regular file (or a link to one): not standard input, a pipe or a device.
    var isRegularFile: Bool {
        var st = stat()
        return systemPath.map { stat($0, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG } ?? false
    }

    /// An open descriptor to read instead of opening the path (a file being rewritten in place).
    var descriptor: Int32?

    /// The run's progress line, advanced for each card read (the terminal's, for the inputs of
    /// ``expand(_:_:)``).
    var progress: Progress?

    /// A card of an address book on a server, held in memory.
    var remote: AddressBookCard?

    /// Standard input: the terminal's input descriptor.
    static func standardInput(_ terminal: Terminal) -> Input {
        Input(name: "<stdin>", systemPath: nil, descriptor: terminal.inputDescriptor, progress: terminal.progress)
    }

    /// Expands the arguments: no argument or `-` is standard input, a folder is its `.vcf` files
    /// in name order (what is not a regular file there is skipped, with a warning on `terminal`),
    /// an `http` or `https` URL is the cards of that address book; a file named directly is read
    /// even when it is a pipe or a device (`<(…)`).
    static func expand(_ arguments: [String], _ terminal: Terminal) throws -> [Input] {
        if arguments.isEmpty { return [standardInput(terminal)] }
        var inputs: [Input] = []
        for argument in arguments {
            if argument == "-" { inputs.append(standardInput(terminal)); continue }
            if namesAddressBook(argument) { inputs += try addressBook(argument); continue }
            var st = stat()
            guard stat(argument, &st) == 0 else {
                throw ToolError("\(argument): \(String(cString: strerror(errno)))")
            }
            guard (st.st_mode & S_IFMT) == S_IFDIR else {
                inputs.append(Input(name: argument, systemPath: argument.utf8CString.map { $0 }))
                continue
            }
            let folder = argument.hasSuffix("/") ? argument : argument + "/"
            for entry in try VCardFolder.entries(in: argument) {
                let input = Input(name: folder + entry.name, systemPath: (Array(folder.utf8) + entry.rawName + [0]).map { CChar(bitPattern: $0) })
                if entry.isRegularFile {
                    inputs.append(input)
                } else {
                    terminal.message("\(input.name): skipped: not a regular file")
                }
            }
        }
        return inputs.map { input in
            var input = input
            input.progress = terminal.progress
            return input
        }
    }

    /// A reader over this input, and the descriptor to close after it (`nil` for standard input).
    func makeReader(options: ParseOptions) throws -> (VCardReader, Int32?) {
        if let remote { return (VCardReader(bytes: try remote.load().bytes, options: options), nil) }
        if let descriptor { return (VCardReader(fileDescriptor: descriptor, options: options), nil) }
        guard let systemPath else { return (VCardReader(fileDescriptor: 0, options: options), nil) }
        let fd = open(systemPath, O_RDONLY)
        guard fd >= 0 else { throw ToolError("\(name): \(String(cString: strerror(errno)))") }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw ToolError("\(name): is a directory")
        }
        return (VCardReader(fileDescriptor: fd, options: options), fd)
    }

    /// Reads every card, calling `body` for each; returns the reader for its trailing bytes.
    /// Diagnostics go to `diagnostics` in input order, each card's before `body` sees it.
    /// - Throws: ``InputStopped`` after `body` saw every card before a limit that stopped the
    ///   reading (its error went to `diagnostics`); ``ToolError`` when the input cannot be read.
    @discardableResult
    func forEachCard(
        options: ParseOptions = ParseOptions(), diagnostics: (Diagnostic) -> Void,
        _ body: (VCard, InputEncoding) throws -> Void
    ) throws -> VCardReader {
        try forEachCard(options: options, diagnostics: diagnostics, transform: { $0 }, body)
    }

    /// Reads every card and applies `transform` to it on one of ``Input/threads`` threads (the
    /// cards are parsed there too), then calls `body` with the results in input order, each
    /// batch's results first given to `preparing`. With `asRead`, each card is first only
    /// checked, and parsed in full only when `asRead` says so
    /// (``VCardReader/forEachCard(threads:batchBytes:transform:asRead:preparing:diagnostics:_:)``).
    @discardableResult
    func forEachCard<T>(
        options: ParseOptions = ParseOptions(), diagnostics: (Diagnostic) -> Void,
        transform: @escaping @Sendable (VCard) -> T, asRead: VCardReader.AsRead<T>? = nil, preparing: (inout T) -> Void = { _ in },
        _ body: (T, InputEncoding) throws -> Void
    ) throws -> VCardReader {
        let (reader, fd) = try makeReader(options: options)
        defer { if let fd { close(fd) } }
        return try forEachCard(of: reader, diagnostics: diagnostics, transform: transform, asRead: asRead, preparing: preparing, body)
    }

    /// The same, with `reader` reading this input (one that starts from bytes read already).
    @discardableResult
    func forEachCard<T>(
        of reader: VCardReader, diagnostics: (Diagnostic) -> Void,
        transform: @escaping @Sendable (VCard) -> T, asRead: VCardReader.AsRead<T>? = nil, preparing: (inout T) -> Void = { _ in },
        _ body: (T, InputEncoding) throws -> Void
    ) throws -> VCardReader {
        var reader = reader
        do {
            let encoding = try reader.detectEncoding()
            if let progress, progress.isEnabled {
                try reader.forEachCard(
                    threads: Input.threads, transform: { card in (transform(card), card.sourceByteCount) },
                    asRead: asRead.map(Self.countingBytes),
                    preparing: { preparing(&$0.0) },
                    diagnostics: diagnostics
                ) { value, size in
                    progress.advance(bytes: size)
                    try body(value, encoding)
                }
            } else {
                // No line to draw, so no card's size to count: each result stays the caller's
                // own type, where a pair with the size was copied and destroyed through the
                // runtime's value witnesses for every card.
                try reader.forEachCard(threads: Input.threads, transform: transform, asRead: asRead, preparing: preparing, diagnostics: diagnostics) {
                    try body($0, encoding)
                }
            }
        } catch let error as ParseError {
            for d in reader.takeWarnings() { diagnostics(d) }
            diagnostics(error.diagnostic.stopping(name))
            throw InputStopped(line: error.position.line)
        } catch let error as ReadError {
            throw ToolError("\(name): cannot read: \(error.message)")
        }
        return reader
    }

    /// `asRead`, with the size of each card it reads beside its value (for ``progress``).
    private static func countingBytes<T>(_ asRead: VCardReader.AsRead<T>) -> VCardReader.AsRead<(T, Int)> {
        let read = asRead.read
        return asRead.reading { card in read(card).map { ($0, card.bytes.count) } }
    }

    /// How many threads parse cards: `VCARDTOOL_THREADS` if set, else one per processor (at most 8).
    static let threads: Int = {
        if let value = getenv("VCARDTOOL_THREADS").flatMap({ Int(String(cString: $0)) }), value > 0 { return value }
        return min(max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1), 8)
    }()
}

/// An input whose reading stopped at a limit (a line too long, a card too big): the cards
/// before it were handled and the error was reported as a diagnostic; the rest is not read.
struct InputStopped: Error {
    /// The line of the limit.
    var line: Int
}

extension Diagnostic {
    /// `FILE:LINE:COLUMN: severity: message [code]`, or `FILE: severity: message [code]` for a
    /// card with no vCard line (read from jCard, xCard or CSV).
    func formatted(file: String) -> String {
        position.line > 0 ? "\(file):\(self)" : "\(file): \(severity.rawValue): \(message) [\(code)]"
    }

    /// The error that stopped reading `file`, saying that the rest is not read.
    func stopping(_ file: String) -> Diagnostic {
        var stop = self
        stop.message += "; the rest of \(file) is not read"
        return stop
    }
}
