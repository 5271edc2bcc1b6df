import HostileInputs
import VCardParser

/// `vcard-bench hostile`: each pathological input of the robustness tests parsed at a size and at
/// ten times that size, so that a step that is not linear shows as a time ratio well above 10.
enum Hostile {
    struct Case: Sendable {
        var name: String
        var sizes: (Int, Int)
        var unit: String
        var build: @Sendable (Int) -> [UInt8]
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
    ]

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
                    times.append(try clock.measure { _ = try VCardDecoder(options: options).decode(bytes) })
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
