import Foundation
import Testing

@testable import vcardtool

#if canImport(Glibc)
import Glibc
#endif

/// The progress line: every command that reads cards shows it on a terminal while it works,
/// erases it before a message and when it ends, and never shows it when standard error is not a
/// terminal. The tool runs in this process, its standard error on a pseudo-terminal, with the
/// line's delay at zero (a real run waits a second).
@Suite struct ProgressTests {
    static let cards = (0..<2100).map { "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Person \($0)\r\nEMAIL:p\($0)@example.com\r\nEND:VCARD\r\n" }.joined()

    @Test(arguments: [
        ["cat"], ["cat", "--normalize"], ["validate"], ["find", "--email", "nobody@example.com"], ["dupes"],
        ["convert", "--to", "jcard"], ["repair"], ["set-phone", "--email", "p1@example.com", "--phone", "+1 555 0100", "--any-email"],
        ["diff", "SAME"],
    ])
    func everyCommandThatReadsCardsShowsItAndErasesIt(_ arguments: [String]) throws {
        let (stderr, _) = try Self.run(arguments, onTerminal: true)
        #expect(stderr.contains("1024 cards, "), "shown after 1,024 cards: \(stderr.debugDescription)" as Comment)
        let last = try #require(stderr.range(of: " MB/s", options: .backwards))
        #expect(stderr[last.upperBound...].hasPrefix("\r\u{1B}[K"), "erased after its last text: \(stderr.debugDescription)" as Comment)
    }

    @Test func notOnATerminalNothingIsShown() throws {
        let (stderr, _) = try Self.run(["cat"], onTerminal: false)
        #expect(stderr.isEmpty)
    }

    @Test func aMessageNeverSharesTheProgressLine() throws {
        let broken = Self.cards + "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Broken\r\nnot a property\r\nEND:VCARD\r\n" + Self.cards
        let (stderr, _) = try Self.run(["cat", "--warnings"], onTerminal: true, input: broken)
        let message = try #require(stderr.range(of: "vcardtool cat: "))
        #expect(stderr[..<message.lowerBound].hasSuffix("MB/s\r\u{1B}[K"), "erased just before the message: \(stderr.debugDescription)" as Comment)
    }

    /// Runs `vcardtool ARGUMENTS FILE` in this process (`SAME` is FILE again) on a file of
    /// `input`; standard error goes to a pseudo-terminal (or a file) whose text is returned.
    private static func run(_ arguments: [String], onTerminal: Bool, input: String = cards) throws -> (String, vcardtool.ExitStatus) {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("cards.vcf").path
        try Data(input.utf8).write(to: URL(fileURLWithPath: file))
        let null = open("/dev/null", O_RDWR)
        defer { close(null) }
        let (reader, writer) = onTerminal ? try pseudoTerminal() : try pipeEnds()
        defer { close(reader) }
        let terminal = Terminal(output: null, error: writer, input: null)
        terminal.progressDelay = 0
        let status = VCardTool.run(arguments.map { $0 == "SAME" ? file : $0 } + [file], terminal: terminal)
        close(writer)
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let n = read(reader, &chunk, chunk.count), n > 0 { text += chunk[..<n] }
        return (String(decoding: text, as: UTF8.self), status)
    }

    /// A pseudo-terminal: the end the test reads, and the terminal end the tool writes to.
    private static func pseudoTerminal() throws -> (Int32, Int32) {
        var main: Int32 = -1, terminal: Int32 = -1
        try #require(openpty(&main, &terminal, nil, nil, nil) == 0)
        var settings = termios()
        tcgetattr(terminal, &settings)
        cfmakeraw(&settings)  // no CR added before LF
        tcsetattr(terminal, TCSANOW, &settings)
        return (main, terminal)
    }

    private static func pipeEnds() throws -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }
}
