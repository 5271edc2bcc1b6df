import ContactsModel
import VCardParser

extension Merge {
    /// `merge --dupes` or `merge --into` on a folder of one-card files: the changes are one
    /// ``SaveRequest`` of a folder ``ContactStore``, executed all or nothing (or, with
    /// --dry-run, shown as the diff of each file it would write).
    func runOnFolder(_ terminal: Terminal) throws -> ExitStatus {
        let store = ContactStore(directoryAt: file.count > 1 && file.hasSuffix("/") ? String(file.dropLast()) : file)
        let contacts: [Contact]
        do { contacts = try store.unifiedContacts(keysToFetch: []) } catch { throw ToolError(error.description) }
        let cards = contacts.map { $0.vCard(writingGeneratedIdentifier: false) }
        var totals = Totals()
        var request = SaveRequest()
        var firstError: (name: String, line: Int)?
        if let sources {
            let inputs = try Input.expand(sources, terminal)
            let (result, mergedInto) = try imported(inputs, into: cards, terminal, &totals, stored: \.withUID) { name, line in
                if firstError == nil { firstError = (name, line) }
            }
            for (place, merged) in mergedInto.sorted(by: { $0.key < $1.key }) {
                request.update(contacts[place].merging(merged.map { Contact(card: $0, keys: []) }))
            }
            for card in result[cards.count...] { request.add(Contact(card: card, keys: []), toContainerWithIdentifier: nil) }
        } else {
            var finder = DuplicateFinder()
            for card in cards { finder.add(card) }
            for group in finder.groups() {
                let keptIndex = prefer.keptIndex(among: group.cards.count)
                let kept = group.cards[keptIndex]
                let choices = CardMerge.merge(group.cards.map { cards[$0] }, keeping: keptIndex).choices
                report(choices, "\(store.path(of: contacts[kept].identifier) ?? file):\(cards[kept].line)", cards[kept], terminal)
                request.merge(group.cards.map { contacts[$0] }, keeping: contacts[kept])
                totals.groups += 1
                totals.merged += group.cards.count
            }
            totals.alone = cards.count - totals.merged
        }
        do {
            if dryRun {
                printDiff(try store.preview(request), terminal)
            } else if let firstError {
                throw ToolError("\(firstError.name):\(firstError.line): \(file) not changed because the file has errors")
            } else if !request.isEmpty {
                try store.execute(request)
            }
        } catch let error as ContactStoreError {
            guard case .notUnderstood = error else { throw ToolError(error.description) }
            terminal.message(error.description)  // a card of the folder has errors: exit 1, as for a file
            return .failure
        }
        terminal.message(sources == nil ? totals.summary : totals.importSummary)
        return firstError == nil ? .success : .failure
    }

    /// Prints what a save would change as a unified diff, file by file (`/dev/null` for a file
    /// created or removed).
    private func printDiff(_ changes: [ContactStore.FileChange], _ terminal: Terminal) {
        for change in changes where change.old != change.new {
            terminal.print("--- " + (change.old == nil ? "/dev/null" : TerminalText.escaped(change.path)))
            terminal.print("+++ " + (change.new == nil ? "/dev/null" : TerminalText.escaped(change.path)))
            let hunks = LineDiff.hunks(old: LineDiff.lines(change.old ?? []), new: LineDiff.lines(change.new ?? []), oldStart: change.old == nil ? 0 : 1, newStart: change.new == nil ? 0 : 1)
            for line in hunks { terminal.print(TerminalText.escaped(line)) }
        }
    }
}
