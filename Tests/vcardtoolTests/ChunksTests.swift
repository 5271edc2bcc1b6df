import Testing

@testable import vcardtool

/// `Chunks` gives back what was appended, by number or by place, across chunk boundaries.
@Suite struct ChunksTests {
    @Test func elementsAreFoundByNumberAcrossChunks() {
        var squares = Chunks<Int>(chunkCapacity: 4)
        for n in 0..<11 { squares.append(n * n) }
        #expect(squares.count == 11)
        #expect((0..<11).map { squares[$0] } == (0..<11).map { $0 * $0 })
    }

    @Test func aRunLiesTogetherWhereverItFalls() {
        var bytes = Chunks<UInt8>(chunkCapacity: 8)
        // 5 + 3 fill the first chunk; 5 do not fit after 4 in the second; 20 are more than a chunk.
        let runs: [[UInt8]] = [Array(1...5), Array(6...8), Array(9...12), Array(13...17), Array(18...37), [], Array(38...38)]
        let places = runs.map { bytes.append(run: $0) }
        for (run, place) in zip(runs, places) {
            #expect(Array(bytes[run: place, count: run.count]) == run)
        }
        #expect(places[0].chunk == places[1].chunk)
        #expect(places[3].chunk == places[2].chunk + 1 && places[3].offset == 0)
        #expect(places[4].chunk == places[3].chunk + 1)
    }
}
