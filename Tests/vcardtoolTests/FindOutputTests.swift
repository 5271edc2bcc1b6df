import Foundation
import Testing

/// `vcardtool find`: repeated criteria (OR), short options, --count, --quiet and --format json.
@Suite struct FindOutputTests {
    let sample = ToolProcess.fixture("sample-contacts.vcf")

    @Test func repeatedCriterionMeansAnyOfItsValues() throws {
        let result = try ToolProcess.run(["find", "-e", "grace@navy.example", "--email", "alan@bletchley.example", "--fields", "FN", sample])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdoutText == "FN\nGrace Hopper\nAlan Turing\n")
    }

    @Test func differentCriteriaMustAllMatch() throws {
        let result = try ToolProcess.run(["find", "-e", "grace@navy.example", "-e", "alan@bletchley.example", "-n", "alan", "--fields", "FN", sample])
        #expect(result.stdoutText == "FN\nAlan Turing\n")
        let none = try ToolProcess.run(["find", "-n", "grace", "-p", "+44 20 7946 0000", sample])
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
    }

    @Test func shortOptionsAreTheLongOnes() throws {
        let short = try ToolProcess.run(["find", "-p", "+1 (202) 555 0143", "--fields", "FN", sample])
        let long = try ToolProcess.run(["find", "--phone", "+1 (202) 555 0143", "--fields", "FN", sample])
        #expect(short.stdoutText == "FN\nGrace Hopper\n")
        #expect(short.stdoutText == long.stdoutText)
    }

    @Test func countPrintsTheNumberOfMatches() throws {
        let all = try ToolProcess.run(["find", "--count", sample])
        #expect(all.status == 0)
        #expect(all.stdoutText == "4\n")
        let none = try ToolProcess.run(["find", "--count", "-n", "nobody", sample])
        #expect(none.status == 1)
        #expect(none.stdoutText == "0\n")
        let json = try ToolProcess.run(["find", "--count", "--format", "json", "-n", "a", sample])
        #expect(json.stdoutText == "{\"count\":4}\n")
    }

    @Test func quietPrintsNothingAndAnswersByStatus() throws {
        let yes = try ToolProcess.run(["find", "-q", "-e", "ADA@home.example", sample])
        #expect(yes.status == 0)
        #expect(yes.stdout.isEmpty)
        #expect(yes.stderr == "")
        let no = try ToolProcess.run(["find", "--quiet", "-e", "nobody@example.com", sample])
        #expect(no.status == 1)
        #expect(no.stdout.isEmpty)
    }

    @Test func outputsExcludeEachOther() throws {
        let result = try ToolProcess.run(["find", "--count", "-q", sample])
        #expect(result.status == 2)
        #expect(result.stderr == ToolProcess.usageError("--fields, --count and --quiet exclude each other", "find", FindTests.usage))
    }

    @Test func jsonLinesHoldEachMatchingCard() throws {
        let result = try ToolProcess.run(["find", "--format", "json", "-e", "grace@navy.example", "-e", "ada@home.example", sample])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let cards = try ToolProcess.fixtureCards("sample-contacts.vcf")
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 2)
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { Set($0.keys) } == [["file", "line", "name", "vcard"], ["file", "line", "name", "vcard"]])
        #expect(objects.map { $0["name"] as? String } == ["Ada Lovelace", "Grace Hopper"])
        #expect(objects.map { $0["file"] as? String } == [sample, sample])
        #expect(objects[0]["line"] as? Int == 1)
        #expect(objects.map { $0["vcard"] as? String } == [cards[0], cards[1]])
    }

    @Test func jsonFieldsHoldTheDecodedValues() throws {
        let result = try ToolProcess.run(["find", "--format", "json", "-n", "ada", "--fields", "EMAIL,X-NONE", sample])
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [String: Any])
        let fields = try #require(object["fields"] as? [String: [String]])
        #expect(fields == ["EMAIL": ["ada@analytical.example", "ada@home.example"], "X-NONE": []])
    }
}
