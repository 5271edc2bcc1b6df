import ContactsModel
import VCardParser

#if canImport(Glibc)
import Glibc
#endif

/// One thing the benchmark times; each streams the whole file through `VCardReader(path:)`, as
/// `vcardtool` does, so memory stays at about one card plus the reader's chunk.
enum Workload: String, CaseIterable {
    /// Reading the file in 256 KiB chunks and nothing else: the I/O floor.
    case read
    /// Every card parsed (every line split, unfolded and checked), nothing written.
    case parse
    /// Parse and write back losslessly (`vcardtool cat`), into a reused buffer.
    case roundtrip
    /// Parse and write back canonically (`vcardtool cat --normalize`).
    case normalize
    /// The lossless round trip on every core, as `vcardtool cat` runs it: cards parsed and
    /// written by `VCardReader.forEachCard(threads:)`.
    case roundtripParallel = "roundtrip-parallel"
    /// The canonical round trip on every core (`vcardtool cat --normalize`).
    case normalizeParallel = "normalize-parallel"
    /// Each card decoded as a `Contact` with only emails and phones; 1,000 work emails looked up.
    case fetch = "fetch-email"
    /// Each card with a wanted work email gets a new main phone (`vcardtool set-phone --updates`).
    case setPhone = "set-phone"
    /// A new `ContactStore` on the file, one contact fetched by work email.
    case storeFind = "store-find"
    /// A second fetch by work email on a store that has fetched before (the file unchanged).
    case storeRefetch = "store-refetch"
    /// `enumerateContacts` over every contact with every key.
    case storeEnumerate = "store-enumerate"
    /// A new store on a copy of the file: 1,000 contacts fetched by work email, main phone set,
    /// saved in one request.
    case storeUpdate = "store-update"
    /// The same four on a folder of one file per card.
    case folderFind = "folder-find"
    case folderRefetch = "folder-refetch"
    case folderEnumerate = "folder-enumerate"
    case folderUpdate = "folder-update"

    /// Whether it goes through `ContactStore` (see ``StoreWorkloads``).
    var isStore: Bool { rawValue.hasPrefix("store-") || rawValue.hasPrefix("folder-") }

    var summary: String {
        switch self {
        case .read: return "read the file in chunks (I/O floor)"
        case .parse: return "parse every card"
        case .roundtrip: return "parse + lossless write"
        case .normalize: return "parse + canonical write"
        case .roundtripParallel: return "parse + lossless write, one thread per core"
        case .normalizeParallel: return "parse + canonical write, one thread per core"
        case .fetch: return "parse + Contact(keys: emails, phones) + lookup"
        case .setPhone: return "parse + set main phone on matches + lossless write"
        case .storeFind, .folderFind: return "ContactStore: open + fetch one contact by work email"
        case .storeRefetch, .folderRefetch: return "ContactStore: a second fetch, files unchanged"
        case .storeEnumerate, .folderEnumerate: return "ContactStore: enumerateContacts, every key"
        case .storeUpdate, .folderUpdate: return "ContactStore: 1,000 contacts fetched, phone set, one save"
        }
    }
}

/// What a workload did; `checksum` is the sink that keeps the work from being optimised away.
struct WorkloadResult {
    var cards = 0
    var bytesWritten = 0
    var matches = 0
    var warnings = 0
    var checksum: UInt64 = 0
}

/// The emails to look for and the phones to set, as `set-phone --updates` reads them.
struct Updates {
    var phones: [String: PhoneNumber] = [:]

    init(csv: String) {
        for row in csv.split(separator: "\n").dropFirst() {
            let fields = row.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 2 else { continue }
            phones[ContactPredicate.normalizedEmail(String(fields[0]))] = PhoneNumber(
                stringValue: String(fields[1]))
        }
    }
}

enum Workloads {
    private static let flushThreshold = 1 << 20

    /// Runs `workload` once over the file at `path`; `output` receives the written bytes in
    /// blocks of about 1 MiB when given (the benchmark passes `nil` and only counts them).
    static func run(
        _ workload: Workload, path: String, updates: Updates,
        output: OutputFile? = nil
    ) throws -> WorkloadResult {
        switch workload {
        case .read: return try read(path)
        case .parse: return try parse(path)
        case .roundtrip:
            return try write(path, writer: VCardWriter(style: .lossless), output: output)
        case .normalize:
            return try write(path, writer: VCardWriter(style: .canonical), output: output)
        case .roundtripParallel:
            return try writeInParallel(path, writer: VCardWriter(style: .lossless), output: output)
        case .normalizeParallel:
            return try writeInParallel(path, writer: VCardWriter(style: .canonical), output: output)
        case .fetch: return try fetch(path, updates: updates)
        case .setPhone: return try setPhone(path, updates: updates, output: output)
        default:  // run on the store at `path` as it is (`once`; `run` prepares a copy first)
            return try StoreWorkloads.run(workload, StoreWorkloads.Prepared(path: path), updates: updates)
        }
    }

