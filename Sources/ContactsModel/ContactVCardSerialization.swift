import VCardParser

/// Contacts to vCard bytes and back in one call, in the shape of Apple's
/// `CNContactVCardSerialization`.
///
/// Contacts read with ``contacts(with:)`` remember their cards: writing them again gives the same
/// bytes for every card left untouched, and changes only the lines of the fields that changed.
/// New contacts are written in the version asked for (3.0 by default, as Apple writes).
/// ```swift
/// var contacts = try ContactVCardSerialization.contacts(with: bytes)
/// contacts[0].jobTitle = "Engineer"
/// let out = ContactVCardSerialization.data(with: contacts)   // one TITLE line differs from `bytes`
/// ```
public enum ContactVCardSerialization {
    /// The cards of `contacts`, one after the other.
    ///
    /// A contact read from a card keeps that card's version and bytes (only changed lines are
    /// rewritten; a card without a `UID` gets none, so untouched cards stay byte for byte); a new
    /// contact is written in `version`, with its identifier as its `UID`.
    /// ```swift
    /// var ada = Contact()
    /// ada.givenName = "Ada"
    /// let vcf = ContactVCardSerialization.data(with: [ada])             // VERSION:3.0
    /// let v4 = ContactVCardSerialization.data(with: [ada], version: .v4)
    /// ```
    /// - Parameters:
    ///   - contacts: the contacts to write; every key of a new contact is written, and of a read
    ///     one only the changed fields it fetched.
    ///   - version: the version of new cards.
    /// - Returns: the vCard bytes (UTF-8, CRLF line ends).
    /// - Complexity: O(n) in the total size of the cards.
    public static func data(with contacts: [Contact], version: VCardVersion = .v3) -> [UInt8] {
        VCardWriter().encode(contacts.map { $0.vCard(version: version, writingGeneratedIdentifier: false) })
    }

    /// The contacts of vCard bytes, every key fetched, read as ``ContactStore`` reads a file:
    /// any version and encoding, leniently; a card without a `UID` gets the identifier a store
    /// would give it (derived from its `X-ABUID` or its bytes, so the same bytes give the same
    /// identifiers).
    ///
    /// ```swift
    /// let contacts = try ContactVCardSerialization.contacts(with: Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEND:VCARD\r\n".utf8))
    /// contacts[0].formattedName   // "Ada"
    /// ```
    /// - Throws: ``ContactStoreError/unreadable(path:reason:)`` (path `(memory)`) when the reader
    ///   gives up on the bytes (a limit of `ParseOptions` is hit); text without cards has no
    ///   contacts.
    /// - Complexity: O(n) in the size of `data`.
    public static func contacts(with data: [UInt8]) throws(ContactStoreError) -> [Contact] {
        try ContactStore(inMemoryBytes: data).unifiedContacts()
    }
}
