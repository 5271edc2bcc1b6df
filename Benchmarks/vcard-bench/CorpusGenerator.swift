import HostileInputs

/// Writes a deterministic corpus of realistic cards for the benchmarks.
///
/// Each card is drawn from its own generator seeded with the corpus seed and the card's index, so
/// the first 10,000 cards of a 100,000-card corpus are the 10,000-card corpus. The mix: vCard 2.1
/// (phone exports, quoted-printable names and notes), 3.0 (Apple and Google styles, `itemN` groups
/// with `X-ABLabel`), 4.0; structured N, ORG and ADR with escapes; several EMAIL (exactly one
/// labeled work: `user<index>@example.com`) and TEL; long folded NOTEs with accents, CJK and emoji;
/// about 2 % of cards with an inline base64 PHOTO of 5–20 KB; CRLF line ends; a UID on every card.
///
/// ```swift
/// let generator = CorpusGenerator(seed: 1)
/// var bytes: [UInt8] = []
/// for index in 0..<10 { generator.appendCard(index, to: &bytes) }
/// ```
struct CorpusGenerator {
    static let defaultSeed: UInt64 = 20_261_129

    let seed: UInt64

    /// The work email of card `index`, which `set-phone` and the fetch benchmark look for.
    static func workEmail(_ index: Int) -> String { "user\(index)@example.com" }

    /// `count` card indices spread evenly over a corpus of `cards` cards.
    static func sampleIndices(cards: Int, count: Int) -> [Int] {
        let n = min(count, cards)
        return (0..<n).map { k in (k * cards) / n + (cards / n) / 2 }
    }

    /// The CSV of updates (`email,phone`) for `count` cards spread over the corpus.
    static func updatesCSV(cards: Int, count: Int) -> String {
        var csv = "email,phone\n"
        for (k, index) in sampleIndices(cards: cards, count: count).enumerated() {
            let (a, b) = (String(k % 100).leftPadded(2), String(index % 10_000).leftPadded(4))
            let phone = "+1 555 01\(a) \(b)"
            csv += "\(workEmail(index)),\(phone)\n"
        }
        return csv
    }

    /// Appends card `index` to `out`.
    func appendCard(_ index: Int, to out: inout [UInt8]) {
        var random = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        _ = random.next()
        var card = CardBuilder(out: out, random: random, index: index)
        out = []  // let the builder own the buffer, so appending does not copy it
        card.build()
        out = card.out
    }
}

private enum Style {
    case v21
    case v3Apple
    case v3Google
    case v4
}

/// Builds one card; the pools of words below give names, places and notes.
private struct CardBuilder {
    var out: [UInt8]
    var random: SplitMix64
    let index: Int

    mutating func build() {
        let roll = random.below(100)
        let style: Style = roll < 20 ? .v21 : roll < 50 ? .v3Apple : roll < 75 ? .v3Google : .v4
        let given = random.pick(Pools.givenNames)
        let family = random.pick(Pools.familyNames)
        let middle = random.chance(15) ? random.pick(Pools.givenNames) : ""
        let prefix = random.chance(12) ? random.pick(Pools.prefixes) : ""
        let suffix = random.chance(8) ? random.pick(Pools.suffixes) : ""
        let formatted =
            [prefix, given, middle, family].filter { !$0.isEmpty }.joined(separator: " ")
            + (suffix.isEmpty ? "" : ", " + suffix)

        line("BEGIN:VCARD")
        switch style {
        case .v21: line("VERSION:2.1")
        case .v3Apple, .v3Google: line("VERSION:3.0")
        case .v4: line("VERSION:4.0")
        }
        if style == .v3Apple { line("PRODID:-//Apple Inc.//iPhone OS 17.\(random.below(6))//EN") }
        if style == .v4 && random.chance(40) { line("KIND:individual") }

        let nameComponents = [family, given, middle, prefix, suffix]
        if style == .v21 {
            qpOrPlain("N", nameComponents.map { escape21($0) }.joined(separator: ";"))
            qpOrPlain("FN", formatted)
        } else {
            line("N:" + structured(nameComponents))
            line("FN:" + escape(formatted))
        }
        if random.chance(70) {
            let org =
                [random.pick(Pools.companies)]
                + (random.chance(50) ? [random.pick(Pools.departments)] : [])
            if style == .v21 {
                qpOrPlain("ORG", org.map { escape21($0) }.joined(separator: ";"))
            } else {
                line("ORG:" + structured(org))
            }
        }
        if random.chance(40) {
            let title = random.pick(Pools.titles)
            if style == .v21 { qpOrPlain("TITLE", title) } else { line("TITLE:" + escape(title)) }
        }
        emails(style)
        phones(style)
        addresses(style)
        if random.chance(30) { birthday(style) }
        if random.chance(15) { url(style) }
        if random.chance(40) { note(style) }
        if style != .v21 && random.chance(20) {
            let categories = [random.pick(Pools.categories), random.pick(Pools.categories)]
            line("CATEGORIES:" + categories.joined(separator: ","))
        }
        if style == .v3Apple && random.chance(30) {
            line("X-SOCIALPROFILE;type=twitter:https://twitter.com/user\(index)")
        }
        if random.chance(2) { photo(style) }
        switch style {
        case .v4: line("UID:urn:uuid:" + uuid())
        default: line("UID:" + uuid())
        }
        if style != .v21 && random.chance(70) {
            let year = random.int(in: 15...25)
            let date = "20\(year)-\(two(random.int(in: 1...12)))-\(two(random.int(in: 1...28)))"
            let time = "\(two(random.below(24))):\(two(random.below(60))):\(two(random.below(60)))"
            let stamp = date + "T" + time + "Z"
            line("REV:" + (style == .v4 ? stamp.filter { $0 != "-" && $0 != ":" } : stamp))
        }
        line("END:VCARD")
    }

