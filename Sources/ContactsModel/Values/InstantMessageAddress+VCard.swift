import VCardParser

extension InstantMessageAddress {
    /// The services this package knows by name, with the URI scheme of their `IMPP` value and
    /// the property older exporters write them in (Apple and RFC 4770 practice).
    private static let services: [(service: String, scheme: String, legacyName: String?)] = [
        (Service.aim, "aim", "X-AIM"), (Service.jabber, "xmpp", "X-JABBER"), (Service.skype, "skype", "X-SKYPE"),
        (Service.icq, "icq", "X-ICQ"), (Service.msn, "msnim", "X-MSN"), (Service.yahoo, "ymsgr", "X-YAHOO"),
        (Service.qq, "qq", "X-QQ"), (Service.gaduGadu, "gg", "X-GADUGADU"), (Service.googleTalk, "gtalk", "X-GOOGLE-TALK"),
        (Service.facebook, "fb", nil), ("SIP", "sip", nil),
    ]

    /// The names of the properties read as instant-messaging addresses.
    package static let propertyNames: Set<String> = Set(["IMPP"] + services.compactMap(\.legacyName))

    /// The service named `name` in Apple's spelling when it is a known one (`google talk` and
    /// `GOOGLETALK` are `GoogleTalk`), else `name` as it is: what services are compared by.
    static func canonicalService(_ name: String) -> String {
        let key = String(name.lowercased().filter { $0 != " " })
        return services.first { $0.service.lowercased() == key }?.service ?? name
    }

    /// The address a property holds: `IMPP` (service from `X-SERVICE-TYPE` or `SERVICE-TYPE` as
    /// written, else Apple's name of the scheme's service) or one of the older one-service
    /// properties; `nil` for any other property.
    package init?(property: Property) {
        let name = property.name.uppercased()
        if let legacy = Self.services.first(where: { $0.legacyName == name }) {
            self.init(username: property.text, service: legacy.service)
            return
        }
        guard name == "IMPP" else { return nil }
        let declared = (property.parameter("X-SERVICE-TYPE") ?? property.parameter("SERVICE-TYPE"))?.value
        guard let (scheme, rest) = Self.splitScheme(property.value) else {
            self.init(username: property.value, service: declared ?? "")
            return
        }
        let implied = Self.services.first { $0.scheme == scheme }?.service ?? ""
        self.init(username: rest, service: declared ?? implied)
    }

    /// The property for this address in `version`: `existing` changed as little as it can be
    /// (an older one-service property keeps its form while the service is its own; an `IMPP`
    /// keeps its scheme while the service stays), or a new `IMPP` as Apple writes it, the
    /// service in `X-SERVICE-TYPE` and its scheme (`x-apple` for a service without one, `im`
    /// for none).
    package func property(_ version: VCardVersion, from existing: Property? = nil) -> Property {
        if var p = existing, let legacy = Self.services.first(where: { $0.legacyName == p.name.uppercased() }),
            legacy.service == Self.canonicalService(service)
        {
            p.setText(username)
            return p
        }
        var p =
            existing.map { Property(group: $0.group, name: "IMPP", parameters: $0.parameters, value: "", version: $0.version) }
            ?? Property(name: "IMPP", value: "", version: version)
        let service = Self.canonicalService(self.service)
        let kept = existing.flatMap { InstantMessageAddress(property: $0) }.flatMap { old in
            Self.canonicalService(old.service) == service ? Self.splitScheme(existing!.value)?.scheme : nil
        }
        let scheme = kept ?? Self.services.first { $0.service == service }?.scheme ?? (service.isEmpty ? "im" : "x-apple")
        p.value = scheme + ":" + username
        let implied = Self.services.first { $0.scheme == scheme }?.service ?? ""
        // The parameter a reader takes the service from: the first X-SERVICE-TYPE, else the first SERVICE-TYPE.
        let declaredName = ["X-SERVICE-TYPE", "SERVICE-TYPE"].first { name in p.parameters.contains { $0.hasName(name) } }
        if let declaredName, let declared = p.removeRepeatedParameters(declaredName) {
            p.parameters[declared].values = [self.service]
        } else if !self.service.isEmpty && (kept == nil || service != implied) {
            p.parameters.insert(Parameter(name: "X-SERVICE-TYPE", values: [self.service]), at: 0)
        }
        return p
    }

    /// `scheme:rest` of a URI whose scheme is letters, digits, `+`, `-` and `.` (RFC 3986), the
    /// scheme lower-cased.
    private static func splitScheme(_ value: String) -> (scheme: String, rest: String)? {
        guard let colon = value.firstIndex(of: ":"), colon != value.startIndex else { return nil }
        let scheme = value[..<colon]
        guard scheme.first!.isASCII, scheme.first!.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return (scheme.lowercased(), String(value[value.index(after: colon)...]))
    }
}
