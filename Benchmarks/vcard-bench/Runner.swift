/// Times the workloads on one corpus: a warm-up run, then `samples` runs, reporting the median and
/// the fastest, with each workload's own peak RSS.
struct Runner {
    struct Row {
        var workload: Workload
        var cards: Int
        var bytes: Int
        var median: Duration
        var min: Duration
        var peakResident: Int?
        var note: String
    }

    var samples: Int
    var warmups: Int

    func measure(
        _ workload: Workload, path: String, bytes: Int, updates: Updates,
        expectedMatches: Int, sink: inout UInt64
    ) throws -> Row {
        Memory.resetPeak()
        let clock = ContinuousClock()
        var first = WorkloadResult()
        var times: [Duration] = []
        for k in 0..<(warmups + samples) {
            var result = WorkloadResult()
            let elapsed: Duration
            if workload.isStore {
                let input = try StoreWorkloads.prepare(workload, path: path, updates: updates)
                elapsed = try clock.measure { result = try StoreWorkloads.run(workload, input, updates: updates) }
            } else {
                elapsed = try clock.measure { result = try Workloads.run(workload, path: path, updates: updates) }
            }
            if k == 0 { first = result }
            sink &+= result.checksum
            if k >= warmups { times.append(elapsed) }
        }
        times.sort()
        let median =
            times.count % 2 == 1
            ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
        return Row(
            workload: workload, cards: first.cards, bytes: bytes, median: median, min: times[0],
            peakResident: Memory.peakResident(),
            note: check(workload, first, bytes: bytes, expectedMatches: expectedMatches))
    }

    /// What the table notes about a run: warnings, matches, and whether a lossless copy is exact.
    private func check(
        _ workload: Workload, _ result: WorkloadResult, bytes: Int, expectedMatches: Int
    ) -> String {
        var notes: [String] = []
        switch workload {
        case .roundtrip, .roundtripParallel:
            notes.append(
                result.bytesWritten == bytes
                    ? "output = input size" : "OUTPUT \(result.bytesWritten) B != INPUT \(bytes) B")
        case .normalize, .normalizeParallel:
            notes.append("output \(Format.megabytes(result.bytesWritten)) MB")
        case .storeFind, .storeRefetch, .folderFind, .folderRefetch:
            notes.append(result.matches == 1 ? "1 matched" : "\(result.matches) MATCHED, NOT 1")
        case .storeEnumerate, .folderEnumerate:
            notes.append("\(Format.grouped(result.cards)) contacts")
        case .fetch, .setPhone, .storeUpdate, .folderUpdate:
            notes.append(
                result.matches == expectedMatches
                    ? "\(result.matches) matched"
                    : "ONLY \(result.matches) OF \(expectedMatches) MATCHED")
        case .read, .parse:
            break
        }
        if result.warnings > 0 { notes.append("\(result.warnings) warnings") }
        return notes.joined(separator: ", ")
    }

    static func printTable(_ rows: [Row]) {
        let header = [
            "benchmark", "cards", "MB", "MB/s", "cards/s", "median ms", "min ms", "peak RSS MiB",
            "notes",
        ]
        var lines = [header]
        for row in rows {
            let seconds = row.median.seconds
            lines.append([
                row.workload.rawValue,
                row.cards > 0 ? Format.grouped(row.cards) : "-",
                Format.megabytes(row.bytes),
                Format.fixed(Double(row.bytes) / 1e6 / seconds, 1),
                row.cards > 0 ? Format.grouped(Int((Double(row.cards) / seconds).rounded())) : "-",
                Format.fixed(row.median.seconds * 1000, 1),
                Format.fixed(row.min.seconds * 1000, 1),
                row.peakResident.map { Format.fixed(Double($0) / 1_048_576, 1) } ?? "?",
                row.note,
            ])
        }
        Table.print(lines)
    }
}

/// Prints rows of cells as aligned columns: the first row is the header, the first column is
/// left-aligned, the last is left as it is, the others are right-aligned.
enum Table {
    static func print(_ lines: [[String]]) {
        guard let header = lines.first else { return }
        let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        for (n, line) in lines.enumerated() {
            let cells = line.enumerated().map { column, cell in
                column == line.count - 1
                    ? cell
                    : column == 0
                        ? cell.padding(widths[column]) : cell.leftPadded(widths[column], with: " ")
            }
            Swift.print(cells.joined(separator: "  "))
            if n == 0 {
                Swift.print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
            }
        }
    }
}

enum Format {
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = scaled % Int(scale)
        return decimals == 0 ? "\(whole)" : "\(whole).\(String(fraction).leftPadded(decimals))"
    }

    static func megabytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1e6, 1) }

    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var result = ""
        for (k, d) in digits.enumerated() {
            if k > 0 && (digits.count - k) % 3 == 0 { result += "," }
            result.append(d)
        }
        return result
    }
}

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
