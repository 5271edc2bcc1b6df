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
    public static func problems(in card: VCard) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var once: [(name: Property.Name, altID: String?, line: Int)] = []
        once.reserveCapacity(8)
        // Lent from the array's buffer, not copied out of it, one property at a time.
        card.properties.withUnsafeBufferPointer { properties in
            for index in properties.indices where !properties[index].isMalformed && properties[index].embedded == nil {
                check(properties[index], in: card.version, once: &once, into: &found)
            }
        }
        for rules in required[card.version] ?? [] where card.firstIndex(named: rules.name.rawValue) == nil {
            found.append(
                Diagnostic(
                    DiagnosticCode.missingProperty.defaultSeverity, .missingProperty, at: SourcePosition(line: card.line),
                    "vCard \(card.version.rawValue) requires \(rules.name)"))
        }
        return found
    }

    /// The problems of one property, in order; `once` holds the properties seen that may appear once.
    /// Inlined into the loop over a card's properties (every property goes through it).
    @inline(__always)
    private static func check(
        _ property: Property, in version: VCardVersion, once: inout [(name: Property.Name, altID: String?, line: Int)],
        into found: inout [Diagnostic]
    ) {
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
        guard let plan = ValidationPlan.of(property) else { return }
        let checked = plan[version]
        if let cardinality = checked.cardinality, !cardinality.allowsSeveral {
            // RFC 6350 §5.4: the versions of one value in other languages share an ALTID and count once.
            let altID = version == .v4 && mentioned.contains(.altID) ? property.parameter("ALTID")?.value : nil
            if let first = once.first(where: { $0.name == plan.rules.name }) {
                if altID == nil || first.altID != altID {
                    let allowed = cardinality == .one ? "exactly one" : "at most one"
                    found.append(
                        Diagnostic(
                            DiagnosticCode.repeatedProperty.defaultSeverity, .repeatedProperty, at: SourcePosition(line: property.line),
                            "vCard \(version.rawValue) allows \(allowed) \(plan.rules.name); the first is on line \(first.line)"))
                }
            } else {
                once.append((plan.rules.name, altID, property.line))
            }
        }
        if checked.checksValue || mentioned.contains(.value) {
            checkValue(of: property, rules: plan.rules, tableType: checked.tableType, mentioned, into: &found)
        }
    }

    /// The properties each version requires, but those the parser reports missing itself.
    private static let required: [VCardVersion: [PropertyRules]] = Dictionary(
        uniqueKeysWithValues: VCardVersion.allCases.map { version in
            (
                version,
                PropertyRules.all.filter {
                    $0.cardinality(in: version)?.isRequired == true && $0.name != "VERSION" && $0.name != "FN"
                }
            )
        })

    /// Checks the value of a property whose value is checked (``ValidationPlan``) or whose
    /// `VALUE` parameter names a type; `tableType` is the type without one. The parameters are
    /// decoded only when the line names `VALUE` or `ENCODING`.
    private static func checkValue(
        of property: Property, rules: PropertyRules, tableType: String?, _ mentioned: Property.CheckedParameters, into found: inout [Diagnostic]
    ) {
        let parameters = mentioned.isDisjoint(with: [.value, .encoding]) ? [] : property.parameters
        let at = position(of: property)
        if Parameter.isInlineBase64(parameters) || isBase64DataURI(property) {
            if !property.withValueBytes(isBase64Data) {
                found.append(Diagnostic(DiagnosticCode.badBase64.defaultSeverity, .badBase64, at: at, "\(property.name) data is not valid base64"))
            }
            return
        }
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
        let declared = parameters.last { $0.hasName("VALUE") }?.values.first.map(ASCII.lowercased)
        // 2.1 says URL where the others say uri; its INLINE, CONTENT-ID and CID name no value type.
        guard let type = declared.map({ $0 == "url" ? "uri" : $0 }) ?? tableType, declared != "inline",
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

    /// Whether the value is a `data:` URI with `;base64` before its comma.
    private static func isBase64DataURI(_ property: Property) -> Bool {
        property.withValueBytes { bytes in
            guard bytes.count > 5, ASCII.equals(bytes.prefix(5), lowercased: "data:"), let comma = bytes.firstIndex(of: .comma) else { return false }
            return comma >= 12 && ASCII.equals(bytes[(comma - 7)..<comma], lowercased: ";base64")
        }
    }

    /// Whether the bytes are base64, or a `data:` URI whose data after the comma is.
    private static func isBase64Data(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
