import VCardParser

extension Contact {
    /// The card for this contact: the card it was read from with only the changed lines
    /// rewritten (every other line keeps its bytes), or a new card in `version`.
    ///
    /// ```swift
    /// var contact = Contact(card: card)
    /// contact.jobTitle = "Engineer"
    /// let updated = contact.vCard()      // only the TITLE line differs from `card`
    /// ```
    /// - Parameters:
    ///   - version: the version of a new card (a card read from a file keeps its own).
    ///   - writingGeneratedIdentifier: add a `UID` line when the identifier was generated.
    public func vCard(version: VCardVersion = .v4, writingGeneratedIdentifier: Bool = true) -> VCard {
        let base = sourceCard ?? VCard(version: version)
        // Not `sourceCard == nil`, which compared two optional cards, copying the card each time.
        let isNewCard =
            switch sourceCard {
            case .none: true
            case .some: false
            }
        var editor = CardEditor(card: base)
        let v = base.version
        let keys = ContactKey.Mask(fetchedKeys)

        if isNewCard || (hasGeneratedIdentifier && writingGeneratedIdentifier) {
            editor.setSingle("UID", isEmpty: false, make: { Property(name: "UID", value: identifier) }, edit: { $0.setText(identifier) })
        }
        if keys.contains(.names) {
            if fields.names != original.names {
                let components = [fields.familyName, fields.givenName, fields.middleName, fields.namePrefix, fields.nameSuffix]
                editor.setSingle(
                    "N", isEmpty: components.allSatisfy(\.isEmpty) && !isNewCard,
                    make: { structured("N", components, v) },
                    edit: { $0.setComponents(Self.merge(components, into: $0.components)) })
            }
            if fields.displayName != original.displayName || (isNewCard && v != .v2_1) {
                let fn = formattedName
                editor.setSingle("FN", isEmpty: fn.isEmpty && v == .v2_1, make: { text("FN", fn, v) }, edit: { $0.setText(fn) })
            }
        }
        if keys.contains(.nickname), fields.nickname != original.nickname {
            editor.setSingle("NICKNAME", isEmpty: fields.nickname.isEmpty, make: { text("NICKNAME", fields.nickname, v) }, edit: { $0.setText(fields.nickname) })
        }
        if keys.contains(.organization), (fields.organizationName, fields.departmentName) != (original.organizationName, original.departmentName) {
            let components = [fields.organizationName, fields.departmentName]
            editor.setSingle(
                "ORG", isEmpty: components.allSatisfy(\.isEmpty), make: { structured("ORG", components, v) },
                edit: { $0.setComponents(Self.merge(components, into: $0.components)) })
        }
        if keys.contains(.jobTitle), fields.jobTitle != original.jobTitle {
            editor.setSingle("TITLE", isEmpty: fields.jobTitle.isEmpty, make: { text("TITLE", fields.jobTitle, v) }, edit: { $0.setText(fields.jobTitle) })
        }
        if keys.contains(.note), fields.note != original.note {
            editor.setSingle("NOTE", isEmpty: fields.note.isEmpty, make: { text("NOTE", fields.note, v) }, edit: { $0.setText(fields.note) })
        }
        if keys.contains(.birthday), fields.birthday != original.birthday {
            editor.setSingle(
                "BDAY", isEmpty: fields.birthday == nil, make: { Self.dateProperty("BDAY", fields.birthday!, v) },
                edit: { $0 = Self.dateProperty("BDAY", fields.birthday!, v, from: $0) })
        }
        if keys.contains(.nonGregorianBirthday), fields.nonGregorianBirthday != original.nonGregorianBirthday {
            let date = fields.nonGregorianBirthday
            editor.setSingle(
                ContactDate.alternateBirthdayName, isEmpty: date == nil, make: { date!.alternateBirthdayProperty(v) },
                edit: { $0 = date!.alternateBirthdayProperty(v, from: $0) })
        }
        if keys.contains(.phoneticNames) {
            let names = Self.phoneticPropertyNames
            for i in names.indices where fields.phoneticNames[i] != original.phoneticNames[i] {
                let (name, new) = (names[i], fields.phoneticNames[i])
                let place = Self.phoneticComponents[i]
                if editor.first(name) == nil, let variant = editor.firstPhonetic(place.property) {
                    // A card that says it in RFC 9554's form (and not Apple's) is edited in that form.
                    editor.replace(at: variant) { p in
                        var components = p.components
                        while components.count <= place.component { components.append("") }
                        components[place.component] = new
                        p.setComponents(components)
                    }
                } else {
                    editor.setSingle(name, isEmpty: new.isEmpty, make: { text(name, new, v) }, edit: { $0.setText(new) })
                }
            }
        }
        if keys.contains(.previousFamilyName), fields.previousFamilyName != original.previousFamilyName {
            let name = fields.previousFamilyName
            editor.setSingle("X-MAIDENNAME", isEmpty: name.isEmpty, make: { text("X-MAIDENNAME", name, v) }, edit: { $0.setText(name) })
        }
        if keys.contains(.imageData), fields.imageData != original.imageData {
            editor.setSingle(
                "PHOTO", isEmpty: fields.imageData == nil, make: { Self.photoProperty(fields.imageData!, v) },
                edit: { $0 = Self.photoProperty(fields.imageData!, v, from: $0) })
        }
        if fields.contactType != original.contactType {
            let kindName = v == .v4 ? "KIND" : "X-ABShowAs"
            let kindValue = v == .v4 ? (fields.contactType == .organization ? "org" : "individual") : (fields.contactType == .organization ? "COMPANY" : "PERSON")
            editor.setSingle(kindName, isEmpty: false, make: { Property(name: kindName, value: kindValue) }, edit: { $0.value = kindValue })
        }
        if keys.contains(.phoneNumbers) {
            sync(
                fields.phoneNumbers, original.phoneNumbers, in: &editor, make: { Self.telProperty($0, v, from: nil) },
                update: { $0 = Self.telProperty($1, v, from: $0) })
        }
        if keys.contains(.emailAddresses) {
            sync(fields.emailAddresses, original.emailAddresses, in: &editor, make: { text("EMAIL", $0, v) }, update: { $0.setText($1) })
        }
        if keys.contains(.postalAddresses) {
            sync(
                fields.postalAddresses, original.postalAddresses, in: &editor, make: { structured("ADR", $0.components, v) },
                update: { $0.setComponents(Self.merge($1.components, into: $0.components)) },
                groupedLines: \.groupedLines)
        }
        if keys.contains(.urlAddresses) {
            sync(fields.urlAddresses, original.urlAddresses, in: &editor, make: { Property(name: "URL", value: $0, version: v) }, update: { $0.value = $1 })
        }
        if keys.contains(.dates) {
            sync(
                fields.dates, original.dates, in: &editor, make: { Self.dateProperty(v == .v4 ? "ANNIVERSARY" : "X-ABDATE", $0, v) },
                update: { $0 = Self.dateProperty($0.name, $1, v, from: $0) })
        }
        if keys.contains(.contactRelations) {
            sync(
                fields.contactRelations, original.contactRelations, in: &editor, make: { Self.relationProperty($0, v) },
                update: { $0 = Self.relationProperty($1, v, from: $0) })
        }
        if keys.contains(.instantMessageAddresses) {
            sync(
                fields.instantMessageAddresses, original.instantMessageAddresses, in: &editor, make: { $0.property(v) },
                update: { $0 = $1.property(v, from: $0) })
        }
        if keys.contains(.socialProfiles) {
            sync(
                fields.socialProfiles, original.socialProfiles, in: &editor, make: { $0.property(v) },
                update: { $0 = $1.property(v, from: $0) })
        }
        return editor.applied(to: base)
    }

