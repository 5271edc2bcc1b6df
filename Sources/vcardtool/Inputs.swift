#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContactsModel
import VCardParser

/// The inputs named on the command line: files, folders of `.vcf` files, or standard input.
struct Input {
    /// The name used in messages: the path, or `<stdin>`.
    var name: String
    /// `nil` for standard input.
    var path: String?

    /// Expands the arguments: no argument or `-` is standard input, a folder is its `.vcf` files
    /// in name order.
    static func expand(_ arguments: [String]) throws -> [Input] {
        if arguments.isEmpty { return [Input(name: "<stdin>", path: nil)] }
        var inputs: [Input] = []
        for argument in arguments {
            if argument == "-" { inputs.append(Input(name: "<stdin>", path: nil)); continue }
            var st = stat()
            guard stat(argument, &st) == 0 else {
                throw ToolError("\(argument): \(String(cString: strerror(errno)))")
            }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                for name in try VCardFolder.fileNames(in: argument) {
                    inputs.append(Input(name: argument.hasSuffix("/") ? argument + name : argument + "/" + name,
                                        path: argument.hasSuffix("/") ? argument + name : argument + "/" + name))
                }
            } else {
                inputs.append(Input(name: argument, path: argument))
            }
        }
        return inputs
    }

    /// A reader over this input.
    func reader(options: ParseOptions = ParseOptions()) throws -> VCardReader {
        guard let path else { return VCardReader(fileDescriptor: 0, options: options) }
        do {
            return try VCardReader(path: path, options: options)
        } catch {
            throw ToolError("\(path): \(error.message)")
        }
    }

    /// Reads every card, calling `body` for each; returns the reader for its trailing bytes.
    /// Diagnostics go to `diagnostics` in input order, each card's before `body` sees it.
    @discardableResult
    func forEachCard(options: ParseOptions = ParseOptions(), diagnostics: (Diagnostic) -> Void,
                     _ body: (VCard, InputEncoding) throws -> Void) throws -> VCardReader {
        try forEachCard(options: options, diagnostics: diagnostics, transform: { $0 }, body)
    }

    /// Reads every card and applies `transform` to it on one of ``Input/threads`` threads (the
    /// cards are parsed there too), then calls `body` with the results in input order.
    @discardableResult
    func forEachCard<T>(options: ParseOptions = ParseOptions(), diagnostics: (Diagnostic) -> Void,
                        transform: @escaping @Sendable (VCard) -> T, _ body: (T, InputEncoding) throws -> Void) throws -> VCardReader {
        try forEachCard(of: try reader(options: options), diagnostics: diagnostics, transform: transform, body)
    }

    /// The same, with `reader` reading this input (one that starts from bytes read already).
    @discardableResult
    func forEachCard<T>(of reader: VCardReader, diagnostics: (Diagnostic) -> Void,
                        transform: @escaping @Sendable (VCard) -> T, _ body: (T, InputEncoding) throws -> Void) throws -> VCardReader {
        var reader = reader
        do {
            let encoding = try reader.detectEncoding()
            try reader.forEachCard(threads: Input.threads, transform: transform, diagnostics: diagnostics) { value in
                try body(value, encoding)
            }
        } catch let error as ParseError {
            for d in reader.takeWarnings() { diagnostics(d) }
            diagnostics(error.diagnostic)
            throw ToolError("\(name):\(error.position.line): stopped: \(error.diagnostic.message)")
        } catch let error as ReadError {
            throw ToolError("\(name): cannot read: \(error.message)")
        }
        return reader
    }

    /// How many threads parse cards: `VCARDTOOL_THREADS` if set, else one per processor (at most 8).
    static let threads: Int = {
        if let value = getenv("VCARDTOOL_THREADS").flatMap({ Int(String(cString: $0)) }), value > 0 { return value }
        return min(max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1), 8)
    }()
}

extension Diagnostic {
    /// `FILE:LINE:COLUMN: severity: message [code]`.
    func formatted(file: String) -> String { "\(file):\(self)" }
}
