import Foundation
import Testing

@testable import vcardtool

#if canImport(Glibc)
import Glibc
#endif

/// Standard output: small writes are gathered, a block a command gathered itself goes out as it
/// is; either way the bytes arrive in the order written, and a failed write is reported.
@Suite struct TerminalOutputTests {
    /// Runs `body` with a terminal whose standard output is a file, and returns the file's bytes.
    private func output(_ body: (Terminal) -> Void) throws -> [UInt8] {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        let terminal = Terminal(output: fd, error: fd, input: fd)
        body(terminal)
        terminal.flush()
        close(fd)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func blocksAndSmallWritesArriveInOrder() throws {
        let block = (0..<(Terminal.blockSize + 17)).map { UInt8(truncatingIfNeeded: $0 % 251) }
        var expected: [UInt8] = []
        let written = try output { terminal in
            for (i, piece) in [[1, 2, 3], block, block, [4], Array(block.prefix(Terminal.blockSize - 1)), block].enumerated() {
                terminal.write(piece)
                expected += piece
                if i == 3 { terminal.print("line"); expected += Array("line\n".utf8) }
            }
        }
        // Compared as one fact: a failure names the first byte out of place, not 1.3 MB of bytes.
        let firstDifference = (0..<min(written.count, expected.count)).first { written[$0] != expected[$0] }
        #expect(written.count == expected.count)
        #expect(firstDifference == nil)
    }

    @Test func aBlockThatCannotBeWrittenIsReported() throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let terminal = Terminal(output: full, error: full, input: full)
        terminal.write([UInt8](repeating: 0x41, count: Terminal.blockSize))
        #expect(terminal.outputError != nil)
    }
}
