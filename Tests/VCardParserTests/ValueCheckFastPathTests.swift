import Testing
@testable import VCardParser

/// `ValueCheck.isPlainlyValid` is the validator's byte-level shortcut for the shapes most values
/// have; it may only ever agree with the full check (`ValueCheck.problem`), never overrule it.
@Suite struct ValueCheckFastPathTests {
    /// Every value the shortcut accepts, the full check accepts too; over values built from the
    /// common shapes with each field drawn from around its range, and one byte changed.
    @Test(arguments: ["date", "date-time", "date-and-or-time", "timestamp", "uri"])
    func shortcutNeverAcceptsWhatTheFullCheckRejects(type: String) {
        var random = SplitMix(seed: 20_261_201)
        var accepted = 0
        for _ in 0..<20_000 {
            var value = Array(sample(type, &random).utf8)
            if random.next() % 3 == 0, !value.isEmpty {  // one byte changed
                let alphabet = Array("0123456789-:TZ+ \\aZ:.x".utf8)
                value[Int(random.next() % UInt64(value.count))] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            let text = String(decoding: value, as: UTF8.self)
            let fast = value.withUnsafeBufferPointer { ValueCheck.isPlainlyValid($0, ofType: type) }
            if fast {
                accepted += 1
                #expect(ValueCheck.problem(in: text, ofType: type) == nil, "\(type) '\(text)'")
            }
        }
        #expect(accepted > 1_000)  // the shortcut is taken for the common shapes
    }

    @Test func theCommonShapesTakeTheShortcut() {
        for value in ["2015-01-22T20:45:16Z", "20160603T124934Z", "1985-04-12", "19850412", "2024-02-29", "20000229T000000"] {
            #expect(Array(value.utf8).withUnsafeBufferPointer { ValueCheck.isPlainlyValid($0, ofType: "timestamp") }, "\(value)")
        }
        for value in ["2026-02-30", "19000229", "20240101T250000Z", "2024-01-01T23:60:00Z", "1985-4-12", "--0412", "2024-01-01T10:00:00+01:00"] {
            #expect(!Array(value.utf8).withUnsafeBufferPointer { ValueCheck.isPlainlyValid($0, ofType: "date-and-or-time") }, "\(value)")
        }
        #expect(Array("tel:+1-555-0100".utf8).withUnsafeBufferPointer { ValueCheck.isPlainlyValid($0, ofType: "uri") })
        #expect(!Array("http\\://example.com".utf8).withUnsafeBufferPointer { ValueCheck.isPlainlyValid($0, ofType: "uri") })
    }

    private func sample(_ type: String, _ random: inout SplitMix) -> String {
        func field(_ width: Int, _ upTo: Int) -> String {
            let n = Int(random.next() % UInt64(upTo + 1))
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        if type == "uri" {
            let schemes = ["tel", "https", "mailto", "x-apple", "1ab", "", "urn", "a.b+c"]
            return schemes[Int(random.next() % UInt64(schemes.count))] + ":" + field(4, 9999)
        }
        let extended = random.next() % 2 == 0
        let (y, m, d) = (field(4, 2100), field(2, 13), field(2, 32))
        var value = extended ? "\(y)-\(m)-\(d)" : "\(y)\(m)\(d)"
        if random.next() % 3 != 0 {
            let (h, mi, s) = (field(2, 25), field(2, 61), field(2, 61))
            value += extended ? "T\(h):\(mi):\(s)" : "T\(h)\(mi)\(s)"
            if random.next() % 2 == 0 { value += "Z" }
        }
        return value
    }
}

/// A small deterministic generator (SplitMix64), so a failure repeats.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
