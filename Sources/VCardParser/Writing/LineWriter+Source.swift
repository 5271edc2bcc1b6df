extension LineWriter {
    /// Writes the canonical line of an unchanged property straight from the bytes it was read
    /// from, when that needs nothing decoded: same version (3.0 or 4.0), no transfer encoding,
    /// parameters in `NAME=value` form whose values need no quotes or caret escapes. Names are
    /// upper-cased; everything else is copied. Returns `false` when the general path is needed.
    func writeFromSource(_ property: Property, to out: inout [UInt8]) -> Bool {
        guard !keepsSpelling, property.isUnchanged, !property.isMalformed, property.embedded == nil,
            property.version == version, version != .v2_1, let source = property.source,
            source.decodedValue == nil, !source.unterminatedQuote
        else { return false }
        return source.withText { text in
            guard parametersAreCanonical(text, source.parameterSection) else { return false }
            var line: [UInt8] = []
            line.reserveCapacity(source.value.upperBound - (source.group ?? source.name).lowerBound + 2)
            if let group = source.group {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: text[group]))
                line.append(.period)
            }
            appendUppercased(text, source.name, to: &line)
            ParameterScanner.forEach(text, source.parameterSection, quotesAreLiteral: false) { range in
                let equals = ParameterScanner.equalsSign(text, range)!
                line.append(.semicolon)
                appendUppercased(text, range.lowerBound..<equals, to: &line)
                line.append(contentsOf: UnsafeBufferPointer(rebasing: text[equals..<range.upperBound]))
            }
            line.append(.colon)
            line.append(contentsOf: UnsafeBufferPointer(rebasing: text[source.value]))
            Folding.appendFolded(line, to: &out, lineEnding: lineEnding)
            return true
        }
    }

    /// Every parameter has a name and `=`, is not `ENCODING` or `CHARSET`, and its value has no
    /// quote, caret, space or tab (which the canonical form would quote or escape).
    private func parametersAreCanonical(_ text: UnsafeBufferPointer<UInt8>, _ section: Range<Int>) -> Bool {
        var canonical = true
        ParameterScanner.forEach(text, section, quotesAreLiteral: false) { range in
            guard canonical else { return }
            guard let equals = ParameterScanner.equalsSign(text, range), equals > range.lowerBound else {
                canonical = false
                return
            }
            let name = UnsafeBufferPointer(rebasing: text[range.lowerBound..<equals])
            if ASCII.equals(name, lowercased: "encoding") || ASCII.equals(name, lowercased: "charset") {
                canonical = false
                return
            }
            for i in (equals + 1)..<range.upperBound {
                let b = text[i]
                if b == .quote || b == .caret || b == .space || b == .tab { canonical = false; return }
            }
        }
        return canonical
    }

    private func appendUppercased(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to line: inout [UInt8]) {
        for i in range {
            let b = text[i]
            line.append((b &- 0x61) < 26 ? b - 0x20 : b)
        }
    }
}
