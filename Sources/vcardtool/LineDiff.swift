/// A unified diff of two texts, line by line, for `set-phone --dry-run`.
struct LineDiff {
    /// Lines of `old` and `new`, without line ends.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        var start = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A || bytes[i] == 0x0D {
                result.append(String(decoding: bytes[start..<i], as: UTF8.self))
                if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        if start < bytes.count { result.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return result
    }

    /// Unified-diff hunks (3 lines of context); `oldStart`/`newStart` are the 1-based numbers of
    /// the first lines in their files.
    static func hunks(old: [String], new: [String], oldStart: Int, newStart: Int) -> [String] {
        let ops = editScript(old, new)
        var output: [String] = []
        var index = 0
        while index < ops.count {
            guard let firstChange = ops[index...].firstIndex(where: { $0.kind != .same }) else { break }
            var end = firstChange
            // Extend the hunk while changes are within 6 lines of each other.
            var lastChange = firstChange
            while end < ops.count {
                if ops[end].kind != .same { lastChange = end }
                if end - lastChange > 6 { break }
                end += 1
            }
            let from = max(index, firstChange - 3)
            let to = min(ops.count, lastChange + 4)
            let slice = ops[from..<to]
            let oldCount = slice.filter { $0.kind != .added }.count
            let newCount = slice.filter { $0.kind != .removed }.count
            let o = oldStart + (slice.first?.oldIndex ?? 0)
            let n = newStart + (slice.first?.newIndex ?? 0)
            output.append("@@ -\(o),\(oldCount) +\(n),\(newCount) @@")
            for op in slice {
                switch op.kind {
                case .same: output.append(" " + old[op.oldIndex])
                case .removed: output.append("-" + old[op.oldIndex])
                case .added: output.append("+" + new[op.newIndex])
                }
            }
            index = to
        }
        return output
    }

    struct Operation {
        enum Kind { case same, removed, added }
        var kind: Kind
        /// Index in `old` of this line, or of the next old line for an addition.
        var oldIndex: Int
        var newIndex: Int
    }

    /// The shortest edit script by longest common subsequence (cards are small).
    static func editScript(_ old: [String], _ new: [String]) -> [Operation] {
        let n = old.count, m = new.count
        var lcs = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = old[i] == new[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var ops: [Operation] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                ops.append(Operation(kind: .same, oldIndex: i, newIndex: j)); i += 1; j += 1
            } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
                ops.append(Operation(kind: .removed, oldIndex: i, newIndex: j)); i += 1
            } else {
                ops.append(Operation(kind: .added, oldIndex: i, newIndex: j)); j += 1
            }
        }
        return ops
    }
}
