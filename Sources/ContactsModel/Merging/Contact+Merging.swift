import VCardParser

extension Contact {
    /// This contact with what `others` add, by the rules of `vcardtool merge`: every line of
    /// this contact's card stays as it is (but a line whose `TYPE` labels are joined), and each
    /// value of the others that it lacks in meaning is appended: an email ignoring ASCII case and
    /// `mailto:`, a number however written, anything else by its decoded value. Properties that
    /// may repeat (EMAIL, TEL, ADR, URL, NOTE, CATEGORIES…) are a union; a property held at most
    /// once (N, FN, BDAY, UID…) keeps this contact's value and the other is kept as
    /// `X-MERGED-<NAME>`: nothing is dropped.
    ///
    /// The result keeps this contact's identifier and fetched keys; the cards are read whole,
    /// whatever keys were fetched. To merge contacts of a store, and delete the others in the
    /// same save, use ``SaveRequest/merge(_:keeping:)``.
    ///
    /// ```swift
    /// let sam = Contact(card: google)              // FN:Sam Shared, EMAIL:sam@shared.example
    /// let merged = sam.merging([Contact(card: apple)])
    /// merged.vCard()   // Google's lines, then Apple's new NOTE and X-MERGED-FN:Samuel Shared
    /// ```
    /// - Parameter others: the contacts merged into this one, in order.
    /// - Returns: the merged contact (equal to this one when the others add nothing).
    /// - Complexity: O(p) for p the properties of the cards.
    public func merging(_ others: [Contact]) -> Contact {
        let cards = [vCard(writingGeneratedIdentifier: false)] + others.map { $0.vCard(writingGeneratedIdentifier: false) }
        let (card, _, changed) = CardMerge.merge(cards, keeping: 0)
        guard changed else { return self }
        var merged = Contact(card: card, keys: fetchedKeys, identifier: identifier, hasGeneratedIdentifier: hasGeneratedIdentifier)
        merged.revision = revision
        return merged
    }
}
