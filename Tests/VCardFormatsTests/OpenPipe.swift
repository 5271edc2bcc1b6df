import Foundation

/// A pipe whose reading end does not block: a reader that asks for more than was written gets
/// an error ("Resource temporarily unavailable") instead of waiting, so a test can tell that a
/// streaming reader returned a card without reading to the end of its input.
final class OpenPipe {
    let readEnd: Int32
    /// -1 once closed: closing a descriptor twice closes whatever another test opened with its
    /// number in between (tests run in parallel), such as another pipe's reading end, whose
    /// writer then dies of SIGPIPE and takes the whole test process with it.
    private var writeEnd: Int32

    init() {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0)
        (readEnd, writeEnd) = (ends[0], ends[1])
        precondition(fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK) == 0)
    }

    /// Writes `text` (at most the pipe's buffer, 64 KiB) and keeps the pipe open.
    func write(_ text: String) { write(Array(text.utf8)) }

    func write(_ bytes: [UInt8]) {
        precondition(bytes.withUnsafeBytes { Foundation.write(writeEnd, $0.baseAddress!, $0.count) } == bytes.count)
    }

    /// Ends the input: the reader sees the end after what was written.
    func closeWriting() {
        guard writeEnd >= 0 else { return }
        close(writeEnd)
        writeEnd = -1
    }

    deinit {
        close(readEnd)
        closeWriting()
    }
}
