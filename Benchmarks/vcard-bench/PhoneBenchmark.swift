import ContactsModel
import HostileInputs

/// `vcard-bench phones`: `PhoneNumber.e164(defaultRegion:)` on a million numbers typed in the
/// forms people use (E.164, international with spaces, national with the trunk prefix and
/// brackets, dialled with 00/011, with extensions, `tel:` URIs, keypad letters), read with a
/// default region; prints the median time per number of `samples` runs after a warm-up.
enum PhoneBenchmark {
    /// (typed form, default region): `#` is replaced by a random digit.
    static let forms: [(String, String)] = [
        ("+44 20 79## ####", "GB"), ("020 79## ####", "GB"), ("(020) 79##-#### ext. ##", "GB"),
        ("0044 20 79## ####", "GB"), ("+1 (650) 25#-####", "US"), ("1-650-25#-####", "US"),
        ("011 49 30 ### ####", "US"), ("tel:+49-30-###-####;ext=#", "DE"), ("8 (495) ###-##-##", "RU"),
        ("0800 FLOWERS", "GB"), ("+33 1 ## ## ## ##", "FR"), ("06 ## ## ## ##", "FR"),
    ]

    /// `count` numbers from the forms in turn, random digits from a fixed seed.
    static func numbers(_ count: Int) -> [(PhoneNumber, String)] {
        var random = SplitMix64(seed: 18)
        return (0..<count).map { i in
            let (form, region) = forms[i % forms.count]
            let typed = String(form.map { $0 == "#" ? Character(String(random.next() % 10)) : $0 })
            return (PhoneNumber(stringValue: typed), region)
        }
    }

    static func run(count: Int, samples: Int) {
        let numbers = numbers(count)
        let clock = ContinuousClock()
        var sink = 0
        var times: [Duration] = []
        for sample in 0...samples {  // sample 0 warms up
            let time = clock.measure {
                for (number, region) in numbers { sink &+= number.e164(defaultRegion: region)?.utf8.count ?? 0 }
            }
            if sample > 0 { times.append(time) }
        }
        times.sort()
        let ns = { (d: Duration) in Format.fixed(d.seconds * 1e9 / Double(count), 0) }
        Table.print([
            ["benchmark", "numbers", "median ns/number", "min ns/number", "notes"],
            [
                "phone-e164", Format.grouped(count), ns(times[times.count / 2]), ns(times[0]),
                "PhoneNumber.e164(defaultRegion:), \(forms.count) forms in turn",
            ],
        ])
        print("sink \(sink)")
    }
}
