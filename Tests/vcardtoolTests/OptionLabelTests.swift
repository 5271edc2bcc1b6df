import Testing
@testable import vcardtool

/// `OptionLabel`: what a help row's label declares, and `Arguments` taking short names from it.
@Suite struct OptionLabelTests {
    @Test func namesAndValues() {
        let email = OptionLabel("-e, --email <address>")
        #expect(email.names == ["-e", "--email"])
        #expect(email.longName == "--email")
        #expect(email.value == .placeholder("address"))
        #expect(OptionLabel("--format text|json").value == .choices(["text", "json"]))
        #expect(OptionLabel("-q, --quiet") == OptionLabel("-q, --quiet"))
        #expect(OptionLabel("--strict").value == nil)
        #expect(OptionLabel("--strict").names == ["--strict"])
    }

    @Test func shortNamesAreTakenWithTheLongOnes() throws {
        var arguments = Arguments(
            ["-e", "a@b.c", "--email=d@e.f", "-q", "x.vcf"],
            declared: [OptionLabel("-e, --email <address>"), OptionLabel("-q, --quiet")])
        #expect(try arguments.options("email") == ["a@b.c", "d@e.f"])
        let quiet = arguments.flag("quiet")
        #expect(quiet)
        #expect(try arguments.finish() == ["x.vcf"])
    }

    /// The usage error `finish()` throws for the arguments, or `nil`.
    func finishError(_ items: [String], _ labels: [String]) -> String? {
        var arguments = Arguments(items, declared: labels.map(OptionLabel.init))
        do {
            _ = try arguments.finish()
            return nil
        } catch {
            return error.message
        }
    }

    @Test func unknownOptionSuggestsTheNearestLongName() {
        #expect(finishError(["--qiet"], ["-q, --quiet", "--count"]) == "Unknown option '--qiet'; did you mean '--quiet'?")
        #expect(finishError(["--zzzzz=1"], ["--count"]) == "Unknown option '--zzzzz'")
        #expect(finishError(["--", "--qiet"], ["-q, --quiet"]) == nil)
    }
}
