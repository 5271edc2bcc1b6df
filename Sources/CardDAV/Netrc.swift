/// The entries of a `.netrc` file (`machine HOST login USER password SECRET`, and `default`),
/// as curl and ftp read them; `macdef` bodies are skipped.
///
/// ```swift
/// Netrc("machine dav.example.com login ada password s3cret").credentials(for: "dav.example.com")
/// ```
struct Netrc {
    /// A larger file is not read.
    static let maximumSize = 1 << 20

    private var entries: [(machine: String?, user: String?, password: String?)] = []

    init(_ text: String) {
        var words = Self.words(text).makeIterator()
        while let word = words.next() {
            switch word {
            case "machine": entries.append((words.next(), nil, nil))
            case "default": entries.append((nil, nil, nil))
            case "login" where !entries.isEmpty: entries[entries.count - 1].user = words.next()
            case "password" where !entries.isEmpty: entries[entries.count - 1].password = words.next()
            default: continue
            }
        }
    }

    /// The first entry for `host` with both a login and a password, else the `default` one.
    func credentials(for host: String) -> Credentials? {
        let complete = entries.filter { $0.user != nil && $0.password != nil }
        guard let entry = complete.first(where: { $0.machine?.lowercased() == host.lowercased() }) ?? complete.first(where: { $0.machine == nil }) else { return nil }
        return Credentials(user: entry.user!, password: entry.password!)
    }

    /// The file's words, without the `macdef` bodies (which end at a blank line).
    private static func words(_ text: String) -> [String] {
        var words: [String] = []
        var inMacro = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if inMacro {
                inMacro = !line.allSatisfy(\.isWhitespace)
                continue
            }
            let lineWords = line.split(whereSeparator: \.isWhitespace).map(String.init)
            if let index = lineWords.firstIndex(of: "macdef") {
                words += lineWords[..<index]
                inMacro = true
            } else {
                words += lineWords
            }
        }
        return words
    }
}
