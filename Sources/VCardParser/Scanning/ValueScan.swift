/// What the parser learns from a value's bytes in one pass, eight bytes at a time: whether they
/// are valid UTF-8, and whether they hold a backslash (an escape to check).
///
/// ```swift
/// let scan = Array("a\\,b".utf8).withUnsafeBufferPointer { ValueScan($0) }
/// // scan.isUTF8 == true, scan.hasBackslash == true
/// ```
struct ValueScan {
    var isUTF8: Bool
    var hasBackslash: Bool

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.baseAddress != nil else {
            isUTF8 = true
            hasBackslash = false
            return
        }
        let ones = Word.ones, highs = Word.highs
        var i = 0
        var high: UInt64 = 0
        var backslashes: UInt64 = 0
        while i + 8 <= bytes.count {
            let word = Word.load(bytes, at: i)
            high |= word
            let x = word ^ (ones &* UInt64(UInt8.backslash))
            backslashes |= (x &- ones) & ~x & highs  // non-zero exactly when a byte of x is zero
            i += 8
        }
        var tailBackslash = false
        while i < bytes.count {
            high |= UInt64(bytes[i])
            if bytes[i] == .backslash { tailBackslash = true }
            i += 1
        }
        hasBackslash = backslashes != 0 || tailBackslash
        isUTF8 = high & highs == 0 || Charset.isWellFormedUTF8(bytes)
    }
}
