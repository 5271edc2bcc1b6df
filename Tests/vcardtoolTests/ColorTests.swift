import Foundation
import Testing
@testable import vcardtool

/// `diff --color auto|always|never`, `NO_COLOR` and `TERM=dumb`.
@Suite struct ColorTests {
    let sample = ToolProcess.fixture("sample-contacts.vcf")

    static func environment(_ values: [String: String]) -> (String) -> String? { { values[$0] } }

    @Test func autoNeedsATerminalNotDumbAndNoNoColor() {
        #expect(ColorChoice.auto.isOn(outputIsTerminal: true, environment: Self.environment(["TERM": "xterm"])))
        #expect(ColorChoice.auto.isOn(outputIsTerminal: true, environment: Self.environment(["NO_COLOR": ""])))
        #expect(!ColorChoice.auto.isOn(outputIsTerminal: false, environment: Self.environment([:])))
        #expect(!ColorChoice.auto.isOn(outputIsTerminal: true, environment: Self.environment(["TERM": "dumb"])))
        #expect(!ColorChoice.auto.isOn(outputIsTerminal: true, environment: Self.environment(["NO_COLOR": "1"])))
        #expect(ColorChoice.always.isOn(outputIsTerminal: false, environment: Self.environment(["NO_COLOR": "1", "TERM": "dumb"])))
        #expect(!ColorChoice.never.isOn(outputIsTerminal: true, environment: Self.environment([:])))
    }

    func changed(_ dir: URL) throws -> String {
        try ToolProcess.write(String(decoding: try ToolProcess.bytes(sample), as: UTF8.self).replacingAlan(), to: dir, "new.vcf")
    }

    @Test func alwaysColoursAPipeAndNeverDoesNot() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let new = try changed(dir)
        let always = try ToolProcess.run(["diff", "--color", "always", sample, new], environment: ["NO_COLOR": "1"])
        #expect(always.status == 1)
        #expect(always.stdoutText.contains("\u{1B}[32m+ Alan M. Turing\u{1B}[0m\n"))
        let auto = try ToolProcess.run(["diff", sample, new])
        #expect(auto.stdoutText.contains("+ Alan M. Turing\n"))
        #expect(!auto.stdoutText.contains("\u{1B}["))
        let never = try ToolProcess.run(["diff", "--color=never", sample, new])
        #expect(never.stdout == auto.stdout)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func dumbTerminalGetsNoEscapeCodes() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let new = try changed(dir)
        func onTerminal(_ environment: [String: String], _ options: String = "") throws -> String {
            try ToolProcess.onTerminal("diff \(options) '\(sample)' '\(new)'", environment: environment, in: dir)
        }
        let dumb = try onTerminal(["TERM": "dumb"])
        #expect(dumb.contains("+ Alan M. Turing\r\n"))
        #expect(!dumb.contains("\u{1B}["))
        #expect(try onTerminal(["TERM": "xterm"]).contains("\u{1B}[32m+ Alan M. Turing"))
        #expect(!(try onTerminal(["TERM": "xterm"], "--color never").contains("\u{1B}[")))
    }

    @Test func unknownColourIsAUsageError() throws {
        let result = try ToolProcess.run(["diff", "--color", "sometimes", sample, sample])
        #expect(result.status == 2)
        #expect(result.stderr == ToolProcess.usageError("Unknown colour 'sometimes'; use auto, always or never", "diff", DiffTests.usage))
    }
}
