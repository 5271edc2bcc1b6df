extension VersionConversion {
    /// 4.0 → 2.1/3.0: RFC 9554 §2 gives N two more components (secondary surname, generation) and
    /// ADR eleven (room … direction), which 2.1 and 3.0 do not have. The property keeps the
    /// components of RFC 6350 (``PropertyRules/minimumComponents``) and, when a later one is set,
    /// an `X-N` or `X-ADR` with the same parameters after it holds the whole 4.0 value.
    ///
    /// ```
    /// N:Gómez;Ana;;;;Ruiz;Jr.   →   N:Gómez;Ana;;;
    ///                               X-N:Gómez;Ana;;;;Ruiz;Jr.
    /// ```
    static func cutExtendedComponents(_ properties: inout [Property], to target: VCardVersion) {
        var result: [Property] = []
        result.reserveCapacity(properties.count)
        for var p in properties {
            guard let rules = p.rules, rules.minimumComponents > 1, rules.isKnown(in: target) else {
                result.append(p)
                continue
            }
            let parts = Escaping.split(p.value, on: .semicolon)
            guard parts.count > rules.minimumComponents else {
                result.append(p)
                continue
            }
            let whole = p.value
            p.value = parts.prefix(rules.minimumComponents).joined(separator: ";")
            result.append(p)
            if parts.dropFirst(rules.minimumComponents).contains(where: { !$0.isEmpty }) {
                result.append(
                    Property(
                        group: p.group, name: rules.name.extensionForm.rawValue, parameters: p.parameters,
                        value: whole, version: p.version))
            }
        }
        properties = result
    }

    /// 2.1/3.0 → 4.0: an `X-N` or `X-ADR` made by ``cutExtendedComponents(_:to:)`` gives its
    /// value back to the N or ADR before it whose components it starts with.
    static func restoreExtendedComponents(_ properties: inout [Property]) {
        var index = 0
        while index < properties.count {
            let p = properties[index]
            guard let rules = PropertyRules.standing(for: p.propertyName, in: .v4), rules.minimumComponents > 1,
                let base = properties[..<index].lastIndex(where: { q in
                    q.propertyName == rules.name
                        && Escaping.split(q.value, on: .semicolon) == Array(Escaping.split(p.value, on: .semicolon).prefix(rules.minimumComponents))
                })
            else {
                index += 1
                continue
            }
            properties[base].value = p.value
            properties.remove(at: index)
        }
    }
}
