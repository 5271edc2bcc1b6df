extension String {
    /// Text from Windows-1252 bytes (Latin-1 with printable characters in 0x80–0x9F), the
    /// fallback for bytes that are not UTF-8, as the vCard reader uses it; never fails.
    ///
    /// ```swift
    /// String(windows1252: [0x43, 0x61, 0x66, 0xE9, 0x20, 0x80])   // "Café €"
    /// ```
    ///
    /// - Complexity: O(n) in the number of bytes.
    public init(windows1252 bytes: some Collection<UInt8>) {
        self = Charset.windows1252(bytes)
    }
}