    // MARK: Properties

    mutating func emails(_ style: Style) {
        let work = CorpusGenerator.workEmail(index)
        let others = [
            "u\(index).home@example.net",
            "\(Pools.asciiSlug(random.next()))\(index)@mail.example.org",
            "contact\(index)@example.co.jp",
        ]
        let count = random.pick([0, 0, 1, 2])
        let workFirst = random.chance(70)
        var list: [(String, Bool)] = []
        for k in 0..<count { list.append((others[k], false)) }
        list.insert((work, true), at: workFirst ? 0 : list.count)
        for (k, (address, isWork)) in list.enumerated() {
            let pref = k == 0
            switch style {
            case .v21:
                line("EMAIL;INTERNET;\(isWork ? "WORK" : "HOME")\(pref ? ";PREF" : ""):\(address)")
            case .v3Apple:
                if isWork {
                    line("EMAIL;type=INTERNET;type=WORK\(pref ? ";type=pref" : ""):\(address)")
                } else {
                    let group = "item\(10 + k)"
                    line("\(group).EMAIL;type=INTERNET\(pref ? ";type=pref" : ""):\(address)")
                    line(
                        "\(group).X-ABLabel:"
                            + random.pick(["_$!<Other>!$_", "_$!<Home>!$_", "Privé", "Uni"]))
                }
            case .v3Google:
                line("EMAIL;TYPE=INTERNET;TYPE=\(isWork ? "WORK" : "HOME"):\(address)")
            case .v4:
                line("EMAIL;TYPE=\(isWork ? "work" : "home")\(pref ? ";PREF=1" : ""):\(address)")
            }
        }
    }

    mutating func phones(_ style: Style) {
        let count = random.int(in: 1...3)
        for k in 0..<count {
            let number = phoneNumber()
            let kind = random.pick(["cell", "home", "work", "main", "fax"])
            let pref = k == 0 && random.chance(60)
            switch style {
            case .v21:
                let types =
                    kind == "main"
                    ? "PREF;WORK" : kind == "fax" ? "WORK;FAX" : kind.uppercased() + ";VOICE"
                line("TEL;\(types)\(pref && kind != "main" ? ";PREF" : ""):\(number)")
            case .v3Apple:
                if kind == "main" || random.chance(25) {
                    let group = "item\(1 + k)"
                    line("\(group).TEL\(pref ? ";type=pref" : ""):\(number)")
                    let label =
                        kind == "main"
                        ? "_$!<Main>!$_" : random.pick(["Büro", "Assistant", "Zweitnummer", "夜間"])
                    line("\(group).X-ABLabel:\(label)")
                } else {
                    let types =
                        kind == "fax"
                        ? "type=WORK;type=FAX" : "type=\(kind.uppercased());type=VOICE"
                    line("TEL;\(types)\(pref ? ";type=pref" : ""):\(number)")
                }
            case .v3Google:
                line("TEL;TYPE=\(kind.uppercased()):\(number)")
            case .v4:
                if random.chance(50) {
                    let uri =
                        "tel:"
                        + number.map { $0 == " " ? "-" : $0 }.filter { $0 != "(" && $0 != ")" }
                    line(
                        "TEL;VALUE=uri;TYPE=\"voice,\(kind)\"\(pref ? ";PREF=1" : ""):\(String(uri))"
                    )
                } else {
                    line("TEL;TYPE=\(kind)\(pref ? ";PREF=1" : ""):\(number)")
                }
            }
        }
    }

