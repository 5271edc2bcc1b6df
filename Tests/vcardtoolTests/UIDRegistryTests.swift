import Testing

@testable import vcardtool

/// `UIDRegistry` finds where a UID was first seen, whether its hash came from `prefetch(_:)`
/// (as `validate` does, a batch ahead) or was made at the look-up.
@Suite struct UIDRegistryTests {
    @Test func aPrefetchedHashFindsWhatTheLookUpFinds() {
        var uids = UIDRegistry()
        uids.startFile("a.vcf")
        let names = (0..<5_000).map { ArraySlice("urn:uuid:\($0)".utf8) } + [ArraySlice("\u{212A}elvin".utf8), ArraySlice("caf\u{E9}".utf8)]
        for (line, uid) in names.enumerated() {
            let hash = line % 2 == 0 ? uids.prefetch(uid) : nil
            #expect(uids.firstPlace(of: uid, hash: hash, line: line + 1) == nil)
        }
        uids.startFile("b.vcf")
        let again = names.reversed() + [ArraySlice("Kelvin".utf8), ArraySlice("cafe\u{301}".utf8)]
        for uid in again {
            let hash = uid.count % 2 == 0 ? uids.prefetch(uid) : nil
            let first = uids.firstPlace(of: uid, hash: hash, line: 0)
            #expect(first?.file == "a.vcf", "\(String(decoding: uid, as: UTF8.self))")
        }
        #expect(uids.firstPlace(of: ArraySlice("Kelvin".utf8), line: 0)?.line == names.count - 1)
    }
}
