/// Checks a card against the rules of its version beyond what reading it needs: how often each
/// property may appear, the values of typed properties and parameters, and control characters.
///
/// Every rule reads ``PropertyRules`` and ``ParameterRules`` (cardinality per version, value
/// type per version, the keywords of KIND and GENDER, the range of PREF) and `ValueCheck` (one
/// check per value type), so a property added to the table is checked without a change here.
/// It looks at the bytes the parser kept: only typed values are made into strings, and the
/// parameters are decoded only for typed properties and lines that mention `PREF=`, `VALUE=` or
/// `LANGUAGE=`.
///
/// Missing VERSION and FN are reported by the parser for every command (`missing-version`,
/// `missing-fn`), so not again here.
///
/// ```swift
/// let card = try VCardDecoder().decode("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nFN:B\r\nN:;;;;\r\nEND:VCARD\r\n").cards[0]
/// CardValidator.problems(in: card).map(\.code)   // [.repeatedProperty]
/// ```
///
/// - Complexity: O(n) in the size of the card.
/// - Sources: RFC 6350 §4, §5, §6 (4.0), RFC 2426 §3 (3.0), vCard 2.1 §2.
public enum CardValidator {
    /// Every problem of `card`, in the order of its lines (then the missing properties).
    public static func problems(in card: VCard) -> [Diagnostic] { findings(in: card).problems }

    /// What checking a card finds: its problems, and where its first `UID` is. The check looks
    /// every line's name up, so `validate`, which compares UIDs across cards, has that for free.
    package struct Findings: Sendable {
        /// In the order of the card's lines, then the missing properties.
        package var problems: [Diagnostic] = []
        /// The card's first `UID`.
        package var uid: FirstUID?

        package init() {}

        /// A card's first `UID`: its value and its line.
        package struct FirstUID: Sendable {
            package enum Value: Sendable {
                case text(String)
                /// Where the value's bytes lie in those the card was read from
                /// (``CardAsRead/bytes``): a plain line of a card checked as it is read, for
                /// which no string is made.
                case bytes(Range<Int>)
            }

            package var value: Value
            package var line: Int

            /// The value's UTF-8, from `cardBytes` (those the card was read from) when it lies there.
            package func bytes(in cardBytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
                switch value {
                case .text(let text): ArraySlice(text.utf8)
                case .bytes(let range): cardBytes[range]
                }
            }
        }
    }

    /// The problems of `card` (``problems(in:)``) and where its first `UID` is.
    package static func findings(in card: VCard) -> Findings {
        var checker = CardChecker(version: card.version)
        // Lent from the array's buffer, not copied out of it: a property is copied only when
        // a check needs more than its flags and its name (a call on an element copies it).
        card.sourceBytes.withUnsafeBufferPointer { cardBytes in
            let storage = cardBytes.baseAddress.map { $0 - card.sourceBytes.startIndex }
            card.properties.withUnsafeBufferPointer { properties in
                for index in properties.indices where !properties[index].isMalformed && properties[index].embedded == nil {
                    checker.check(properties[index], storage: storage)
                }
            }
        }
        checker.finish(cardLine: card.line)
        return checker.findings
    }

    /// The problems of one property, in order; `once` holds the properties seen that may appear
    /// once. Returns the property's plan, when ``PropertyRules`` lists it.
    static func check(
        _ property: Property, in version: VCardVersion, once: inout CardChecker.Once, into found: inout [Diagnostic]
    ) -> ValidationPlan? {
        if let offset = property.controlCharacterOffset() {
            let scalar = property.withValueBytes { bytes in bytes[offset] }
            found.append(
                Diagnostic(
                    DiagnosticCode.controlCharacter.defaultSeverity, .controlCharacter, at: position(of: property, offset: offset),
                    "\(property.name) value holds the control character U+\(hex(scalar))"))
        }
        let scan = property.scanParameters(in: version), mentioned = scan.mentioned
        for name in scan.notInVersion {
            found.append(
                Diagnostic(
                    DiagnosticCode.parameterNotInVersion.defaultSeverity, .parameterNotInVersion, at: SourcePosition(line: property.line),
                    "vCard \(version.rawValue) does not define the parameter \(name) (of \(property.name))"))
        }
        if mentioned.contains(.typed) { checkParameters(of: property, into: &found) }
        guard let plan = ValidationPlan.of(property) else { return nil }
        if plan.isOnce(in: version) {
            // RFC 6350 §5.4: the versions of one value in other languages share an ALTID and count once.
            let altID = version == .v4 && mentioned.contains(.altID) ? property.parameter("ALTID")?.value : nil
            once.count(plan, altID: altID, line: property.line, in: version, into: &found)
        }
        if plan.checksValue(in: version) || mentioned.contains(.value) {
            checkValue(of: property, plan: plan, in: version, mentioned, into: &found)
        }
        return plan
    }

