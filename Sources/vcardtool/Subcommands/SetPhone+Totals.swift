import ContactsModel

extension SetPhone {
    /// What a run did, for the summary on standard error and the exit status.
    struct Totals {
        var cards = 0, updated = 0, replaced = 0, added = 0, removed = 0
        /// Cards left unchanged because two of their emails asked different phones.
        var conflicts = 0
        /// The normalized addresses that matched a card, as UTF-8.
        var matched = Set<EmailKey>()
        /// Whether an input had parse errors.
        var inputErrors = false
        /// With --format json: the change records of the input being read, not printed yet
        /// (a file rewritten in place is read again when it changed meanwhile).
        var changeRecords: [String] = []

        /// The phones replaced, added and removed so far: when it grows, a card changed.
        var changes: Int { replaced + added + removed }

        /// `set-phone: 4 cards read, 1 updated (1 phone replaced, 0 added)`, with the phones
        /// removed when there are any and the addresses that matched no card.
        func summary(unmatched: [String]) -> String {
            let phones = replaced == 1 ? "phone" : "phones"
            var summary = "set-phone: \(cards) cards read, \(updated) updated (\(replaced) \(phones) replaced, \(added) added"
            summary += removed > 0 ? ", \(removed) removed)" : ")"
            if conflicts > 0 { summary += "; \(conflicts) left unchanged by conflicting updates" }
            if !unmatched.isEmpty { summary += "; no card for: " + unmatched.joined(separator: ", ") }
            return summary
        }

        /// The summary as a JSON object (`set-phone --format json`).
        func jsonSummary(unmatched: [String]) -> String {
            var object = JSONObject()
            object.add("type", "summary")
            let counts = [
                ("cards", cards), ("updated", updated), ("replaced", replaced), ("added", added), ("removed", removed),
                ("conflicts", conflicts),
            ]
            for (key, value) in counts { object.add(key, value) }
            object.add("unmatched", unmatched)
            return object.text
        }
    }
}