    mutating func addresses(_ style: Style) {
        let count = random.pick([0, 0, 1, 1, 2])
        for k in 0..<count {
            let place = random.pick(Pools.places)
            let street = random.pick(Pools.streets)
            let extended =
                random.chance(20)
                ? random.pick(["Apt 4, Floor 2", "c/o Müller", "Bât. B; porte 3"]) : ""
            let components = [
                "", extended, street, place.city, place.region, place.postcode, place.country,
            ]
            let kind = k == 0 ? "home" : "work"
            switch style {
            case .v21:
                qpOrPlain(
                    "ADR;\(kind.uppercased())",
                    components.map { escape21($0) }.joined(separator: ";"))
            case .v3Apple:
                let group = "item\(5 + k)"
                line(
                    "\(group).ADR;type=\(kind.uppercased())\(k == 0 ? ";type=pref" : ""):"
                        + structured(components))
                line("\(group).X-ABADR:\(place.countryCode)")
            case .v3Google:
                line("ADR;TYPE=\(kind.uppercased()):" + structured(components))
            case .v4:
                line(
                    "ADR;TYPE=\(kind);CC=\(place.countryCode.uppercased()):"
                        + structured(components))
            }
        }
    }

    mutating func birthday(_ style: Style) {
        let (y, m, d) = (
            random.int(in: 1940...2010), random.int(in: 1...12), random.int(in: 1...28)
        )
        switch style {
        case .v21, .v3Google: line("BDAY:\(y)-\(two(m))-\(two(d))")
        case .v3Apple:
            if random.chance(30) {
                line("BDAY;X-APPLE-OMIT-YEAR=1604:1604-\(two(m))-\(two(d))")
            } else {
                line("BDAY;value=date:\(y)-\(two(m))-\(two(d))")
            }
        case .v4: line("BDAY:\(y)\(two(m))\(two(d))")
        }
    }

    mutating func url(_ style: Style) {
        let url =
            "https://www.example.org/people/\(index)?ref=vcard&lang="
            + random.pick(["en", "fr", "de", "ja"])
        switch style {
        case .v3Apple:
            line("item9.URL:\(url)")
            line("item9.X-ABLabel:_$!<HomePage>!$_")
        case .v4: line("URL;TYPE=home:\(url)")
        default: line("URL:\(url)")
        }
    }