    /// Applies the difference between `old` and `new` to the card: removed values lose their
    /// lines, changed values and labels are rewritten in place, new values are added.
    /// `groupedLines` names the lines of the property's group that hold parts of a value
    /// (`X-ABADR` beside `ADR`), with their texts (`nil`: no such line).
    private func sync<V>(
        _ new: [LabeledValue<V>], _ old: [LabeledValue<V>], in editor: inout CardEditor,
        make: (V) -> Property, update: (inout Property, V) -> Void,
        groupedLines: (V) -> [(name: String, text: String?)] = { _ in [] }
    ) {
        // Most edits keep every value in its place (an unchanged field, a value changed): each is
        // then paired with the old one where it stands, without tables of identifiers.
        let inPlace = new.count == old.count && zip(new, old).allSatisfy { $0.identifier == $1.identifier }
        var oldByID: [String: LabeledValue<V>] = [:]
        if !inPlace {
            oldByID = Dictionary(old.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
            let newIDs = Set(new.map(\.identifier))
            for o in old where !newIDs.contains(o.identifier) {
                if let index = sourceIndex[o.identifier] { editor.remove(at: index) }
            }
        }
        for (i, n) in new.enumerated() {
            if let o = inPlace ? old[i] : oldByID[n.identifier], let index = sourceIndex[n.identifier] {
                guard n != o else { continue }
                if o.value != n.value { editor.replace(at: index) { update(&$0, n.value) } }
                for (line, was) in zip(groupedLines(n.value), groupedLines(o.value)) where line.text != was.text {
                    editor.setGroupedLine(line.name, text: line.text, at: index)
                }
                if o.label != n.label { editor.setLabel(n.label, at: index) }
            } else {
                editor.insert(make(n.value), label: n.label, groupedLines: groupedLines(n.value))
            }
        }
    }

    /// New components over old ones, keeping any extra old components the model does not know.
    private static func merge(_ new: [String], into old: [String]) -> [String] {
        old.count > new.count ? new + old[new.count...] : new
    }

    private func text(_ name: String, _ value: String, _ version: VCardVersion) -> Property {
        Property(name: name, value: Escaping.escape(value, for: version), version: version)
    }

    private func structured(_ name: String, _ components: [String], _ version: VCardVersion) -> Property {
        var p = Property(name: name, value: "", version: version)
        p.setComponents(components)
        return p
    }

    /// A `TEL` line: a `tel:` URI where the card uses them (or for a new 4.0 international number),
    /// unless the value is not a number: that is written as text, without `VALUE=uri`.
    static func telProperty(_ number: PhoneNumber, _ version: VCardVersion, from existing: Property?) -> Property {
        var p = existing ?? Property(name: "TEL", value: "", version: version)
        let usesURI = existing.map { $0.value.lowercased().hasPrefix("tel:") } ?? (version == .v4 && number.digits.hasPrefix("+"))
        if usesURI, let uri = number.telURI {
            if existing == nil { p.parameters.append(Parameter(name: "VALUE", values: ["uri"])) }
            p.value = uri
        } else {
            // Looked for first: removing decodes every parameter, and rewrites the line's.
            if p.parameter("VALUE") != nil { p.parameters.removeAll { $0.hasName("VALUE") } }
            p.setText(number.stringValue)
        }
        return p
    }

    /// A date line (`BDAY`, `X-ABDATE`, `ANNIVERSARY`). A date without a year is written in
    /// Apple's `X-APPLE-OMIT-YEAR` form in 2.1 and 3.0, and where the existing line had it (its
    /// parameter kept in place); as `--MMDD` otherwise.
    static func dateProperty(_ name: String, _ date: ContactDate, _ version: VCardVersion, from existing: Property? = nil) -> Property {
        var p = existing ?? Property(name: name, value: "", version: version)
        let appleIndex = p.parameters.firstIndex { $0.hasName(AppleOmitYear.parameterName) }
        if date.year == nil && (appleIndex != nil || version != .v4), let (parameter, value) = AppleOmitYear.appleForm(of: date.vCardValue) {
            if let appleIndex {
                if p.parameters[appleIndex].values != parameter.values { p.parameters[appleIndex] = parameter }
            } else {
                p.parameters.append(parameter)
            }
            p.value = value
        } else {
            p.parameters.removeAll { $0.hasName(AppleOmitYear.parameterName) }
            p.value = date.vCardValue
        }
        return p
    }

    /// A relation line: `X-ABRELATEDNAMES` in 2.1 and 3.0, `RELATED;VALUE=text` in 4.0; an
    /// existing `RELATED` URI stays a URI, and Android's line keeps its form.
    static func relationProperty(_ relation: ContactRelation, _ version: VCardVersion, from existing: Property? = nil) -> Property {
        var p = existing ?? Property(name: version == .v4 ? "RELATED" : "X-ABRELATEDNAMES", value: "", version: version)
        if existing == nil, version == .v4 { p.parameters.append(Parameter(name: "VALUE", values: ["text"])) }
        if AndroidRelation.isRelation(p) {
            AndroidRelation.setName(relation.name, on: &p)
        } else if isRelationURI(p) {
            p.value = relation.name
        } else {
            p.setText(relation.name)
        }
        return p
    }

    /// A `PHOTO` line with inline data, in the form the version uses.
    static func photoProperty(_ data: [UInt8], _ version: VCardVersion, from existing: Property? = nil) -> Property {
        var p = existing ?? Property(name: "PHOTO", value: "", version: version)
        let isPNG = data.starts(with: [0x89, 0x50, 0x4E, 0x47])
        let base64 = Base64Text.encode(data)
        p.parameters.removeAll { $0.hasName("ENCODING") || $0.hasName("TYPE") || $0.hasName("VALUE") || $0.hasName("MEDIATYPE") }
        if version == .v4 {
            p.value = "data:image/\(isPNG ? "png" : "jpeg");base64,\(base64)"
        } else {
            p.parameters.append(Parameter(name: "ENCODING", values: [version == .v2_1 ? "BASE64" : "b"]))
            p.parameters.append(Parameter(name: "TYPE", values: [isPNG ? "PNG" : "JPEG"]))
            p.value = base64
        }
        return p
    }
}

extension VCard {
    /// This card with a `UID` line holding `identifier` added, as the contact writer adds one
    /// (every other line unchanged).
    package func addingUID(_ identifier: String) -> VCard {
        Contact(card: self, keys: [], identifier: identifier).vCard(version: version)
    }
}
