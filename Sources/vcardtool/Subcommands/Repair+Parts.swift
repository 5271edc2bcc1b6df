import ContactsModel

/// `repair --split-every`, `--split-size`: the numbered files of the output.
extension Repair {
    /// The name the files of the output start with: the first input's file name without its
    /// extension (`export` for `dir/export.vcf`, `contacts` for `contacts/`), `cards` for
    /// standard input.
    static func partName(_ input: String?) -> String {
        var name = Substring(input ?? "-")
        while name.count > 1, name.last == "/" { name.removeLast() }
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        return name.isEmpty || name == "-" || name == "." || name == ".." ? "cards" : String(name)
    }

    /// The file name of part `number` (1-based): `export-001.vcf`.
    static func partFile(_ name: String, _ number: Int) -> String {
        let digits = String(number)
        return "\(name)-\(String(repeating: "0", count: max(0, 3 - digits.count)))\(digits).vcf"
    }

    /// Writes each part to its numbered file in `folder` (created if missing), each in full to a
    /// temporary file and then linked under its name; a file there already is left alone when
    /// it holds the same bytes, else the run stops.
    static func write(_ parts: [[UInt8]], into folder: String, named name: String, _ terminal: Terminal) throws {
        try Split.makeFolder(folder)
        let directory: OpenDirectory
        do { directory = try OpenDirectory(folder) } catch { throw ToolError(error.description) }
        defer { directory.sync() }
        for (index, bytes) in parts.enumerated() {
            let file = partFile(name, index + 1)
            let created: Bool
            do { created = try directory.createFile(named: file, containing: bytes) } catch { throw ToolError(error.description) }
            guard created || directory.holds(file, exactly: bytes) else {
                throw ToolError("\(folder)/\(file): already exists with other content; not replaced")
            }
        }
        terminal.message("\(parts.count) files into \(folder)" + (parts.isEmpty ? "" : " (\(partFile(name, 1))…\(partFile(name, parts.count)))"))
    }
}
