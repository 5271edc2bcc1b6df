import Foundation
import VCardParser

/// Which contacts a fetch returns.
///
/// ```swift
/// let work = ContactPredicate.matchingEmailAddress("Ada@Example.com ", label: .work)
/// let byPhone = ContactPredicate.matchingPhoneNumber(PhoneNumber(stringValue: "+1 (555) 010-0100"))
/// let byName = ContactPredicate.matchingName("zoe")      // finds "Zoë"
/// let many = ContactPredicate.matchingEmailAddresses(["ada@example.com", "grace@example.com"], label: .work)
/// ```
/// A store finds the cards for an email, phone or identifier predicate in its index, without
/// decoding the others.
public struct ContactPredicate: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case all
        case emails(ComparedEmails, label: Label?)
        /// The number's comparison key, and the region that placed it.
        case phone(String, region: String?)
        case name(String)
        case identifiers(Set<String>)
        /// Found in the store's index, not in the contact (see ``matchingGroup(withIdentifier:)``).
        case group(String)
        case container(String)
    }

    let kind: Kind

    /// Every contact.
    public static let all = ContactPredicate(kind: .all)

    /// Contacts with this email address (ignoring surrounding white space and the case of ASCII
    /// letters; see ``normalizedEmail(_:)``); with a label, only emails carrying that label
    /// count (`.work` matches `EMAIL;TYPE=work`).
    public static func matchingEmailAddress(_ address: String, label: Label? = nil) -> ContactPredicate {
        matchingEmailAddresses([address], label: label)
    }

    /// Contacts with any of these email addresses (compared as ``matchingEmailAddress(_:label:)``
    /// compares one): one fetch for many addresses, in time linear in the store, not in
    /// addresses × contacts.
    ///
    /// ```swift
    /// let team = ContactPredicate.matchingEmailAddresses(["ada@example.com", "grace@example.com"], label: .work)
    /// ```
    public static func matchingEmailAddresses(_ addresses: some Sequence<String>, label: Label? = nil) -> ContactPredicate {
        ContactPredicate(kind: .emails(ComparedEmails(addresses.map { Array(normalizedEmail($0).utf8) }), label: label))
    }

    /// Contacts with the same phone number, compared as ``PhoneNumber/matches(_:)`` compares
    /// them: by E.164 when both are international, else by digits.
    public static func matchingPhoneNumber(_ number: PhoneNumber) -> ContactPredicate {
        matchingPhoneNumber(number, defaultRegion: nil)
    }

    /// Contacts with the same phone number, numbers written without a country code read in
    /// `defaultRegion` (``PhoneNumber/matches(_:defaultRegion:)``).
    ///
    /// ```swift
    /// let p = ContactPredicate.matchingPhoneNumber(PhoneNumber(stringValue: "020 7946 0001"), defaultRegion: "GB")
    /// // matches TEL:+44 20 7946 0001, TEL:0044 20 7946 0001, TEL;VALUE=uri:tel:+44-20-7946-0001
    /// ```
    /// - Complexity: with a region, a store reads every card's phones (its index holds the
    ///   numbers as read without one); without, it looks the number up in its index.
    public static func matchingPhoneNumber(_ number: PhoneNumber, defaultRegion: String?) -> ContactPredicate {
        ContactPredicate(kind: .phone(number.comparisonKey(defaultRegion: defaultRegion), region: defaultRegion))
    }

    /// Contacts whose name contains `name`, ignoring case and diacritics.
    public static func matchingName(_ name: String) -> ContactPredicate {
        ContactPredicate(kind: .name(folded(name)))
    }

    /// Contacts with one of these identifiers (`UID`s).
    public static func matchingIdentifiers(_ identifiers: [String]) -> ContactPredicate {
        ContactPredicate(kind: .identifiers(Set(identifiers)))
    }

    /// The members of a group (``ContactStore/groups(matching:)``): for a group card, the contacts
    /// its `MEMBER` (or Apple's `X-ADDRESSBOOKSERVER-MEMBER`) lines name; for a `CATEGORIES`
    /// group, the contacts listing it. Apple's `predicateForContactsInGroup(withIdentifier:)`.
    ///
    /// ```swift
    /// let friends = try store.unifiedContacts(matching: .matchingGroup(withIdentifier: group.identifier), keysToFetch: [.names])
    /// ```
    /// A store finds the members in its index; ``evaluate(_:)`` cannot tell from a contact alone
    /// and is `true` for every contact.
    public static func matchingGroup(withIdentifier identifier: String) -> ContactPredicate {
        ContactPredicate(kind: .group(identifier))
    }

    /// The contacts of a container (``ContactStore/containers(matching:)``): a file of a folder
    /// store, or the whole of a file or memory store. Apple's
    /// `predicateForContactsInContainer(withIdentifier:)`.
    ///
    /// ```swift
    /// let inWork = try store.unifiedContacts(matching: .matchingContainer(withIdentifier: "work.vcf"), keysToFetch: [.names])
    /// ```
    /// A store finds them in its index; ``evaluate(_:)`` is `true` for every contact.
    public static func matchingContainer(withIdentifier identifier: String) -> ContactPredicate {
        ContactPredicate(kind: .container(identifier))
    }

    /// The keys a contact needs for the predicate to be evaluated.
    var requiredKeys: Set<ContactKey> {
        switch kind {
        case .all, .identifiers, .group, .container: return []
        case .emails: return [.emailAddresses]
        case .phone: return [.phoneNumbers]
        case .name: return [.names, .organization, .nickname]
        }
    }

    /// What a store looks up in its index to find the cards that can match.
    enum Lookup {
        case everything
        case emails(Set<UInt64>)
        case phone(UInt64)
        case identifiers(Set<String>)
        /// The members of the group with this identifier.
        case group(String)
        /// The cards of the container with this identifier.
        case container(String)
    }

    var lookup: Lookup {
        switch kind {
        case .all, .name: return .everything
        case .emails(let emails, _): return .emails(Set(emails.addresses.map { CardSlot.key(String(decoding: $0, as: UTF8.self)) }))
        case .phone(_, region: .some): return .everything
        case .phone(let key, region: nil): return .phone(CardSlot.key(key))
        case .identifiers(let ids): return .identifiers(ids)
        case .group(let identifier): return .group(identifier)
        case .container(let identifier): return .container(identifier)
        }
    }

    /// Whether `contact` matches.
    public func evaluate(_ contact: Contact) -> Bool {
        switch kind {
        case .all:
            return true
        case .emails(let emails, let label):
            return contact.emailAddresses.contains { email in
                (label == nil || email.label == label) && emails.contains(Array(Self.normalizedEmail(email.value).utf8))
            }
        case .phone(let key, let region):
            return contact.phoneNumbers.contains { $0.value.comparisonKey(defaultRegion: region) == key }
        case .name(let needle):
            let haystacks = [contact.formattedName, contact.givenName + " " + contact.familyName, contact.nickname, contact.organizationName]
            return haystacks.contains { Self.folded($0).contains(needle) }
        case .identifiers(let ids):
            return ids.contains(contact.identifier)
        case .group, .container:
            return true
        }
    }

    /// What the predicate matches, for messages.
    public var description: String {
        switch kind {
        case .all: return "all contacts"
        case .emails(let emails, let label):
            let a = emails.addresses
            return (a.count == 1 ? "email " : "emails ") + a.map { String(decoding: $0, as: UTF8.self) }.sorted().joined(separator: ", ") + (label.map { " labeled \($0.localizedName)" } ?? "")
        case .phone(let key, let region): return "phone \(key)" + (region.map { " (region \($0))" } ?? "")
        case .name(let n): return "name containing \(n)"
        case .identifiers(let ids): return "identifiers \(ids.sorted().joined(separator: ", "))"
        case .group(let identifier): return "members of group \(identifier)"
        case .container(let identifier): return "contacts in container \(identifier)"
        }
    }

    /// An address as compared: trimmed, without `mailto:`, ASCII letters lower-cased and every
    /// other character kept as it is. Compare the results byte for byte (`utf8`), not with `==`,
    /// which treats canonically equivalent strings as equal.
    ///
    /// ```swift
    /// ContactPredicate.normalizedEmail(" mailto:Kate@Corp.example ")   // "kate@corp.example"
    /// ContactPredicate.normalizedEmail("\u{212A}ATE@corp.example")      // "\u{212A}ate@corp.example": KELVIN SIGN is not k
    /// ```
    public static func normalizedEmail(_ address: String) -> String {
        var bytes: [UInt8]
        if let first = address.utf8.first, let last = address.utf8.last, isNotSpace(first), isNotSpace(last) {
            // Nothing to trim, told from the bytes: a character that starts or ends with an ASCII
            // byte other than a space is no white space (nearly every address).
            bytes = Array(address.utf8)
        } else {
            var s = Substring(address)
            while let f = s.first, f.isWhitespace { s = s.dropFirst() }
            while let l = s.last, l.isWhitespace { s = s.dropLast() }
            bytes = Array(s.utf8)
        }
        for i in bytes.indices where (0x41...0x5A).contains(bytes[i]) { bytes[i] += 0x20 }
        if bytes.starts(with: "mailto:".utf8) { bytes.removeFirst(7) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the byte is ASCII and not white space (tab to carriage return, space).
    private static func isNotSpace(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x20 && !(0x09...0x0D).contains(byte) }

    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
