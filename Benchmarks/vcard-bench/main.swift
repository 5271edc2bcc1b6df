#if canImport(Glibc)
import Glibc
#endif

// vcard-bench: the corpus generator and the in-process benchmark of VCardParser and ContactsModel.
// See `vcard-bench help`; scripts/compare.sh and scripts/callgrind.sh drive it.

let usage = """
    OVERVIEW: Generate a deterministic vCard corpus and time the parser on it.

    USAGE: vcard-bench <subcommand> [<options>]

    SUBCOMMANDS:
      generate --cards <n> [--out <file>] [--seed <s>] [--updates-out <csv>] [--updates <n>]
               [--edited-out <file>] [--dupes-out <file>]
                              Write <n> cards (about 800 bytes each, CRLF) and/or, with
                              --updates-out, a CSV 'email,phone' of <n> (default 1000)
                              work emails spread over the corpus (it does not depend
                              on the seed), and/or with --edited-out a later version of
                              the corpus for diff (every 100th card with a NOTE added,
                              every 1000th left out, one new card per 1000 at the end),
                              and/or with --dupes-out a corpus of <n> cards of which
                              10 % are another export of an earlier card (for dupes).
      run [--cards <n,n,...>] [--samples <n>] [--warmup <n>] [--seed <s>] [--data <dir>]
          [<benchmark> ...]
                              Time the benchmarks (default all) on each corpus size
                              (default 10000,100000; 5 samples after 1 warm-up). Corpora
                              are kept in <dir> (default bench-data, git-ignored) and
                              reused. The default subcommand.
      once <benchmark> <file> [--updates <csv>] [--out <file>]
                              Run one benchmark once (for valgrind/callgrind). With --out,
                              write what it writes there.
      hostile [--samples <n>] Parse each pathological input of the robustness tests (a
                              50 MB folded line, 100,000 parameters, 10,000 nested AGENTs,
                              a card of 10 million properties, and for the jCard,
                              xCard and CSV readers 40,000 nested elements, 200,000
                              attributes…) at a size and at ten times it, and print
                              the time ratio: linear is about 10
                              (default 3 samples; needs about 2.5 GB of memory).

      phones [--numbers <n>] [--samples <n>]
                              E.164 of <n> (default 1,000,000) phone numbers in 12 typed
                              forms with a default region: median and min ns per number
                              (default 10 samples after 1 warm-up).

    BENCHMARKS: \(Workload.allCases.map(\.rawValue).joined(separator: ", "))

    """

struct Options {
    private var arguments: [String]

    init(_ arguments: ArraySlice<String>) { self.arguments = Array(arguments) }

    mutating func value(_ name: String) throws -> String? {
        guard let i = arguments.firstIndex(of: "--" + name) else { return nil }
        guard i + 1 < arguments.count else { throw BenchError("--\(name) needs a value") }
        let value = arguments[i + 1]
        arguments.removeSubrange(i...(i + 1))
        return value
    }

    mutating func int(_ name: String) throws -> Int? {
        guard let text = try value(name) else { return nil }
        guard let n = Int(text.filter { $0 != "_" }), n >= 0 else {
            throw BenchError("--\(name): not a number: \(text)")
        }
        return n
    }

    mutating func finish() throws -> [String] {
        if let unknown = arguments.first(where: { $0.hasPrefix("--") }) {
            throw BenchError("unknown option \(unknown)")
        }
        return arguments
    }
}

