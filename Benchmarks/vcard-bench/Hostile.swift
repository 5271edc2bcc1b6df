import HostileInputs
import VCardFormats
import VCardParser

/// `vcard-bench hostile`: each pathological input of the robustness tests parsed at a size and at
/// ten times that size, so that a step that is not linear shows as a time ratio well above 10.
enum Hostile {
    struct Case: Sendable {
        var name: String
        var sizes: (Int, Int)
        var unit: String
        var build: @Sendable (Int) -> [UInt8]
        /// Reads the input the way `vcardtool` would (default: the vCard decoder); a limit's
        /// error ends it like the input's end.
        var read: @Sendable ([UInt8]) throws -> Void = { _ = try VCardDecoder(options: Hostile.options).decode($0) }
    }

    static let cases = [
        Case(name: "one folded line", sizes: (5_000_000, 50_000_000), unit: "bytes", build: HostileInputs.foldedNote),
        Case(name: "one unfolded line", sizes: (1_500_000, 15_000_000), unit: "bytes", build: HostileInputs.longLine),
        Case(name: "parameters on one line", sizes: (10_000, 100_000), unit: "parameters", build: HostileInputs.parameters),
        Case(name: "nested AGENT cards", sizes: (1_000, 10_000), unit: "levels", build: HostileInputs.nestedAgents),
        Case(name: "tiny properties in one card", sizes: (1_000_000, 10_000_000), unit: "properties") {
            HostileInputs.tinyProperties($0)
        },
        Case(name: "the same with CR line ends", sizes: (1_000_000, 10_000_000), unit: "properties") {
            HostileInputs.tinyProperties($0, lineEnd: [0x0D])
        },
        Case(
            name: "xCard: nested elements (limit 512)", sizes: (4_000, 40_000), unit: "levels",
            build: HostileInputs.xcardNesting
        ) { readAll($0, .xcard) },
        Case(
            name: "xCard: attributes on one element", sizes: (20_000, 200_000), unit: "attributes",
            build: HostileInputs.xcardAttributes
        ) { readAll($0, .xcard) },
        Case(
            name: "xCard: references in one value", sizes: (1_000_000, 10_000_000), unit: "references",
            build: HostileInputs.xcardReferences
        ) { readAll($0, .xcard) },
        Case(
            name: "jCard: nested arrays (limit 512)", sizes: (4_000, 40_000), unit: "levels",
            build: HostileInputs.jcardNesting
        ) { readAll($0, .jcard) },
        Case(
            name: "jCard: properties in one card", sizes: (100_000, 1_000_000), unit: "properties",
            build: HostileInputs.jcardProperties
        ) { readAll($0, .jcard) },
        Case(
            name: "CSV: columns in one row", sizes: (10_000, 100_000), unit: "columns",
            build: HostileInputs.csvColumns
        ) { readAll($0, .csv) },
    ]

    /// Every card of a jCard, xCard or CSV reader over `bytes`, errors included (as `convert`).
    static func readAll(_ bytes: [UInt8], _ format: CardFormat) {
        var limits = ParseOptions.Limits()
        limits.maxCardBytes = 1 << 30
        var reader = format.reader(ByteStream(bytes: bytes, limits: limits))!
        while true {
            do {
                guard try reader.next() != nil else { return }
            } catch {
                continue
            }
        }
    }

    /// Limits high enough that every input is parsed in full (the nesting limit stays: deeper
    /// cards are kept as raw text, which is what a hostile file gets).
    static var options: ParseOptions {
        var limits = ParseOptions.Limits()
        limits.maxCardBytes = 1 << 30
        limits.maxLineBytes = 1 << 30
        limits.maxUnfoldedLineBytes = 1 << 30
        limits.maxPropertiesPerCard = 10_000_000
        return ParseOptions(mode: .lenient, limits: limits)
    }

    /// Prints, for each case, both sizes' median parse time (of `samples`) and their ratio.
    static func run(samples: Int) throws {
        let clock = ContinuousClock()
        var lines = [["input", "size", "MB", "median ms", "MB/s", "time ×", "notes"]]
        for c in cases {
            var smaller: Duration?
            for size in [c.sizes.0, c.sizes.1] {
                let bytes = c.build(size)
                var times: [Duration] = []
                for _ in 0..<samples {
                    times.append(try clock.measure { try c.read(bytes) })
                }
                let median = times.sorted()[times.count / 2]
                lines.append([
                    c.name, "\(Format.grouped(size)) \(c.unit)", Format.megabytes(bytes.count),
                    Format.fixed(median.seconds * 1000, 1), Format.fixed(Double(bytes.count) / 1e6 / median.seconds, 1),
                    smaller.map { Format.fixed(median.seconds / $0.seconds, 1) } ?? "-",
                    smaller == nil ? "" : "for \(c.sizes.1 / c.sizes.0)× the size",
                ])
                smaller = median
            }
        }
        Table.print(lines)
    }
}
