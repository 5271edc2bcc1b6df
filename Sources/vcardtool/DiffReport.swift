#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import VCardParser

/// The result of `vcardtool diff`, told as it is found: cards changed (each with its property
/// changes), added and removed, as text or as one JSON object. Each changed card is written as
/// soon as it is known; only the names of added and removed cards are kept, for the end (text)
/// or for the start (JSON: given before the changed cards, ``beginChanges(_:)``).
struct DiffReport {
    /// What the report says of a card: its name and UID.
    struct Card {
        var name: String
        var uid: String?

        init(_ card: VCard) {
            name = card.displayName
            uid = card.trimmedUID
        }
    }

    private let isJSON: Bool
    private let colored: Bool
    private var added: [Card] = []
    private var removed: [Card] = []
    private var wroteChange = false
    private(set) var isEmpty = true

    /// - Parameter colored: Text in green, red and yellow (ignored for JSON).
    init(json: Bool, colored: Bool) {
        isJSON = json
        self.colored = colored
    }

    /// A changed card as it is now, with its property changes (none: the cards are the same).
    /// Text: `~ name (uid …)` and an indented line per change, written at once.
    mutating func changed(_ card: Card, _ changes: [PropertyChange], to terminal: Terminal) {
        guard !changes.isEmpty else { return }
        isEmpty = false
        guard !isJSON else {
            terminal.write((wroteChange ? "," : "") + "{\"card\":\(Self.json(card)),\"properties\":[\(changes.map(Self.json).joined(separator: ","))]}")
            wroteChange = true
            return
        }
        var out = line("~ " + Self.title(card), "33")
        for change in changes {
            let old = change.oldText(VisibleText.escaped) ?? "", new = change.newText(VisibleText.escaped) ?? ""
            let name = TerminalText.escaped(change.name)
            switch change {
            case .added: out += line("    + \(name): \(new)", "32")
            case .removed: out += line("    - \(name): \(old)", "31")
            case .changed: out += "    \(name): \(old) → \(new)\n"
            }
        }
        terminal.write(out)
    }

    mutating func added(_ card: Card) {
        isEmpty = false
        added.append(card)
    }

    mutating func removed(_ card: Card) {
        isEmpty = false
        removed.append(card)
    }

    /// JSON: `{"added":[card…],"removed":[card…],"changed":[` on one line, where a card is
    /// `{"name":…,"uid":…|null}`; the changed cards follow, each
    /// `{"card":card,"properties":[…]}` with a property change
    /// `{"change":"added|removed|changed","name":…,"old":…,"new":…}` (without `old` for an
    /// addition, `new` for a removal). Text: nothing (the changed cards come first).
    func beginChanges(_ terminal: Terminal) {
        guard isJSON else { return }
        terminal.write(
            "{\"added\":[\(added.map(Self.json).joined(separator: ","))],"
                + "\"removed\":[\(removed.map(Self.json).joined(separator: ","))],\"changed\":[")
    }

    /// The end: JSON `]}`; text `+ name` and `- name` lines.
    func finish(_ terminal: Terminal) {
        if isJSON {
            terminal.print("]}")
            return
        }
        var out = ""
        for card in added { out += line("+ " + Self.title(card), "32") }
        for card in removed { out += line("- " + Self.title(card), "31") }
        terminal.write(out)
    }

    private func line(_ text: String, _ color: String) -> String {
        colored ? "\u{1B}[\(color)m\(text)\u{1B}[0m\n" : text + "\n"
    }

    private static func json(_ card: Card) -> String {
        "{\"name\":\(quoted(card.name)),\"uid\":\(card.uid.map(quoted) ?? "null")}"
    }

    private static func json(_ change: PropertyChange) -> String {
        let kind =
            switch change {
            case .added: "added";
            case .removed: "removed";
            case .changed: "changed"
            }
        var fields = ["\"change\":\"\(kind)\"", "\"name\":\(quoted(change.name))"]
        if let old = change.oldText({ $0 }) { fields.append("\"old\":\(quoted(old))") }
        if let new = change.newText({ $0 }) { fields.append("\"new\":\(quoted(new))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// `Ada Lovelace (uid 6a0d…)`, or only the name for a card without UID.
    private static func title(_ card: Card) -> String {
        TerminalText.escaped(card.name) + (card.uid.map { " (uid \(TerminalText.escaped($0)))" } ?? "")
    }

    /// A JSON string literal (RFC 8259 §7): quotes, backslashes and control characters (C0,
    /// DEL, C1) escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):  // C1 too: JSON is read on terminals
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
