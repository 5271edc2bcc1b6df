#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContactsModel
import VCardParser

extension Input {
    /// The inputs, standard input (if named, once or more) replaced by one copy of it in a file,
    /// made the first time (`spool`), so that they can be read twice.
    static func rereadable(_ inputs: [Input], spool: inout Input?) throws -> [Input] {
        try inputs.map { input in
            guard input.systemPath == nil, input.remote == nil else { return input }
            if spool == nil { spool = try spoolStandardInput(input) }
            return spool!
        }
    }

    /// Standard input copied, block by block, to a new temporary file, for a command that
    /// reads its input twice (`diff`; `convert` to Google's CSV). The input keeps the name `<stdin>`; delete the file with
    /// `unlink(path)` when done.
    /// - Throws: ``ToolError`` when the copy cannot be made.
    static func spoolStandardInput(_ input: Input) throws -> Input {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((folder + "/vcardtool-stdin-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ToolError("<stdin>: cannot make a temporary copy: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var source = ByteSource.fileDescriptor(input.descriptor ?? 0)
        var block: [UInt8] = []
        do {
            while try source.read(into: &block, chunk: 1 << 16) > 0 {
                guard Descriptor.writeAll(block, to: fd) == nil else {
                    throw ToolError("<stdin>: cannot make a temporary copy: \(String(cString: strerror(errno)))")
                }
                block.removeAll(keepingCapacity: true)
            }
        } catch {
            unlink(path)
            throw error as? ToolError ?? ToolError("<stdin>: cannot read: \(error)")
        }
        return Input(name: "<stdin>", systemPath: path.utf8CString.map { $0 }, progress: input.progress)
    }
}
