/// ``CardValidator``'s checks of one card, line by line as they come: from a card's properties
/// (``CardValidator/findings(in:)``), or from the bytes of each line while the card is read, so
/// that `validate` makes a property only for the few lines that need more than their bytes
/// (``CardParser/checker``).
///
/// A line with a plain value (or one the parser decoded, of a property whose value is not
/// checked) and parameters that need no decoding (TYPE and the other untyped parameters of its
/// version, an integer one such as PREF in range, a VALUE naming a type, ENCODING, CHARSET) is
/// checked on its bytes: its name is looked up once, it is counted when it may appear only once,
/// and a typed value is accepted when its shape is plainly valid. Any other line is checked from
/// its property.
///
/// ```swift
/// var checker = CardChecker(version: .v3)
/// for property in card.properties { checker.check(property, storage: nil) }
/// checker.finish(cardLine: card.line)
/// checker.findings.problems
/// ```
struct CardChecker {
    private(set) var version: VCardVersion
    private(set) var findings = CardValidator.Findings()
    /// The properties seen that may appear once, and where.
    var once = Once()
    /// One bit per plan (``ValidationPlan/index``) seen: for the required ones.
    private var seen = PlanSet()
    /// Set by ``needsProperty(_:_:decoded:line:)``: the line's property is made and checked next.
    private(set) var isPending = false
    private let plans = ValidationPlan.byName
    private let uid = ValidationPlan.uid.index
    private let parameterFacts = Property.parameterFacts
    /// Where the bytes of the card being read lie in memory (``start(version:cardBytes:)``):
    /// their addresses, as numbers, only compared with a value's.
    private var cardAddresses: Range<UInt> = 0..<0
    /// What the parser told of the parameters other than TYPE of the line it reads
    /// (``noteParameter(_:_:equals:)``), taken by ``needsProperty(_:_:decoded:line:)``.
    private var parameters = Property.ParameterScan()

    init(version: VCardVersion = .v3) {
        self.version = version
    }

    /// Readies a checker that checked a card before for the next one, keeping what its storage
    /// has grown to: a run of cards costs one checker (``ParseBuffers/checker``).
    mutating func startCard() {
        version = .v3
        findings = CardValidator.Findings()  // left by a card that was then parsed in full
        parameters = Property.ParameterScan()
        once.reset()
        seen = PlanSet()
        isPending = false
    }

    /// Called by the parser once the card's version is known, before its lines, with the bytes
    /// the card is read from (where a UID's value is found, ``CardValidator/Findings/FirstUID``).
    mutating func start(version: VCardVersion, cardBytes: UnsafeBufferPointer<UInt8>) {
        self.version = version
        let start = UInt(bitPattern: cardBytes.baseAddress)
        cardAddresses = start..<(start + UInt(cardBytes.count))
    }

    /// The findings so far, moved out: the checker's are left empty.
    mutating func takeFindings() -> CardValidator.Findings {
        var taken = CardValidator.Findings()
        swap(&taken, &findings)
        return taken
    }

    /// Notes a parameter other than `TYPE` (an empty or bare one but a 2.1 encoding) of the line
    /// the parser reads: the one in `segment` of the line's `text`, its `=` at `equals`. What the
    /// notes add up to is what ``Property/scanParameters(_:_:in:)`` would find, without a second
    /// pass over the parameters.
    @inline(never)
    mutating func noteParameter(_ text: UnsafeBufferPointer<UInt8>, _ segment: Range<Int>, equals: Int?) {
        parameters.note(text, segment, equals: equals, in: version, facts: parameterFacts)
    }