/// Writes the corpus; `edited`, a later version of it for `vcardtool diff`: every 100th card
/// gets a NOTE, every 1000th is left out, and one new card per 1000 comes at the end.
func generate(cards: Int, seed: UInt64, to path: String, edited: Bool = false) throws {
    let file = try OutputFile(path: path)
    defer { file.close() }
    let generator = CorpusGenerator(seed: seed)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(2 << 20)
    let end = Array("END:VCARD\r\n".utf8)
    for index in 0..<(edited ? cards + cards / 1000 : cards) {
        if edited && index < cards && index % 1000 == 999 { continue }
        generator.appendCard(index, to: &buffer)
        if edited && index % 100 == 50 && buffer.suffix(end.count).elementsEqual(end) {
            buffer.insert(contentsOf: "NOTE:edited for the diff benchmark\r\n".utf8, at: buffer.count - end.count)
        }
        if buffer.count >= 1 << 20 {
            try file.write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }
    try file.write(buffer)
}

/// Writes a corpus of `cards` cards for `vcardtool dupes`: the first 90 % as ``generate``
/// writes them, then 10 % that are another export of cards spread over those (each drawn with
/// another seed, so with another UID, name, numbers and style, but the same work email
/// `user<index>@example.com`).
func generateDuplicates(cards: Int, seed: UInt64, to path: String) throws {
    let file = try OutputFile(path: path)
    defer { file.close() }
    let originals = cards - cards / 10
    let (generator, other) = (CorpusGenerator(seed: seed), CorpusGenerator(seed: ~seed))
    var buffer: [UInt8] = []
    buffer.reserveCapacity(2 << 20)
    let indices =
        Array(0..<originals).map { ($0, generator) }
        + CorpusGenerator.sampleIndices(cards: originals, count: cards / 10).map { ($0, other) }
    for (index, source) in indices {
        source.appendCard(index, to: &buffer)
        if buffer.count >= 1 << 20 {
            try file.write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }
    try file.write(buffer)
}

func runGenerate(_ options: inout Options) throws {
    guard let cards = try options.int("cards") else {
        throw BenchError("generate needs --cards <n>")
    }
    let out = try options.value("out")
    let editedOut = try options.value("edited-out")
    let dupesOut = try options.value("dupes-out")
    let seed = try options.int("seed").map(UInt64.init) ?? CorpusGenerator.defaultSeed
    let updatesOut = try options.value("updates-out")
    let count = try options.int("updates") ?? 1000
    _ = try options.finish()
    guard out != nil || updatesOut != nil || editedOut != nil || dupesOut != nil else {
        throw BenchError("generate needs --out <file>, --edited-out <file>, --dupes-out <file> or --updates-out <csv>")
    }
    if let updatesOut {
        try FileSystem.writeText(
            CorpusGenerator.updatesCSV(cards: cards, count: count), to: updatesOut)
    }
    if let editedOut { try generate(cards: cards, seed: seed, to: editedOut, edited: true) }
    if let dupesOut { try generateDuplicates(cards: cards, seed: seed, to: dupesOut) }
    guard let out else { return }
    try generate(cards: cards, seed: seed, to: out)
    let size = FileSystem.size(of: out) ?? 0
    printError(
        "vcard-bench: wrote \(out): \(Format.grouped(cards)) cards, \(Format.grouped(size)) bytes (\(cards > 0 ? size / cards : 0) per card), seed \(seed)"
    )
}

func runBenchmarks(_ options: inout Options) throws {
    let sizes = try (options.value("cards") ?? "10000,100000").split(separator: ",").map { text in
        guard let n = Int(text.filter { $0 != "_" }), n > 0 else {
            throw BenchError("--cards: not a number: \(text)")
        }
        return n
    }
    let samples = try options.int("samples") ?? 5
    let warmups = try options.int("warmup") ?? 1
    let seed = try options.int("seed").map(UInt64.init) ?? CorpusGenerator.defaultSeed
    let directory = try options.value("data") ?? "bench-data"
    let listed = try options.value("only").map { $0.split(separator: ",").map(String.init) }
    let only = try (listed ?? []) + options.finish()
    let workloads =
        try only.isEmpty
        ? Workload.allCases
        : only.map { name in
            guard let w = Workload(rawValue: name) else {
                throw BenchError("unknown benchmark \(name)")
            }
            return w
        }
    guard samples > 0 else { throw BenchError("--samples must be at least 1") }

    #if DEBUG
    print(
        """
        ***********************************************************************
        * WARNING: this is a DEBUG build; the figures mean nothing.           *
        * Run: swift run -c release vcard-bench run                           *
        ***********************************************************************
        """)
    #endif
    try FileSystem.makeDirectory(directory)
    let runner = Runner(samples: samples, warmups: warmups)
    var sink: UInt64 = 0
    print(
        "vcard-bench: \(samples) samples after \(warmups) warm-up; median and min wall time (ContinuousClock);"
    )
    print(
        "MB = 10^6 bytes of input, MB/s and cards/s from the median; peak RSS = VmHWM during that benchmark\(Memory.resetPeak() ? "" : " (cumulative: cannot reset VmHWM here)")."
    )
    for cards in sizes {
        let path = "\(directory)/cards-\(cards)-seed\(seed).vcf"
        let csvPath = "\(directory)/updates-\(cards)-1000.csv"
        if FileSystem.size(of: path) == nil {
            try generate(cards: cards, seed: seed, to: path)
        }
        try FileSystem.writeText(CorpusGenerator.updatesCSV(cards: cards, count: 1000), to: csvPath)
        let updates = Updates(csv: try FileSystem.readText(csvPath))
        let bytes = FileSystem.size(of: path) ?? 0
        print("")
        print(
            "\(path): \(Format.grouped(cards)) cards, \(Format.megabytes(bytes)) MB (\(bytes / cards) bytes/card)"
        )
        var rows: [Runner.Row] = []
        for workload in workloads {
            rows.append(
                try runner.measure(
                    workload, path: path, bytes: bytes, updates: updates,
                    expectedMatches: updates.phones.count, sink: &sink))
        }
        Runner.printTable(rows)
    }
    print("")
    print("sink \(sink)")
}

func runOnce(_ options: inout Options) throws {
    let updatesPath = try options.value("updates")
    let outPath = try options.value("out")
    let rest = try options.finish()
    guard rest.count == 2, let workload = Workload(rawValue: rest[0]) else {
        throw BenchError(
            "usage: vcard-bench once <\(Workload.allCases.map(\.rawValue).joined(separator: "|"))> <file> [--updates <csv>] [--out <file>]"
        )
    }
    var updates = Updates(csv: "")
    if let updatesPath { updates = Updates(csv: try FileSystem.readText(updatesPath)) }
    if (workload == .fetch || workload == .setPhone) && updatesPath == nil {
        throw BenchError(
            "\(workload.rawValue) needs --updates <csv> (vcard-bench generate --updates-out)")
    }
    let output = try outPath.map { try OutputFile(path: $0) }
    defer { output?.close() }
    let result = try Workloads.run(workload, path: rest[1], updates: updates, output: output)
    printError(
        "\(workload.rawValue): \(result.cards) cards, \(result.bytesWritten) bytes written, \(result.matches) matched, \(result.warnings) warnings, checksum \(result.checksum)"
    )
}

func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
}

func main() -> Int32 {
    let arguments = CommandLine.arguments
    let subcommand = arguments.count >= 2 ? arguments[1] : "run"
    var options = Options(arguments.dropFirst(2))
    do {
        switch subcommand {
        case "generate": try runGenerate(&options)
        case "run": try runBenchmarks(&options)
        case "once": try runOnce(&options)
        case "hostile":
            let samples = try options.int("samples") ?? 3
            _ = try options.finish()
            try Hostile.run(samples: max(samples, 1))
        case "phones":
            let count = try options.int("numbers") ?? 1_000_000
            let samples = try options.int("samples") ?? 10
            _ = try options.finish()
            PhoneBenchmark.run(count: max(count, 1), samples: max(samples, 1))
        case "help", "-h", "--help":
            print(usage)
        default:
            throw BenchError("unknown subcommand '\(subcommand)'\n\(usage)")
        }
    } catch {
        printError("vcard-bench: \(error)")
        return 2
    }
    return 0
}

exit(main())
