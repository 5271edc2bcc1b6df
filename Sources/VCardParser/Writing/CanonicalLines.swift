/// The lines of one card's body written canonically in its own version, one after the other as
/// they come, from the bytes they were read from: a line that is canonical as read is copied,
/// with the lines next to it in one run; another is written from its parts
/// (``LineWriter/writeLine(_:_:decodedValue:to:)``); and each is kept a line of its own
/// (``LineSeparation``). What ``VCardWriter``'s canonical style writes for a line of a card in
/// the version it was read in, whether the line comes from a card's properties or straight from
/// the parser (``CanonicalCardWriter``), which makes no property.
///
/// ```swift
/// var lines = CanonicalLines(version: .v3)
/// if !lines.write(text, layout, decodedValue: nil, to: &out) { /* the general path */ }
/// lines.flush(to: &out)
/// ```
struct CanonicalLines {
    let writer: LineWriter
    private var run = CopyRun()
    private var separation = LineSeparation()

    init(version: VCardVersion) {
        writer = LineWriter(version: version, sourceVersion: version, lineEnding: [.cr, .lf])
    }

    /// Writes a well-formed line of the version written, read as `text` (from its blank lines
    /// before it to its line end when it lies in a card's bytes; the joined text of a folded
    /// line), its parts where `layout` says, its value `decodedValue` when one was decoded.
    /// Only a line whose text ends in its CRLF is copied, so the run copied holds the card's own
    /// bytes, never the joined text of a folded line, which is gone by the next line.
    /// `false`, and nothing written, when only the general path writes it
    /// (``LineWriter/writeDecoded(_:isVersionLine:to:)``, then ``wrote(isMalformed:from:in:)``).
    @inline(__always)
    mutating func write(_ text: UnsafeBufferPointer<UInt8>, _ layout: LineLayout, decodedValue: UnsafeBufferPointer<UInt8>?, to out: inout [UInt8]) -> Bool {
        if decodedValue == nil, writer.isCanonicalAsRead(text, layout), separation.wroteLineOfItsOwn(from: out.count + run.count) {
            run.add(text, flushingTo: &out)
            return true
        }
        run.flush(to: &out)
        let start = out.count
        guard writer.writeLine(text, layout, decodedValue: decodedValue, to: &out) else { return false }
        separation.wrote(isMalformed: false, from: start, in: &out, lineEnding: writer.lineEnding)
        return true
    }

    /// Appends the lines a card written canonically opens with: `BEGIN:VCARD`, then its `VERSION`.
    static func appendBegin(_ version: VCardVersion, to out: inout [UInt8]) {
        switch version {
        case .v2_1: out.append("BEGIN:VCARD\r\nVERSION:2.1\r\n" as StaticString)
        case .v3: out.append("BEGIN:VCARD\r\nVERSION:3.0\r\n" as StaticString)
        case .v4: out.append("BEGIN:VCARD\r\nVERSION:4.0\r\n" as StaticString)
        }
    }

    /// Appends the line a card written canonically ends with.
    static func appendEnd(to out: inout [UInt8]) {
        out.append("END:VCARD\r\n" as StaticString)
    }

    /// Appends the lines waiting to be copied: before a line the general path writes, and at
    /// the end of the card.
    mutating func flush(to out: inout [UInt8]) {
        run.flush(to: &out)
    }

    /// Records a line the general path wrote from `start` in `out`, keeping it apart from the
    /// line before (``LineSeparation/wrote(isMalformed:from:in:lineEnding:)``).
    mutating func wrote(isMalformed: Bool, from start: Int, in out: inout [UInt8]) {
        separation.wrote(isMalformed: isMalformed, from: start, in: &out, lineEnding: writer.lineEnding)
    }
}

/// Lines of a card's bytes that are written as they were read, one after the other: appended to
/// the output together, when a line that is not next to them comes or the card ends.
private struct CopyRun {
    private var start: UnsafePointer<UInt8>?
    /// How many bytes are waiting.
    private(set) var count = 0

    /// Adds `bytes`, first appending what is waiting to `out` when `bytes` do not follow it.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, flushingTo out: inout [UInt8]) {
        if let start, start + count == bytes.baseAddress {
            count += bytes.count
            return
        }
        flush(to: &out)
        start = bytes.baseAddress
        count = bytes.count
    }

    /// Appends what is waiting to `out`.
    mutating func flush(to out: inout [UInt8]) {
        guard let start, count > 0 else { return }
        out.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
        self.start = nil
        count = 0
    }
}
