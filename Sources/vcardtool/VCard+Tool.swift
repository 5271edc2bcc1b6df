import ContactsModel
import VCardParser

extension VCard {
    /// The card's bytes as read (from `BEGIN:VCARD` to `END:VCARD`, without what stood before it),
    /// ending with a line end so that cards written one after the other never share a line.
    var bytesAsRead: [UInt8] {
        var out: [UInt8] = []
        VCardWriter().write(self, to: &out)
        out.removeFirst(min(rawPrefix.count, out.count))
        if let last = out.last, last != 0x0A, last != 0x0D { out.append(contentsOf: lineEnding) }
        return out
    }

    /// How many bytes the card took in its input, from `BEGIN` to the end of `END` (0 for a card
    /// not read from bytes): its lines are slices of one buffer, so this costs no pass over them.
    var sourceByteCount: Int {
        guard let begin = rawBegin, let end = rawEnd else { return 0 }
        return max(end.endIndex - begin.startIndex, 0)
    }

    /// The card's `UID` without surrounding white space, or `nil` when it has none or an empty one.
    var trimmedUID: String? {
        guard let uid = uid?.trimmingSpaces(), !uid.isEmpty else { return nil }
        return uid
    }

    /// The card with a `UID`: itself when it has one, else with a `UID` line derived from its
    /// content added, so that the same card gets the same `UID` again (`split`, `merge --into`
    /// a folder, `dav push`).
    var withUID: VCard {
        trimmedUID == nil ? addingUID(UUIDString.derived(from: bytesAsRead)) : self
    }

    /// The name to show for the card: `FN`, else the name parts or organization, else `(no name)`.
    var displayName: String {
        let name = Contact(card: self, keys: [.names, .organization]).formattedName.trimmingSpaces()
        return name.isEmpty ? "(no name)" : name
    }
}

extension Input {
    /// Reads every card, reporting parse errors (not warnings) on standard error as
    /// `FILE:LINE:COLUMN: error: message [code]`; an input stopped by a limit ends there.
    /// - Returns: Whether the input had errors (exit status 1 by the tool's rule).
    @discardableResult
    func forEachCard(reportingErrorsTo terminal: Terminal, _ body: (VCard) throws -> Void) throws -> Bool {
        try forEachCard(reportingErrorsTo: terminal, transform: { $0 }, body)
    }

    /// The same, with `transform` applied to each card on the thread that parsed it (a filter
    /// that drops most cards there, say), and `body` called with the results in input order.
    /// With `asRead`, a card is first only checked, and parsed in full only when `asRead` says so
    /// (``VCardReader/forEachCard(threads:batchBytes:transform:asRead:preparing:diagnostics:_:)``).
    @discardableResult
    func forEachCard<T>(
        reportingErrorsTo terminal: Terminal, transform: @escaping @Sendable (VCard) -> T, asRead: VCardReader.AsRead<T>? = nil,
        _ body: (T) throws -> Void
    ) throws -> Bool {
        var hadErrors = false
        do {
            try forEachCard(
                diagnostics: { d in
                    guard d.severity == .error else { return }
                    hadErrors = true
                    terminal.report(d, in: name)
                }, transform: transform, asRead: asRead
            ) { value, _ in try body(value) }
        } catch is InputStopped {}
        return hadErrors
    }
}
