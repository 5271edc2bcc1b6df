import HostileInputs
import Testing
import VCardParser

@testable import VCardFormats

/// ``ByteStream`` keeps dropped bytes until they are half of what it holds, then moves the rest
/// down once: indices, line and column must read as if every drop had happened at once.
@Suite struct ByteStreamTests {
    @Test func dropsAtRandomPlacesKeepIndicesAndPositions() throws {
        var rng = SplitMix64(seed: 20_261_201)
        let text = Array((0..<1_500).map { "row \($0)," + String(repeating: "x", count: Int(rng.next() % 40)) + "\n" }.joined().utf8)
        // Under 64 KiB, so that the pipe takes it all before it is read.
        #expect(text.count < 60_000)
        for fromMemory in [true, false] {
            let pipe = OpenPipe()
            var stream: ByteStream
            if fromMemory {
                stream = ByteStream(bytes: text)
            } else {
                pipe.write(String(decoding: text, as: UTF8.self))
                pipe.closeWriting()
                stream = ByteStream(fileDescriptor: pipe.readEnd)
            }
            var dropped = 0
            while dropped < text.count {
                let look = min(Int(rng.next() % 200), text.count - dropped - 1)
                #expect(try stream.byte(at: look) == text[dropped + look])
                #expect(stream[look] == text[dropped + look])
                #expect(Array(stream[..<look]) == Array(text[dropped..<(dropped + look)]))
                let position = stream.position(of: look)
                let before = text[..<(dropped + look)]
                let line = before.filter { $0 == 0x0A }.count + 1
                let column = dropped + look - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
                #expect(position.line == line && position.column == column, "at \(dropped + look)")
                let step = min(Int(rng.next() % 300) + 1, text.count - dropped)
                if step > stream.count { _ = try stream.byte(at: step - 1) }
                stream.drop(upTo: step)
                dropped += step
            }
            #expect(try stream.byte(at: 0) == nil)
        }
    }
}
