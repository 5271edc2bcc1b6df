/// What the parser learns from a value's bytes in one pass, sixteen bytes at a time
/// (``ByteBlock``), then eight (``Word``): whether they are valid UTF-8, whether they hold a
/// backslash (an escape to check), and whether they may hold a control character (the validator
/// then looks for it).
///
/// ```swift
/// let scan = Array("a\\,b".utf8).withUnsafeBufferPointer { ValueScan($0) }
/// // scan.isUTF8 == true, scan.hasBackslash == true, scan.mayHoldControl == false
/// ```
struct ValueScan {
    var isUTF8: Bool
    var hasBackslash: Bool
    /// Set when a byte is below 0x20 (tab included) or is 0x7F; never unset when one is.
    var mayHoldControl: Bool

    init(isUTF8: Bool, hasBackslash: Bool, mayHoldControl: Bool) {
        self.isUTF8 = isUTF8
        self.hasBackslash = hasBackslash
        self.mayHoldControl = mayHoldControl
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.baseAddress != nil else {
            isUTF8 = true
            hasBackslash = false
            mayHoldControl = false
            return
        }
        let ones = Word.ones, highs = Word.highs
        var i = 0
        var high: UInt64 = 0
        var found: UInt64 = 0
        var blockBackslashes: UInt64 = 0, blockControls: UInt64 = 0, blockHighs: UInt64 = 0
        let base = bytes.baseAddress.unsafelyUnwrapped
        while i &+ ByteBlock.size <= bytes.count {
            let block = base + i
            blockBackslashes |= ByteBlock.equal(block, .backslash)
            blockControls |= ByteBlock.controls(block)
            blockHighs |= ByteBlock.high(block)
            i &+= ByteBlock.size
        }
        while i + 8 <= bytes.count {
            let word = Word.load(bytes, at: i)
            high |= word
            // A byte of `backslash` is zero where the word holds a backslash; the first test is
            // non-zero exactly when one is (it sets the bottom bit of a byte, after the shift).
            let backslash = word ^ (ones &* UInt64(UInt8.backslash))
            found |= ((backslash &- ones) & ~backslash & highs) >> 7 | Word.controls(word)
            i += 8
        }
        var tailBackslash = false, tailControl = false
        while i < bytes.count {
            let b = bytes[i]
            high |= UInt64(b)
            if b == .backslash { tailBackslash = true }
            if b < 0x20 || b == 0x7F { tailControl = true }
            i += 1
        }
        // Backslashes set the low bit of their byte; the other two tests its top bit.
        hasBackslash = found & (highs >> 7) != 0 || tailBackslash || blockBackslashes != 0
        mayHoldControl = found & highs != 0 || tailControl || blockControls != 0
        isUTF8 = high & highs == 0 && blockHighs == 0 || Charset.isWellFormedUTF8(bytes)
    }
}