    mutating func note(_ style: Style) {
        var text = ""
        for k in 0..<random.int(in: 1...3) {
            if k > 0 { text += random.chance(30) ? "\n" : " " }
            text += random.pick(Pools.sentences)
        }
        if style == .v21 {
            if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                line("NOTE:" + text)
            } else {
                quotedPrintable("NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:", text)
            }
        } else {
            line((style == .v4 && random.chance(30) ? "NOTE;LANGUAGE=en:" : "NOTE:") + escape(text))
        }
    }

    mutating func photo(_ style: Style) {
        let length = random.int(in: 5_000...20_000) * 3 / 4
        var jpeg: [UInt8] = [
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01,
        ]
        jpeg.reserveCapacity(length)
        while jpeg.count < length - 2 {
            let word = random.next()
            for shift in stride(from: 0, to: 64, by: 8) where jpeg.count < length - 2 {
                jpeg.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        jpeg += [0xFF, 0xD9]
        let base64 = Base64.encode(jpeg)
        switch style {
        case .v21:
            // Phone exports: base64 lines start with a space and a blank line ends the value.
            appendFolded(Array("PHOTO;ENCODING=BASE64;TYPE=JPEG:".utf8) + base64)
            out += [0x0D, 0x0A]
        case .v3Apple, .v3Google:
            appendFolded(Array("PHOTO;ENCODING=b;TYPE=JPEG:".utf8) + base64)
        case .v4:
            appendFolded(Array("PHOTO:data:image/jpeg;base64,".utf8) + base64)
        }
    }

    // MARK: Values

    mutating func phoneNumber() -> String {
        func digits(_ n: Int) -> String {
            var s = ""
            for _ in 0..<n { s += String(random.below(10)) }
            return s
        }
        switch random.below(5) {
        case 0: return "+1 (555) \(digits(3))-\(digits(4))"
        case 1: return "+44 20 \(digits(4)) \(digits(4))"
        case 2: return "+49 89 \(digits(7))"
        case 3: return "+33 1 \(digits(2)) \(digits(2)) \(digits(2)) \(digits(2))"
        default: return "+81 3-\(digits(4))-\(digits(4))"
        }
    }

    mutating func uuid() -> String {
        let a = random.next()
        let b = random.next()
        let hex =
            String(a, radix: 16, uppercase: true).leftPadded(16)
            + String(b, radix: 16, uppercase: true).leftPadded(16)
        let h = Array(hex)
        return String(h[0..<8]) + "-" + String(h[8..<12]) + "-" + String(h[12..<16]) + "-"
            + String(h[16..<20]) + "-" + String(h[20..<32])
    }

    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// TEXT escaping of vCard 3.0 and 4.0.
    func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case ",": result += "\\,"
            case ";": result += "\\;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A structured value (N, ORG, ADR) of 3.0 and 4.0.
    func structured(_ components: [String]) -> String {
        components.map { escape($0) }.joined(separator: ";")
    }

    /// vCard 2.1 escapes only the semicolon inside a component.
    func escape21(_ text: String) -> String {
        text.replacingSemicolons()
    }

    // MARK: Lines

    /// One logical line, folded at 75 octets (never inside a UTF-8 sequence), CRLF.
    mutating func line(_ text: String) {
        appendFolded(Array(text.utf8))
    }

    mutating func appendFolded(_ bytes: [UInt8]) {
        var column = 0
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            if column + length > 75 {
                out += [0x0D, 0x0A, 0x20]
                column = 1
            }
            out.append(contentsOf: bytes[i..<min(i + length, bytes.count)])
            column += length
            i += length
        }
        out += [0x0D, 0x0A]
    }

    /// A 2.1 property: plain when the value is ASCII, quoted-printable UTF-8 otherwise.
    mutating func qpOrPlain(_ head: String, _ value: String) {
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            line(head + ":" + value)
        } else {
            quotedPrintable(head + ";CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:", value)
        }
    }

    /// `head` then `value` quoted-printable, with `=` soft line breaks before column 76.
    mutating func quotedPrintable(_ head: String, _ value: String) {
        out += Array(head.utf8)
        var column = head.utf8.count
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in value.utf8 {
            let plain = byte >= 0x21 && byte <= 0x7E && byte != UInt8(ascii: "=") || byte == 0x20
            let width = plain ? 1 : 3
            if column + width > 75 {
                out += [UInt8(ascii: "="), 0x0D, 0x0A]
                column = 0
            }
            if byte == 0x0A {
                out += Array("=0D=0A".utf8)
                column += 6
            } else if plain {
                out.append(byte)
                column += 1
            } else {
                out += [UInt8(ascii: "="), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
                column += 3
            }
        }
        out += [0x0D, 0x0A]
    }
}

enum Base64 {
    private static let alphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [
                alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)],
                alphabet[Int(n & 63)],
            ]
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)]]
            out +=
                rest == 2
                ? [alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")]
                : [UInt8(ascii: "="), UInt8(ascii: "=")]
        }
        return out
    }
}

extension String {
    func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }

    fileprivate func replacingSemicolons() -> String {
        var result = ""
        for c in self { result += c == ";" ? "\\;" : String(c) }
        return result
    }
}

