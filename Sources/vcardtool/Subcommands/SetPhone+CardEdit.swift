import ContactsModel
import VCardParser

extension SetPhone {
    /// What `set-phone` does to one card, worked out on the thread that parsed it: whether its
    /// emails ask for a change, the card changed, and what to count and report. Nothing here
    /// touches the run's totals or the terminal, so cards are edited on every core; the calling
    /// thread applies each ``Outcome`` in input order.
    struct CardEditor: Sendable {
        var updates: PhoneUpdates
        var label: Label
        var anyEmail: Bool
        var json: Bool
        /// The input's name, for the messages.
        var inputName: String

        /// What happened to a card asked for.
        struct Outcome: Sendable {
            /// The normalized addresses that matched, as UTF-8.
            var matched: [EmailKey]
            /// Two emails asked for different phones: the card is left unchanged.
            var conflict: String?
            var action: Action = .unchanged
            /// With --format json, the change record.
            var record: String?
            /// A number written as text rather than as a `tel:` URI.
            var warning: String?
        }

        enum Action: String, Sendable {
            case replaced, added, removed, unchanged
        }

        /// What the calling thread gets of one card: its bytes as they go out and, for a card
        /// asked for, what happened. A slice and a reference, so that handing it over copies
        /// two references, not each field of optional slices and structs.
        struct EditedCard: Sendable {
            /// The card as written: the bytes it was read from, unless it was edited.
            var bytes: ArraySlice<UInt8>
            var change: Change?
        }

        /// What happened to a card asked for, and with --dry-run the card as it was read.
        final class Change: Sendable {
            let outcome: Outcome
            let old: ArraySlice<UInt8>?

            init(outcome: Outcome, old: ArraySlice<UInt8>?) {
                self.outcome = outcome
                self.old = old
            }
        }

        /// The card with its main phone changed when its emails ask for it, and what happened;
        /// `nil` for a card that no request is about (most are not even parsed in full:
        /// ``PhoneUpdates/mayBeAbout(_:)``).
        func edit(_ card: VCard) -> (card: VCard, outcome: Outcome?) {
            guard card.firstIndex(named: "EMAIL", where: { updates.request(for: card.properties[$0]) != nil }) != nil else { return (card, nil) }
            var contact = Contact(card: card, keys: Self.keys)
            var requests: [PhoneUpdates.Request] = []
            for email in contact.emailAddresses where anyEmail || email.label == .work {
                guard let request = updates.request(for: email.value) else { continue }
                if !requests.contains(where: { $0.email.utf8.elementsEqual(request.email.utf8) }) { requests.append(request) }
            }
            guard let first = requests.first else { return (card, nil) }
            var outcome = Outcome(matched: requests.map { EmailKey($0.email) })
            let place = "\(inputName):\(card.line)"
            // The first asks what it asks: only the others are compared with it (each comparison
            // reads both numbers).
            if let other = requests.dropFirst().first(where: { !updates.asksTheSame($0.change, first.change) }) {
                outcome.conflict =
                    "\(place): \(card.displayName): \(first.source) asks \(first.change) for \(first.email), "
                    + "\(other.source) asks \(other.change) for \(other.email); card left unchanged"
                return (card, outcome)
            }
            var old: PhoneNumber?
            switch first.change {
            case .set(let number):
                switch contact.setMainPhoneNumber(number, label: label) {
                case .added: outcome.action = .added
                case .replaced(let replaced): outcome.action = .replaced; old = replaced
                case .unchanged: old = number
                }
            case .clear:
                old = contact.removeMainPhoneNumber(label: label)
                if old != nil { outcome.action = .removed }
            }
            if json {
                var record = JSONObject()
                record.add("type", "change")
                record.add("input", inputName)
                record.add("line", card.line)
                record.add("name", card.displayName)
                record.add("email", first.email)
                record.add("action", outcome.action.rawValue)
                record.add("old", old?.stringValue)
                if case .set(let number) = first.change { record.add("phone", number.stringValue) } else { record.add("phone", nil) }
                outcome.record = record.text
            }
            let updated = contact.vCard(writingGeneratedIdentifier: false)
            if case .set(let number) = first.change, Self.telURICount(updated) < Self.telURICount(card) {
                let why = number.digits.hasPrefix("+") ? "is not a phone number" : "has no country code (--region places it)"
                outcome.warning = "warning: \(place): '\(number)' \(why); written as text, not as a tel: URI"
            }
            return (updated, outcome)
        }

        /// What a card asked for is read as: its emails and its phones (made once, not a set a card).
        private static let keys: Set<ContactKey> = [.emailAddresses, .phoneNumbers]

        /// How many `TEL` lines of the card are `tel:` URIs (read from their values' bytes).
        private static func telURICount(_ card: VCard) -> Int {
            var count = 0
            _ = card.firstIndex(named: "TEL") { index in
                card.properties[index].readValueBytes { bytes in
                    if bytes.count >= 4, bytes[0] | 0x20 == UInt8(ascii: "t"), bytes[1] | 0x20 == UInt8(ascii: "e"), bytes[2] | 0x20 == UInt8(ascii: "l"),
                        bytes[3] == UInt8(ascii: ":")
                    {
                        count += 1
                    }
                }
                return false
            }
            return count
        }
    }
}

extension SetPhone.Totals {
    /// Counts what one card's edit did and reports its conflict or warning.
    mutating func add(_ outcome: SetPhone.CardEditor.Outcome, _ terminal: Terminal) {
        matched.formUnion(outcome.matched)
        if let conflict = outcome.conflict {
            conflicts += 1
            terminal.message(conflict)
            return
        }
        updated += 1
        switch outcome.action {
        case .replaced: replaced += 1
        case .added: added += 1
        case .removed: removed += 1
        case .unchanged: break
        }
        if let record = outcome.record { changeRecords.append(record) }
        if let warning = outcome.warning { terminal.message(warning) }
    }
}