    private static func read(_ path: String) throws -> WorkloadResult {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw BenchError("\(path): \(String(cString: strerror(errno)))") }
        defer { _ = close(fd) }
        var result = WorkloadResult()
        var chunk = [UInt8](repeating: 0, count: 256 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw BenchError("\(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            result.checksum &+= UInt64(n) &+ UInt64(chunk[n - 1])
        }
        return result
    }

    private static func parse(_ path: String) throws -> WorkloadResult {
        var reader = try VCardReader(path: path)
        var result = WorkloadResult()
        while let card = try reader.next() {
            result.cards += 1
            result.warnings += reader.takeWarnings().count
            result.checksum &+= UInt64(card.properties.count)
        }
        result.warnings += reader.takeWarnings().count
        return result
    }

    private static func write(_ path: String, writer: VCardWriter, output: OutputFile?) throws
        -> WorkloadResult
    {
        var reader = try VCardReader(path: path)
        var result = WorkloadResult()
        var out: [UInt8] = []
        out.reserveCapacity(flushThreshold + (64 << 10))
        while let card = try reader.next() {
            result.cards += 1
            result.warnings += reader.takeWarnings().count
            writer.write(card, to: &out)
            if out.count >= flushThreshold { try flush(&out, &result, output) }
        }
        result.warnings += reader.takeWarnings().count
        if writer.style == .lossless { out += reader.trailingBytes }
        try flush(&out, &result, output)
        return result
    }

    /// `write` with the cards parsed and written on one thread per core.
    private static func writeInParallel(_ path: String, writer: VCardWriter, output: OutputFile?) throws
        -> WorkloadResult
    {
        var reader = try VCardReader(path: path)
        var result = WorkloadResult()
        var out: [UInt8] = []
        out.reserveCapacity(flushThreshold + (64 << 10))
        try reader.forEachCard(
            threads: System.processorCount, transform: { writer.encode([$0]) },
            diagnostics: { _ in result.warnings += 1 }
        ) { bytes in
            result.cards += 1
            out += bytes
            if out.count >= flushThreshold { try flush(&out, &result, output) }
        }
        if writer.style == .lossless { out += reader.trailingBytes }
        try flush(&out, &result, output)
        return result
    }

    private static func fetch(_ path: String, updates: Updates) throws -> WorkloadResult {
        var reader = try VCardReader(path: path)
        var result = WorkloadResult()
        while let card = try reader.next() {
            result.cards += 1
            result.warnings += reader.takeWarnings().count
            let contact = Contact(card: card, keys: [.emailAddresses, .phoneNumbers])
            for email in contact.emailAddresses {
                let key = ContactPredicate.normalizedEmail(email.value)
                guard updates.phones[key] != nil,
                    ContactPredicate.matchingEmailAddress(key, label: .work).evaluate(contact)
                else { continue }
                result.matches += 1
                result.checksum &+= UInt64(contact.phoneNumbers.count)
                break
            }
        }
        result.warnings += reader.takeWarnings().count
        return result
    }

    /// The same steps as `vcardtool set-phone --updates` (label main, work emails only).
    private static func setPhone(_ path: String, updates: Updates, output: OutputFile?) throws
        -> WorkloadResult
    {
        var reader = try VCardReader(path: path)
        var result = WorkloadResult()
        let writer = VCardWriter()
        var out: [UInt8] = []
        out.reserveCapacity(flushThreshold + (64 << 10))
        while let card = try reader.next() {
            result.cards += 1
            result.warnings += reader.takeWarnings().count
            var updated = card
            if card.properties.contains(where: { $0.hasName("EMAIL") }) {
                var contact = Contact(card: card, keys: [.emailAddresses, .phoneNumbers])
                for email in contact.emailAddresses where email.label == .work {
                    guard let phone = updates.phones[ContactPredicate.normalizedEmail(email.value)]
                    else { continue }
                    contact.setMainPhoneNumber(phone, label: .main)
                    updated = contact.vCard(writingGeneratedIdentifier: false)
                    result.matches += 1
                    break
                }
            }
            writer.write(updated, to: &out)
            if out.count >= flushThreshold { try flush(&out, &result, output) }
        }
        result.warnings += reader.takeWarnings().count
        out += reader.trailingBytes
        try flush(&out, &result, output)
        return result
    }

    private static func flush(
        _ out: inout [UInt8], _ result: inout WorkloadResult, _ output: OutputFile?
    ) throws {
        guard !out.isEmpty else { return }
        result.bytesWritten += out.count
        result.checksum &+= UInt64(out.count) &+ UInt64(out[out.count / 2])
        try output?.write(out)
        out.removeAll(keepingCapacity: true)
    }
}