/// Word pools; escapes, accents, CJK and emoji on purpose.
private enum Pools {
    static let givenNames = [
        "Anna", "José", "Zoë", "François", "Björn", "Łukasz", "Søren", "Chloé", "Muhammad", "Aoife",
        "Liam", "Olivia", "Noah", "Emma", "Jürgen", "Ingrid", "Siobhán", "Renée", "Ana", "Luís",
        "太郎", "花子", "伟", "秀英", "지민", "Dmitri", "Αλέξανδρος", "Ольга", "Mateo", "Amélie",
        "John", "Mary", "James", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "David",
        "Sarah",
    ]
    static let familyNames = [
        "Müller", "García", "O'Brien", "Smith", "Nguyễn", "Øvergaard", "Dvořák", "Kowalski",
        "Johnson",
        "Lefèvre", "Yılmaz", "Schmidt", "Rossi", "Novák", "Haraldsdóttir", "van der Berg", "山田",
        "王",
        "김", "Иванова", "Παπαδόπουλος", "Brown", "Williams", "Jones", "Miller", "Davis", "Wilson",
        "Taylor", "Anderson", "Thomas", "Moore", "Martin", "Lee", "Walker", "Hall", "Young", "King",
    ]
    static let prefixes = ["Dr.", "Prof.", "Mr.", "Ms.", "Mme", "Herr"]
    static let suffixes = ["Jr.", "PhD", "III", "Esq.", "MBA"]
    static let companies = [
        "Acme, Inc.", "Müller & Söhne GmbH", "株式会社サンプル", "Example Corp", "Initech; EMEA",
        "Globex Corporation", "Société Générale d'Exemple", "Umbrella Ltd.", "Hooli",
        "Contoso, Ltd.",
        "北京示例科技有限公司", "Børnehaven Solsikken", "Stark Industries", "Wayne Enterprises",
    ]
    static let departments = [
        "Sales", "R&D", "Marketing, EMEA", "Recherche & Développement", "営業部", "IT; Support",
    ]
    static let titles = [
        "Software Engineer", "Directrice générale", "Head of Sales, EMEA", "Geschäftsführer",
        "Product Manager",
        "研究員", "Consultant", "Chief Financial Officer", "Designer", "Développeuse senior",
    ]
    static let streets = [
        "12 Rue de l'Église, Bât. B", "Hauptstraße 5", "1600 Amphitheatre Pkwy; Bldg 4",
        "221B Baker Street",
        "Calle de Alcalá 42", "ul. Floriańska 15", "1-2-3 丸の内", "Østerbrogade 88, 3. tv.",
        "742 Evergreen Terrace",
        "Rua Augusta 1500, conj. 12", "Bahnhofstrasse 21", "350 Fifth Avenue",
    ]
    struct Place {
        var city, region, postcode, country, countryCode: String
    }
    static let places = [
        Place(
            city: "Zürich", region: "ZH", postcode: "8001", country: "Schweiz", countryCode: "ch"),
        Place(
            city: "São Paulo", region: "SP", postcode: "01310-100", country: "Brasil",
            countryCode: "br"),
        Place(city: "Kraków", region: "", postcode: "31-042", country: "Polska", countryCode: "pl"),
        Place(
            city: "Montréal", region: "QC", postcode: "H2X 1Y4", country: "Canada",
            countryCode: "ca"),
        Place(
            city: "München", region: "Bayern", postcode: "80331", country: "Deutschland",
            countryCode: "de"),
        Place(city: "Reykjavík", region: "", postcode: "101", country: "Ísland", countryCode: "is"),
        Place(city: "千代田区", region: "東京都", postcode: "100-0005", country: "日本", countryCode: "jp"),
        Place(
            city: "Paris", region: "Île-de-France", postcode: "75004", country: "France",
            countryCode: "fr"),
        Place(city: "New York", region: "NY", postcode: "10118", country: "USA", countryCode: "us"),
        Place(
            city: "København", region: "", postcode: "2100", country: "Danmark", countryCode: "dk"),
        Place(
            city: "London", region: "", postcode: "NW1 6XE", country: "United Kingdom",
            countryCode: "gb"),
        Place(
            city: "Springfield", region: "IL", postcode: "62704", country: "USA", countryCode: "us"),
    ]
    static let categories = [
        "myContacts", "Friends", "Family", "Work", "VIP", "Clients", "Famille", "同僚",
    ]
    static let sentences = [
        "Met at the conference in Zürich; great talk on café culture.",
        "Prefers email, call only after 18:00 please.",
        "Allergic to peanuts. Birthday party at Søren's place 🎉",
        "会议记录：下周二上午十点在北京办公室见面。",
        "東京の新しいオフィスに移転しました。よろしくお願いします。",
        "Rappeler pour le devis, à envoyer avant vendredi.",
        "Kids: Ana (8), Luís (5). Dog: Café 🐶",
        "Address changed in 2023, old one was 5 Main St.",
        "Спасибо за помощь с проектом!",
        "Δεν είναι διαθέσιμος τον Αύγουστο.",
        "🙂 👍 🚀 follow-up re: Q3 budget; see shared folder C:\\Budget\\2024.",
        "Introduced by Zoë from the Kraków office, works on naïve Bayes models.",
        "Plays cello in the community orchestra; tickets for the Dvořák concert.",
        "담당자 변경: 김지민 님께 연락 바랍니다.",
        "Former colleague at Globex; moved to Montréal in 2019.",
    ]

    static func asciiSlug(_ n: UInt64) -> String {
        ["anna", "jose", "zoe", "francois", "bjorn", "lukasz", "soren", "chloe", "liam", "olivia"][
            Int(n % 10)]
    }
}
