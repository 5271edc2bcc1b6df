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

/// Standard output (buffered, written in large blocks) and standard error, in one place, so
/// nothing is printed out of order.
final class Terminal {
    private var buffer: [UInt8] = []
    private let outputDescriptor: Int32 = 1
    private let errorDescriptor: Int32 = 2

    init() { buffer.reserveCapacity(1 << 20) }

    deinit { flush() }

    /// Whether standard output / error is a terminal (for colour and progress).
    var outputIsTerminal: Bool { isatty(outputDescriptor) == 1 }
    var errorIsTerminal: Bool { isatty(errorDescriptor) == 1 }

    func write(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { flush() }
    }

    func write(_ text: String) { write(text.utf8) }

    func print(_ text: String) { write(text.utf8); write(CollectionOfOne(0x0A)) }

    /// A line on standard error (flushes standard output first, so the two stay in order).
    func error(_ text: String) {
        flush()
        Self.writeAll(Array((text + "\n").utf8), to: errorDescriptor)
    }

    /// Rewrites the current standard-error line (progress), without a newline.
    func status(_ text: String) {
        Self.writeAll(Array(("\r\u{1B}[K" + text).utf8), to: errorDescriptor)
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        Self.writeAll(buffer, to: outputDescriptor)
        buffer.removeAll(keepingCapacity: true)
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return }
                offset += n
            }
        }
    }
}
