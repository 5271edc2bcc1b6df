#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import VCardParser

/// The result of `vcardtool diff`: cards added, removed and changed, printed as text or JSON.
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

    var added: [Card] = []
    var removed: [Card] = []
    /// Each changed card as it is now, with its property changes.
    var changed: [(card: Card, changes: [PropertyChange])] = []

    var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }

    /// Whether to colour the text: standard output is a terminal and `NO_COLOR` is unset or empty.
    static func usesColor(_ terminal: Terminal) -> Bool {
        guard terminal.outputIsTerminal else { return false }
        guard let noColor = getenv("NO_COLOR") else { return true }
        return noColor.pointee == 0
    }

    /// `~ name (uid …)` for each changed card with an indented line per property change, then
    /// `+ name` and `- name`; green, red and yellow when `colored`.
    func text(colored: Bool) -> String {
        func line(_ text: String, _ color: String) -> String {
            colored ? "\u{1B}[\(color)m\(text)\u{1B}[0m\n" : text + "\n"
        }
        let (green, red, yellow) = ("32", "31", "33")
        var out = ""
        for (card, changes) in changed {
            out += line("~ " + Self.title(card), yellow)
            for change in changes {
                let old = change.oldText?.singleLine ?? "", new = change.newText?.singleLine ?? ""
                switch change {
                case .added: out += line("    + \(change.name): \(new)", green)
                case .removed: out += line("    - \(change.name): \(old)", red)
                case .changed: out += "    \(change.name): \(old) → \(new)\n"
                }
            }
        }
        for card in added { out += line("+ " + Self.title(card), green) }
        for card in removed { out += line("- " + Self.title(card), red) }
        return out
    }

    /// `{"added":[card…],"removed":[card…],"changed":[{"card":card,"properties":[…]}]}` on one
    /// line, where a card is `{"name":…,"uid":…|null}` and a property change is
    /// `{"change":"added|removed|changed","name":…,"old":…,"new":…}` (without `old` for an
    /// addition, `new` for a removal).
    var json: String {
        func card(_ c: Card) -> String {
            "{\"name\":\(Self.quoted(c.name)),\"uid\":\(c.uid.map(Self.quoted) ?? "null")}"
        }
        func property(_ change: PropertyChange) -> String {
            let kind = switch change { case .added: "added"; case .removed: "removed"; case .changed: "changed" }
            var fields = ["\"change\":\"\(kind)\"", "\"name\":\(Self.quoted(change.name))"]
            if let old = change.oldText { fields.append("\"old\":\(Self.quoted(old))") }
            if let new = change.newText { fields.append("\"new\":\(Self.quoted(new))") }
            return "{" + fields.joined(separator: ",") + "}"
        }
        let changedCards = changed.map { c, changes in
            "{\"card\":\(card(c)),\"properties\":[\(changes.map(property).joined(separator: ","))]}"
        }
        return "{\"added\":[\(added.map(card).joined(separator: ","))],"
            + "\"removed\":[\(removed.map(card).joined(separator: ","))],"
            + "\"changed\":[\(changedCards.joined(separator: ","))]}"
    }

    /// `Ada Lovelace (uid 6a0d…)`, or only the name for a card without UID.
    private static func title(_ card: Card) -> String {
        card.name.singleLine + (card.uid.map { " (uid \($0.singleLine))" } ?? "")
    }

    /// A JSON string literal (RFC 8259 §7): quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
