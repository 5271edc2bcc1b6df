#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress line on standard error for work that takes more than ``Terminal/progressDelay``
/// (a second), only when standard error is a terminal: cards read and MB/s. Every command that
/// reads cards advances the terminal's one (``Terminal/progress``) through ``Input``; a message
/// on standard error clears the line first, and the tool clears it when the command ends.
///
/// ```swift
/// terminal.progress.advance(bytes: 412)   // after each card: "120320 cards, 96 MB/s" once a second has passed
/// terminal.progress.finish()              // the line is erased
/// ```
final class Progress {
    private unowned let terminal: Terminal
    /// Whether the line is drawn: standard error is a terminal.
    let isEnabled: Bool
    private let delay: Double
    private let start: Double
    private var lastShown: Double
    private var cards = 0
    private var bytes = 0

    init(terminal: Terminal, delay: Double) {
        self.terminal = terminal
        self.isEnabled = terminal.errorIsTerminal
        self.delay = delay
        self.start = Self.now()
        self.lastShown = start
    }

    /// Counts one card of `count` bytes; redraws the line at most four times a second.
    func advance(bytes count: Int) {
        cards += 1
        bytes += count
        guard isEnabled, cards & 1023 == 0 else { return }
        let t = Self.now()
        guard t - start >= delay, t - lastShown > 0.25 || lastShown == start else { return }
        lastShown = t
        let rate = Double(bytes) / 1_000_000 / max(t - start, 1e-9)
        terminal.status("\(cards) cards, \(Int(rate)) MB/s")
    }

    /// Erases the line, if it was shown.
    func finish() { terminal.status("") }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
