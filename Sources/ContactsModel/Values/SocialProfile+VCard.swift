import VCardParser

extension SocialProfile {
    /// The value Apple writes for a profile without an address: `x-apple:` and the username.
    private static let applePrefix = "x-apple:"

    /// `TYPE` values that are labels, not the service.
    private static let labelTypes: Set<String> = ["pref", "home", "work", "other", "internet"]

    /// The profile a property holds: Apple's `X-SOCIALPROFILE` (service in `TYPE`, `X-USER`,
    /// `X-USERID`) or RFC 9554's `SOCIALPROFILE` (`SERVICE-TYPE`, `USERNAME`; with `VALUE=text` the
    /// value is the username); `nil` for any other property.
    package init?(property: Property) {
        switch property.name.uppercased() {
        case "X-SOCIALPROFILE":
            var profile = SocialProfile(service: property.types.first { !Self.labelTypes.contains($0) } ?? "")
            profile.username = property.parameter("X-USER")?.value ?? ""
            profile.userIdentifier = property.parameter("X-USERID")?.value ?? ""
            if property.value.lowercased().hasPrefix(Self.applePrefix) {
                if profile.username.isEmpty { profile.username = String(property.value.dropFirst(Self.applePrefix.count)) }
            } else {
                profile.urlString = property.value
            }
            self = profile
        case "SOCIALPROFILE":
            var profile = SocialProfile(service: property.parameter("SERVICE-TYPE")?.value ?? "")
            profile.username = property.parameter("USERNAME")?.value ?? ""
            profile.userIdentifier = property.parameter("X-USERID")?.value ?? ""
            if property.parameter("VALUE")?.value.lowercased() == "text" {
                if profile.username.isEmpty { profile.username = property.text }
            } else {
                profile.urlString = property.value
            }
            self = profile
        default:
            return nil
        }
    }

    /// The property for this profile: `existing` with its service, username, identifier and
    /// value set in place (its other parameters, such as labels, kept where they are), or a new
    /// one in `version`'s form.
    package func property(_ version: VCardVersion, from existing: Property? = nil) -> Property {
        let isRFC = existing.map { $0.hasName("SOCIALPROFILE") } ?? (version == .v4)
        var p = existing ?? Property(name: isRFC ? "SOCIALPROFILE" : "X-SOCIALPROFILE", value: "", version: version)
        if isRFC {
            Self.set("SERVICE-TYPE", service, on: &p)
            // A text value is the username itself; USERNAME is written beside a URL only.
            if !urlString.isEmpty || p.parameter("USERNAME") != nil { Self.set("USERNAME", username, on: &p) }
            Self.set("VALUE", urlString.isEmpty ? "text" : "", on: &p)
        } else {
            Self.setServiceType(service.lowercased(), on: &p)
            Self.set("X-USER", username, on: &p)
        }
        Self.set("X-USERID", userIdentifier, on: &p)
        if !urlString.isEmpty {
            p.value = urlString
        } else if isRFC {
            p.setText(username)
        } else {
            p.value = Self.applePrefix + username
        }
        return p
    }

    /// Sets parameter `name` to `value` where it first is (any later one removed), adds it at
    /// the end, or removes it for "".
    private static func set(_ name: String, _ value: String, on p: inout Property) {
        if let index = p.removeRepeatedParameters(name) {
            if value.isEmpty {
                p.parameters.remove(at: index)
            } else if p.parameters[index].values != [value] {
                p.parameters[index].values = [value]
            }
        } else if !value.isEmpty {
            p.parameters.append(Parameter(name: name, values: [value]))
        }
    }

    /// Apple's service type: the `TYPE` value that is not a label replaced where it is (kept when
    /// it is the same but for case), else added first. A 2.1 bare type is named `TYPE` when read;
    /// a bare encoding (`;BASE64`) is named `ENCODING` and is not a place for the service.
    private static func setServiceType(_ service: String, on p: inout Property) {
        for (i, parameter) in p.parameters.enumerated() where parameter.hasName("TYPE") {
            guard let j = parameter.values.firstIndex(where: { !labelTypes.contains($0.lowercased()) }) else { continue }
            if parameter.values[j].lowercased() == service { return }
            if service.isEmpty { p.parameters[i].values.remove(at: j) } else { p.parameters[i].values[j] = service }
            if p.parameters[i].values.isEmpty { p.parameters.remove(at: i) }
            return
        }
        if !service.isEmpty {
            p.parameters.insert(Parameter(name: "TYPE", values: [service], isBare: p.version == .v2_1), at: 0)
        }
    }
}
