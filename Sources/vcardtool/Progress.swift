#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress line on standard error for work that takes more than a second, only when standard
/// error is a terminal: cards done and MB/s.
final class Progress {
    private let terminal: Terminal
    private let enabled: Bool
    private let start: Double
    private var lastShown: Double
    private var cards = 0
    private var bytes = 0
    private var shown = false

    init(terminal: Terminal) {
        self.terminal = terminal
        self.enabled = terminal.errorIsTerminal
        self.start = Self.now()
        self.lastShown = start
    }

    func advance(bytes count: Int) {
        cards += 1
        bytes += count
        guard enabled, cards & 1023 == 0 else { return }
        let t = Self.now()
        guard t - start > 1, t - lastShown > 0.25 else { return }
        lastShown = t
        shown = true
        let rate = Double(bytes) / 1_000_000 / (t - start)
        terminal.status("\(cards) cards, \(Int(rate)) MB/s")
    }

    func finish() {
        if shown { terminal.status("") }
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
