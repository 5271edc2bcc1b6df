import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary files being written when the process is interrupted (SIGINT, Ctrl-C),
/// asked to stop (SIGTERM), loses its terminal (SIGHUP) or writes to a closed pipe (SIGPIPE, when
/// not ignored), then lets the signal end the process as it would have (a shell then shows exit
/// status 130 or 143, and a script that ran the tool stops too). SIGKILL cannot
/// be caught: what it leaves is removed by a later rewrite in the same folder once it is an hour old.
///
/// A program calls ``installSignalHandlers()`` once at start; `vcardtool` does.
///
/// ```swift
/// TemporaryFileCleanup.installSignalHandlers()
/// try FileRewrite.replace("contacts.vcf", with: bytes)   // Ctrl-C now leaves no temporary file
/// ```
package enum TemporaryFileCleanup {
    /// Slots for the files being written at once: a folder descriptor and a name of at most
    /// `nameCapacity` bytes each. The signal handler reads them without a lock (it may not take
    /// one); a slot's name is written before its descriptor is set, and the descriptor cleared first.
    private static let slotCount = 64
    private static let nameCapacity = 256
    nonisolated(unsafe) private static let directories: UnsafeMutablePointer<Int32> = {
        let p = UnsafeMutablePointer<Int32>.allocate(capacity: slotCount)
        p.initialize(repeating: -1, count: slotCount)
        return p
    }()
    nonisolated(unsafe) private static let names: UnsafeMutablePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * nameCapacity)
        p.initialize(repeating: 0, count: slotCount * nameCapacity)
        return p
    }()
    private static let busy = Mutex<[Bool]>(Array(repeating: false, count: slotCount))

    /// Installs handlers for SIGINT, SIGTERM, SIGHUP and SIGPIPE (those not ignored) that remove
    /// the registered files, then re-raise the signal with its default action. SIGINT and SIGTERM
    /// are unblocked too (a parent such as
    /// Foundation's `Process` may start a program with them blocked).
    package static func installSignalHandlers() {
        _ = directories
        _ = names
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] {
            let previous = signal(signalNumber, SIG_IGN)
            // Ignored on purpose (`nohup`, a parent that ignores SIGPIPE): stays ignored.
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            signal(signalNumber) { received in
                TemporaryFileCleanup.removeAll()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Registers a file to remove on a signal; `nil` when every slot is taken (the file is then
    /// only removed by the cleanup of stale files).
    static func register(directory: Int32, name: String) -> Int? {
        let bytes = Array(name.utf8)
        guard bytes.count < nameCapacity else { return nil }
        let slot = busy.withLock { busy -> Int? in
            guard let free = busy.firstIndex(of: false) else { return nil }
            busy[free] = true
            return free
        }
        guard let slot else { return nil }
        let base = names + slot * nameCapacity
        for (i, byte) in bytes.enumerated() { base[i] = CChar(bitPattern: byte) }
        base[bytes.count] = 0
        directories[slot] = directory
        return slot
    }

    static func unregister(_ slot: Int) {
        directories[slot] = -1
        busy.withLock { $0[slot] = false }
    }

    /// Unlinks every registered file; only async-signal-safe calls.
    private static func removeAll() {
        for slot in 0..<slotCount where directories[slot] >= 0 {
            _ = unlinkat(directories[slot], names + slot * nameCapacity, 0)
        }
    }
}