    /// Checks a line read from `text` (where `layout`'s ranges lie) on its bytes when its value
    /// is plain, or was decoded by the parser to `decoded` (quoted-printable, a CHARSET) for a
    /// property whose value is not checked, and its parameters leave nothing to decode; returns
    /// `true`, and does nothing else, when its property must be made and passed to
    /// ``check(_:storage:)``: a line with a parameter to check or report (``declaration(_:_:)``),
    /// a control character, the first UID when its value has an escape or was decoded, and a
    /// typed value that is not plainly valid.
    ///
    /// The line of a nested card is seen too, and the AGENT line that holds one: a card with a
    /// nested one is parsed in full anyway (``CardParser/needsFullParse``).
    @inline(never)
    mutating func needsProperty(_ text: UnsafeBufferPointer<UInt8>, _ layout: LineLayout, decoded: UnsafeBufferPointer<UInt8>?, line: Int) -> Bool {
        // The parser noted the parameters of a line with more than types: taken at once, so that
        // a line that returns early leaves none to the next.
        let scan = layout.onlyTypeParameters ? nil : takeParameters()
        let value: UnsafeBufferPointer<UInt8>
        if layout.valueIsPlain {
            value = UnsafeBufferPointer(rebasing: text[layout.value])
        } else if let decoded, Property.controlCharacterOffset(in: decoded, breaksAllowed: true) == nil {
            value = decoded
        } else {
            return pend()
        }
        let isDecoded = !layout.valueIsPlain
        var declared = Declared.nothing
        if let scan {
            guard !layout.unterminatedQuote, let found = declaration(text, scan) else { return pend() }
            declared = found
        }
        guard let plan = plans.value(forNameAt: layout.name, in: text) else { return false }
        switch declared {
        case .nothing:
            if plan.checksValue(in: version) && (isDecoded || !Self.isPlainlyValid(value, plan.plainShape(in: version))) {
                // Inline data as a URI is checked for its base64 alone; a keyword, for being one.
                guard !isDecoded, (plan.checksData(in: version) && Self.isValidBase64DataURI(value)) || plan.isListedKeyword(value, in: version)
                else { return pend() }
            }
        case .encoded:
            // Base64 that the parser found valid is all the validator checks of inline data.
            if plan.checksValue(in: version) && !layout.valueIsValidBase64 { return pend() }
        case .shape(let shape):
            // What a VALUE parameter declares is checked whatever the property, as are keywords and data.
            if isDecoded || plan.hasKeywordsOrData || (shape.map { !Self.isPlainlyValid(value, $0) } ?? false) { return pend() }
        }
        if plan.index == uid && findings.uid == nil {
            // Without a backslash, the text is the bytes as written.
            guard !isDecoded, ByteSearch.first(.backslash, .backslash, .backslash, in: value, from: 0, to: value.count) == nil else { return pend() }
            findings.uid = CardValidator.Findings.FirstUID(value: place(of: value), line: line)
        }
        seen.insert(plan.index)
        if plan.isOnce(in: version) { once.count(plan, altID: nil, line: line, in: version, into: &findings.problems) }
        return false
    }

    /// Where `value` lies in the card's bytes, or its text when it does not (the joined text of
    /// a folded line): a UID is kept as a range, and made a string only when it is reported.
    private func place(of value: UnsafeBufferPointer<UInt8>) -> CardValidator.Findings.FirstUID.Value {
        let start = UInt(bitPattern: value.baseAddress)
        guard value.baseAddress != nil, start >= cardAddresses.lowerBound, start + UInt(value.count) <= cardAddresses.upperBound else {
            return .text(String(decoding: value, as: UTF8.self))
        }
        let offset = Int(start - cardAddresses.lowerBound)
        return .bytes(offset..<(offset + value.count))
    }

    /// Notes that the line's property is made and checked next.
    private mutating func pend() -> Bool {
        isPending = true
        return true
    }

    /// What a line's parameters other than TYPE leave to check of its value.
    private enum Declared {
        /// No `VALUE`: the property's own type is checked.
        case nothing
        /// An `ENCODING` and no `VALUE`: a value that is checked is read from the property.
        case encoded
        /// A `VALUE` naming a type with that shape to check; `nil` for a name that has no check
        /// (`text`, `inline`, an empty or unknown one).
        case shape(ValueCheck.PlainShape?)
    }

    /// The parameters noted of the line, emptied.
    private mutating func takeParameters() -> Property.ParameterScan {
        var taken = Property.ParameterScan()
        swap(&taken, &parameters)
        return taken
    }

    /// What the parameters of a line in `text` declare, from what was noted of them (`scan`);
    /// `nil` when the property is needed: for a typed parameter (but an integer one such as
    /// `PREF` in range), `ALTID`, one the version does not define, or a `VALUE` that is not one
    /// plain name or comes with `ENCODING`.
    private func declaration(_ text: UnsafeBufferPointer<UInt8>, _ scan: Property.ParameterScan) -> Declared? {
        guard scan.notInVersion.isEmpty, scan.mentioned.isDisjoint(with: [.typed, .altID]) else { return nil }
        let encoded = scan.mentioned.contains(.encoding)
        guard let declared = scan.lastValue else { return encoded ? .encoded : .nothing }
        // One name of letters, digits and `-`: what the validator reads, in any case.
        guard !encoded, declared.allSatisfy({ text[$0].isNameByte }) else { return nil }
        guard let shape = ValueCheck.plainShapesByName.value(for: UnsafeBufferPointer(rebasing: text[declared])) else { return .shape(nil) }
        // A checked type without a shape on bytes (`time`, `utc-offset`, `language-tag`) is looked at closer.
        return shape == .none ? nil : .shape(shape)
    }

    /// Checks a property of the card (one that is not malformed and holds no nested card).
    /// `storage` is the first byte of the card's bytes, where its unfolded lines are read in
    /// place, or `nil`.
    ///
    /// Never inlined: the parser calls it for a few lines a card, and inlined there it slowed
    /// the parse of every reader.
    @inline(never)
    mutating func check(_ property: Property, storage: UnsafePointer<UInt8>?) {
        isPending = false
        let plan: ValidationPlan?
        if property.edited == nil, property.source?.isPlain == true {
            // What the parser saw: no control character, no parameter but TYPE; so only the
            // count and, for a typed property, the value are left to check.
            let source = property.source.unsafelyUnwrapped
            plan =
                if let storage, let name = source.name(inStorageAt: storage) {
                    plans.value(for: name)
                } else {
                    source.withName { plans.value(for: $0) }
                }
            if let plan, plan.isOnce(in: version) { once.count(plan, altID: nil, line: property.line, in: version, into: &findings.problems) }
            if let plan, plan.checksValue(in: version), !source.withValue({ Self.isPlainlyValid($0, plan.plainShape(in: version)) }) {
                CardValidator.checkValue(of: property, plan: plan, in: version, [], into: &findings.problems)
            }
        } else {
            plan = CardValidator.check(property, in: version, once: &once, into: &findings.problems)
        }
        guard let plan else { return }
        seen.insert(plan.index)
        if findings.uid == nil, plan.index == uid { findings.uid = CardValidator.Findings.FirstUID(value: .text(property.text), line: property.line) }
    }

