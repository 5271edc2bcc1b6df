#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif

extension Input {
    /// The inputs, standard input (if named, once or more) replaced by one copy of it in a file,
    /// made the first time (`spool`), so that they can be read twice.
    static func rereadable(_ inputs: [Input], spool: inout Input?) throws -> [Input] {
        try inputs.map { input in
            guard input.path == nil else { return input }
            if spool == nil { spool = try spoolStandardInput() }
            return spool!
        }
    }

    /// Standard input copied, block by block, to a new temporary file, for a command that
    /// reads its input twice (`diff`). The input keeps the name `<stdin>`; delete the file with
    /// `unlink(path)` when done.
    /// - Throws: ``ToolError`` when the copy cannot be made.
    static func spoolStandardInput() throws -> Input {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((folder + "/vcardtool-stdin-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ToolError("<stdin>: cannot make a temporary copy: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = block.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n == 0 { break }
            let written = n < 0 ? -1 : block.withUnsafeBytes { raw -> Int in
                var offset = 0
                while offset < n {
                    let w = systemWrite(fd, raw.baseAddress! + offset, n - offset)
                    if w < 0 && errno == EINTR { continue }
                    if w < 0 { return -1 }
                    offset += w
                }
                return offset
            }
            if written < 0 {
                let message = String(cString: strerror(errno))
                unlink(path)
                throw ToolError("<stdin>: cannot make a temporary copy: \(message)")
            }
        }
        return Input(name: "<stdin>", path: path)
    }
}