    /// Checks the value of a property whose value is checked (``ValidationPlan``) or whose
    /// `VALUE` parameter names a type; the plan gives the type without one. Of the parameters,
    /// only `VALUE` and `ENCODING` are decoded, and only when the line names them.
    ///
    /// Inline data is checked as base64: with `ENCODING=b` (or `BASE64`), or as a `data:` URI
    /// with `;base64` where a URI or data belongs (a `NOTE` or `VALUE=text` that reads like one
    /// is text).
    static func checkValue(
        of property: Property, plan: ValidationPlan, in version: VCardVersion, _ mentioned: Property.CheckedParameters,
        into found: inout [Diagnostic]
    ) {
        let at = position(of: property)
        let declared = mentioned.contains(.value) ? property.lastParameter(named: "value")?.values.first.map(ASCII.lowercased) : nil
        // 2.1 says URL where the others say uri; its INLINE, CONTENT-ID and CID name no value type.
        let type = declared.map { $0 == "url" ? "uri" : $0 } ?? plan.tableType(in: version)
        let holdsData = type == "uri" || (plan.rules.dataMediaType != nil && declared != "text")
        if (mentioned.contains(.encoding) && property.lastParameter(named: "encoding")?.namesBase64 == true) || (holdsData && property.withValueBytes(isBase64DataURI)) {
            if !property.withValueBytes(isBase64Data) {
                found.append(Diagnostic(DiagnosticCode.badBase64.defaultSeverity, .badBase64, at: at, "\(property.name) data is not valid base64"))
            }
            return
        }
        let rules = plan.rules
        if let values = rules.values {
            let keyword = rules.shape.isStructured ? property.components.first ?? "" : property.value
            if !values.lists(keyword) {
                switch values {
                case .closed(let listed):
                    found.append(
                        Diagnostic(
                            DiagnosticCode.badValue.defaultSeverity, .badValue, at: at,
                            "\(property.name) value '\(keyword)' is not one of \(listed.sorted().map { $0.uppercased() }.filter { !$0.isEmpty }.joined(separator: ", ")) or empty"))
                case .registered(let listed) where !ASCII.lowercased(keyword).hasPrefix("x-"):
                    found.append(
                        Diagnostic(
                            DiagnosticCode.badValue.defaultSeverity, .badValue, at: at,
                            "\(property.name) value '\(keyword)' is neither registered (\(listed.sorted().joined(separator: ", "))) nor an X- name"))
                case .registered: break
                }
            }
        }
        guard let type, declared != "inline",
            declared != "content-id", declared != "cid", !property.withValueBytes({ ValueCheck.isPlainlyValid($0, ofType: type) }),
            let problem = ValueCheck.problem(in: property.value, ofType: type)
        else { return }
        found.append(Diagnostic(problem.code.defaultSeverity, problem.code, at: at, "\(property.name) \(problem.message)"))
    }

    /// Checks the values of parameters that have a type or a range (``ParameterRules``).
    private static func checkParameters(of property: Property, into found: inout [Diagnostic]) {
        for parameter in property.parameters {
            if let range = ParameterRules.range(of: parameter.name) {
                for value in parameter.values where Int(value).map(range.contains) != true {
                    let upper = range.upperBound == .max ? "" : " to \(range.upperBound)"
                    found.append(
                        Diagnostic(
                            DiagnosticCode.badParameterValue.defaultSeverity, .badParameterValue, at: position(of: property),
                            "\(parameter.name)=\(value) is not an integer from \(range.lowerBound)\(upper)"))
                }
            } else if let problem = parameter.values.lazy.compactMap({ ValueCheck.problem(in: $0, ofType: ParameterRules.valueType(of: parameter.name)) }).first {
                found.append(
                    Diagnostic(
                        DiagnosticCode.badParameterValue.defaultSeverity, .badParameterValue, at: position(of: property),
                        "\(parameter.name) parameter \(problem.message)"))
            }
        }
    }

    /// Whether the bytes are a `data:` URI with `;base64` before its comma.
    static func isBase64DataURI(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 5, ASCII.equals(bytes.prefix(5), lowercased: "data:"), let comma = bytes.firstIndex(of: .comma) else { return false }
        return comma >= 12 && ASCII.equals(bytes[(comma - 7)..<comma], lowercased: ";base64")
    }

    /// Whether the bytes are base64, or a `data:` URI whose data after the comma is.
    static func isBase64Data(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 5, ASCII.equals(bytes.prefix(5), lowercased: "data:"), let comma = bytes.firstIndex(of: .comma) else {
            return Base64.isValid(bytes)
        }
        return Base64.isValid(UnsafeBufferPointer(rebasing: bytes[(comma + 1)...]))
    }

    private static func position(of property: Property, offset: Int = 0) -> SourcePosition {
        SourcePosition(line: property.line, column: property.column(ofValueOffset: offset))
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
