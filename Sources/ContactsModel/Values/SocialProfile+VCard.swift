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
    /// value set (its other parameters, such as labels, kept), or a new one in `version`'s form.
    package func property(_ version: VCardVersion, from existing: Property? = nil) -> Property {
        let isRFC = existing.map { $0.hasName("SOCIALPROFILE") } ?? (version == .v4)
        var p = existing ?? Property(name: isRFC ? "SOCIALPROFILE" : "X-SOCIALPROFILE", value: "", version: version)
        func set(_ name: String, _ value: String) {
            p.parameters.removeAll { $0.hasName(name) }
            if !value.isEmpty { p.parameters.append(Parameter(name: name, values: [value])) }
        }
        if isRFC {
            set("SERVICE-TYPE", service)
            set("USERNAME", username)
            set("VALUE", urlString.isEmpty ? "text" : "")
        } else {
            let types = p.types.filter { Self.labelTypes.contains($0) }
            p.parameters.removeAll { $0.hasName("TYPE") }
            for type in (service.isEmpty ? [] : [service.lowercased()]) + types { p.addType(type) }
            set("X-USER", username)
        }
        set("X-USERID", userIdentifier)
        if !urlString.isEmpty {
            p.value = urlString
        } else if isRFC {
            p.setText(username)
        } else {
            p.value = Self.applePrefix + username
        }
        return p
    }
}
