/// Pathological vCard inputs of a chosen size, built in memory: the robustness tests check that
/// each parses or stops at a limit, and `vcard-bench hostile` times each at two sizes to show
/// that the time grows linearly.
///
/// ```swift
/// let bytes = HostileInputs.parameters(100_000)   // one TEL with 100,000 parameters
/// ```
public enum HostileInputs {
    public static let head = Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:x\r\n".utf8)
    public static let tail = Array("END:VCARD\r\n".utf8)

    /// A card with one NOTE of `bytes` bytes, folded every 75 octets.
    public static func foldedNote(_ bytes: Int) -> [UInt8] {
        var out = head + Array("NOTE:".utf8)
        out.reserveCapacity(bytes + bytes / 70 * 3 + 64)
        let chunk = Array("\r\n 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        while out.count < bytes { out += chunk }
        return out + Array("\r\n".utf8) + tail
    }

    /// A card with one NOTE of `bytes` bytes on a single physical line.
    public static func longLine(_ bytes: Int) -> [UInt8] {
        head + Array("NOTE:".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: bytes) + Array("\r\n".utf8) + tail
    }

    /// A TEL with `count` parameters.
    public static func parameters(_ count: Int) -> [UInt8] {
        var out = head + Array("TEL".utf8)
        out.reserveCapacity(count * 12 + 64)
        for i in 0..<count { out += Array(";X-P\(i)=v".utf8) }
        return out + Array(":+1 555 0100\r\n".utf8) + tail
    }

    /// `depth` 2.1 AGENT cards, each inside the one before.
    public static func nestedAgents(_ depth: Int) -> [UInt8] {
        var out = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Outer\r\n".utf8)
        let open = Array("AGENT:BEGIN:VCARD\r\nVERSION:2.1\r\n".utf8), close = Array("END:VCARD\r\n".utf8)
        out.reserveCapacity(depth * (open.count + close.count) + 64)
        for _ in 0..<depth { out += open }
        for _ in 0..<depth { out += close }
        return out + close
    }

    /// One card with `count` tiny properties, with `lineEnd` after every line.
    public static func tinyProperties(_ count: Int, lineEnd: [UInt8] = [0x0D, 0x0A]) -> [UInt8] {
        var out = Array("BEGIN:VCARD".utf8) + lineEnd + Array("VERSION:4.0".utf8) + lineEnd + Array("FN:x".utf8) + lineEnd
        let line = Array("X:1".utf8) + lineEnd
        out.reserveCapacity(count * line.count + 64)
        for _ in 0..<count { out += line }
        return out + Array("END:VCARD".utf8) + lineEnd
    }
}
