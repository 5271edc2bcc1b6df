import ContactsModel
import VCardFormats
import VCardParser

/// The phone changes `set-phone` was asked for, one per email address, each with where it was
/// asked (`--phone`, or `FILE:LINE` of a CSV row) for messages.
///
/// Emails are compared as ``ContactPredicate/normalizedEmail(_:)`` gives them, byte for byte.
/// With a ``region``, a phone written without a country code that parses as a possible number
/// is asked in international form (`020 7946 0001 x5` in GB: `+44 20 7946 0001 x5`), so a 4.0
/// card gets it as a global `tel:` URI with its extension.
///
/// ```swift
/// var updates = PhoneUpdates()
/// let problem = updates.add(email: "Ada@example.com", phone: "+1 555 0199", from: "--phone", allowingClear: false)
/// updates.request(for: "ada@example.com")?.change     // .set(+1 555 0199)
/// ```
struct PhoneUpdates {
    /// What to do with a card's main phone.
    enum Change: Equatable, CustomStringConvertible {
        case set(PhoneNumber)
        /// Remove the main phone (`--clear`).
        case clear

        var description: String {
            switch self {
            case .set(let number): return "'\(number)'"
            case .clear: return "no phone (clear)"
            }
        }
    }

    struct Request {
        var email: String
        var change: Change
        /// `--phone`, or `FILE:LINE` of the CSV row.
        var source: String
    }

    /// The requests by normalized email, as UTF-8 (so that only identical addresses share one).
    private var requests: [EmailKey: Request] = [:]
    /// The same addresses' digests, with which most cards' emails are found not asked for from
    /// their bytes alone, with no address made.
    private var asked = EmailDigests()
    /// The normalized addresses in the order first asked, for the summary.
    private(set) var emails: [String] = []
    /// The region of phones written without a country code (`--region`), or none: they stay as typed.
    var region: String?

    /// The request for an address as written in a card, if any.
    func request(for address: String) -> Request? {
        requests[EmailKey(ContactPredicate.normalizedEmail(address))]
    }

    /// The request for the address of an `EMAIL` property, if any: the same as for its text,
    /// read from the value's bytes (``ContactPredicate/comparedEmail(_:)``).
    func request(for email: Property) -> Request? {
        guard asked.mayContainEmail(of: email) else { return nil }
        return requests[EmailKey(ContactPredicate.comparedEmail(email))]
    }

    /// Whether a request may be about the card, read with the places of its `EMAIL` values
    /// (``VCardParser/VCardReader/AsRead/init(keepingValuesOf:_:)``): `false` for nearly every
    /// card no request is about, found from the values' bytes; `true` too when a value was not
    /// placed (the card is then read in full, and ``request(for:)-(Property)`` decides).
    func mayBeAbout(_ card: CardAsRead) -> Bool {
        !card.values.isComplete || card.containsValue { asked.mayContainEmail(valueBytes: $0) }
    }

    /// Adds one request; the problem to report when the phone is blank without `allowingClear`
    /// (a blank phone then means ``Change/clear``) or when the address already asked for another phone.
    mutating func add(email: String, phone: String, from source: String, allowingClear: Bool) -> String? {
        let key = ContactPredicate.normalizedEmail(email)
        let phone = phone.trimmingSpaces()
        if phone.isEmpty && !allowingClear {
            return "\(source): empty phone for \(key); use --clear to remove main phones"
        }
        let request = Request(email: key, change: phone.isEmpty ? .clear : .set(placed(PhoneNumber(stringValue: phone))), source: source)
        let compared = EmailKey(key)
        guard let earlier = requests[compared] else {
            requests[compared] = request
            asked.insert(compared.bytes)
            emails.append(key)
            return nil
        }
        guard !asksTheSame(earlier.change, request.change) else { return nil }
        return "\(earlier.source) and \(source) ask different phones for \(key): \(earlier.change) and \(request.change)"
    }

    /// Whether two changes ask for the same: both to clear, or the same number (as
    /// ``PhoneNumber/matches(_:defaultRegion:)`` compares them in the ``region``) with the same
    /// extension, however each is written.
    func asksTheSame(_ a: Change, _ b: Change) -> Bool {
        switch (a, b) {
        case (.clear, .clear): return true
        case (.set(let x), .set(let y)): return x.matches(y, defaultRegion: region) && x.phoneExtension == y.phoneExtension
        case (.clear, .set), (.set, .clear): return false
        }
    }

    /// The number in international form when the ``region`` places it as a possible number and
    /// it has no country code of its own; else as typed.
    private func placed(_ number: PhoneNumber) -> PhoneNumber {
        guard let region, !number.digits.hasPrefix("+"), let parsed = number.parsed(defaultRegion: region), parsed.isPossible
        else { return number }
        return PhoneNumber(stringValue: parsed.international)
    }

    /// Reads a CSV file with a header row naming the columns `email` and `phone`.
    /// - Returns: The problems found (empty when every row was added); each names its row.
    mutating func add(csv bytes: [UInt8], named path: String, allowingClear: Bool) -> [String] {
        let rows: [CSVReader.Row]
        do {
            rows = try CSVReader.numberedRows(bytes)
        } catch {
            return ["\(path):\(error)"]
        }
        guard let header = rows.first?.fields.map({ $0.trimmingSpaces().lowercased() }),
            let e = header.firstIndex(of: "email"), let p = header.firstIndex(of: "phone")
        else { return ["\(path): the first row must name the columns 'email' and 'phone'"] }
        var problems: [String] = []
        requests.reserveCapacity(requests.count + rows.count - 1)
        for row in rows.dropFirst() {
            guard row.fields.count > max(e, p) else {
                problems.append("\(path):\(row.line): expected columns email and phone")
                continue
            }
            if let problem = add(email: row.fields[e], phone: row.fields[p], from: "\(path):\(row.line)", allowingClear: allowingClear) {
                problems.append(problem)
            }
        }
        return problems
    }
}