    /// Adds to the findings a problem for each required property that was not seen, on the line
    /// of the card's `BEGIN`.
    @inline(never)
    mutating func finish(cardLine: Int) {
        guard !seen.isSuperset(of: ValidationPlan.requiredSet(in: version)) else { return }
        for plan in ValidationPlan.required(in: version) where !seen.contains(plan.index) {
            findings.problems.append(
                Diagnostic(
                    DiagnosticCode.missingProperty.defaultSeverity, .missingProperty, at: SourcePosition(line: cardLine),
                    "vCard \(version.rawValue) requires \(plan.rules.name)"))
        }
    }

    /// Whether a value as written, of a type of `shape` (the property's own, or the one its
    /// `VALUE` declares), needs no closer look: what ``CardValidator`` would find fine without
    /// decoding anything. A `data:` URI is looked at closer, for its base64.
    @inline(__always)
    private static func isPlainlyValid(_ bytes: UnsafeBufferPointer<UInt8>, _ shape: ValueCheck.PlainShape) -> Bool {
        guard shape != .none, !(bytes.count > 5 && ASCII.equals(bytes.prefix(5), lowercased: "data:")) else { return false }
        return ValueCheck.isPlainlyValid(bytes, shape)
    }

    /// Whether the bytes are a `data:` URI with `;base64` whose data is valid base64: all the
    /// validator checks of a property's inline data given as a URI. Kept out of line: it is
    /// for photos, and inlined, it slowed the check of every line.
    @inline(never)
    private static func isValidBase64DataURI(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        CardValidator.isBase64DataURI(bytes) && CardValidator.isBase64Data(bytes)
    }

    /// The properties seen that may appear only once, and where.
    struct Once {
        /// The line each was first seen on, by plan index: valid where ``plans`` has the index,
        /// so that forgetting a card's is clearing two words.
        private var firstLines = [Int](repeating: 0, count: PropertyRules.all.count)
        /// The ALTIDs of those first seen with one (4.0), by plan index: few cards have any.
        private var altIDs: [(index: Int, altID: String)] = []
        private var plans = PlanSet()

        /// Forgets what was seen, keeping the storage.
        mutating func reset() {
            if !altIDs.isEmpty { altIDs.removeAll() }
            plans = PlanSet()
        }

        /// Reports a property that may appear once when it was seen before (in another
        /// language's ALTID, or with none), and notes it otherwise.
        @inline(__always)
        mutating func count(_ plan: ValidationPlan, altID: String?, line: Int, in version: VCardVersion, into found: inout [Diagnostic]) {
            guard plans.contains(plan.index) else {
                plans.insert(plan.index)
                firstLines.withUnsafeMutableBufferPointer { $0[plan.index] = line }
                if let altID { altIDs.append((plan.index, altID)) }
                return
            }
            reportAgain(plan, altID: altID, line: line, in: version, into: &found)
        }

        /// A property that may appear once, seen again: a problem unless the two share an ALTID.
        @inline(never)
        private func reportAgain(_ plan: ValidationPlan, altID: String?, line: Int, in version: VCardVersion, into found: inout [Diagnostic]) {
            if altID == nil || altIDs.first(where: { $0.index == plan.index })?.altID != altID {
                let rules = plan.rules
                let allowed = rules.cardinality(in: version) == .one ? "exactly one" : "at most one"
                found.append(
                    Diagnostic(
                        DiagnosticCode.repeatedProperty.defaultSeverity, .repeatedProperty, at: SourcePosition(line: line),
                        "vCard \(version.rawValue) allows \(allowed) \(rules.name); the first is on line \(firstLines[plan.index])"))
            }
        }
    }

    /// A set of plan indices, in two words: ``PropertyRules/all`` has fewer than 128 entries.
    struct PlanSet {
        private var low: UInt64 = 0, high: UInt64 = 0

        init() { assert(PropertyRules.all.count <= 128) }

        @inline(__always)
        mutating func insert(_ index: Int) {
            if index < 64 { low |= 1 << UInt64(index) } else { high |= 1 << UInt64(index - 64) }
        }

        @inline(__always)
        func contains(_ index: Int) -> Bool {
            index < 64 ? low & (1 << UInt64(index)) != 0 : high & (1 << UInt64(index - 64)) != 0
        }

        func isSuperset(of other: PlanSet) -> Bool {
            other.low & ~low == 0 && other.high & ~high == 0
        }
    }
}
