extension PropertyRules {
    /// Every property the package knows, in the order of RFC 6350 §6 and then of the RFCs that
    /// extend it. Columns: name, shape, 4.0 default value type (`nil` where 4.0 has none), and
    /// cardinality in 3.0 and 4.0 (`nil`: the version does not define it). 2.1 uses the 3.0
    /// column, except that it does not require FN (ez-vcard's validator agrees).
    ///
    /// RFC 2426 has no cardinality column; it requires exactly one FN (§3.1.1), N (§3.1.2) and
    /// VERSION (§3.6.9), and says "at most one" of the properties that describe the card as a
    /// whole (BDAY, REV, PRODID, UID, CLASS, SORT-STRING, NAME, PROFILE); all others may repeat.
    static let all: [PropertyRules] = [
        // RFC 6350 §6.1 General
        PropertyRules("SOURCE", .verbatim, "uri", v3: .any, v4: .any),
        PropertyRules(
            "KIND", .verbatim, "text", v3: nil, v4: .atMostOne,  // RFC 6473 registers "application"
            values: .registered(["individual", "group", "org", "location", "application"])),
        PropertyRules("XML", .verbatim, "text", v3: nil, v4: .any),
        // RFC 6350 §6.2 Identification
        PropertyRules("FN", .text, "text", v21: .atMostOne, v3: .one, v4: .oneOrMore),
        PropertyRules(
            "N", .structuredLists, "text", v3: .one, v4: .atMostOne,
            components: ["surname", "given", "additional", "prefix", "suffix", "surname2", "generation"],
            minimumComponents: 5),
        PropertyRules("NICKNAME", .list, "text", v3: .any, v4: .any),
        PropertyRules("PHOTO", .verbatim, "uri", v3: .any, v4: .any, data: "image"),
        PropertyRules("BDAY", .verbatim, "date-and-or-time", v3: .atMostOne, v4: .atMostOne),
        PropertyRules("ANNIVERSARY", .verbatim, "date-and-or-time", v3: nil, v4: .atMostOne),
        PropertyRules(
            "GENDER", .structured, "text", v3: nil, v4: .atMostOne, components: ["sex", "identity"], minimumComponents: 1,
            values: .closed(["m", "f", "o", "n", "u", ""])),
        // RFC 6350 §6.3 Delivery Addressing
        PropertyRules(
            "ADR", .structuredLists, "text", v3: .any, v4: .any,
            components: [
                "pobox", "ext", "street", "locality", "region", "code", "country",
                "room", "apartment", "floor", "streetnumber", "streetname", "building", "block",
                "subdistrict", "district", "landmark", "direction",
            ],
            minimumComponents: 7),
        // RFC 6350 §6.4 Communications
        PropertyRules("TEL", .verbatim, "text", v3: .any, v4: .any),
        PropertyRules("EMAIL", .verbatim, "text", v3: .any, v4: .any),
        PropertyRules("IMPP", .verbatim, "uri", v3: .any, v4: .any),  // 3.0: RFC 4770
        PropertyRules("LANG", .verbatim, "language-tag", v3: nil, v4: .any),
        // RFC 6350 §6.5 Geographical
        PropertyRules("TZ", .verbatim, "text", v3: .any, v4: .any),
        PropertyRules("GEO", .verbatim, "uri", v3: .any, v4: .any),
        // RFC 6350 §6.6 Organizational
        PropertyRules("TITLE", .text, "text", v3: .any, v4: .any),
        PropertyRules("ROLE", .text, "text", v3: .any, v4: .any),
        PropertyRules("LOGO", .verbatim, "uri", v3: .any, v4: .any, data: "image"),
        PropertyRules("ORG", .structured, "text", v3: .any, v4: .any),
        PropertyRules("MEMBER", .verbatim, "uri", v3: nil, v4: .any),
        PropertyRules("RELATED", .verbatim, "uri", v3: nil, v4: .any),
        // RFC 6350 §6.7 Explanatory
        PropertyRules("CATEGORIES", .list, "text", v3: .any, v4: .any),
        PropertyRules("NOTE", .text, "text", v3: .any, v4: .any),
        PropertyRules("PRODID", .text, "text", v3: .atMostOne, v4: .atMostOne),
        PropertyRules("REV", .verbatim, "timestamp", v3: .atMostOne, v4: .atMostOne),
        PropertyRules("SOUND", .verbatim, "uri", v3: .any, v4: .any, data: "audio"),
        PropertyRules("UID", .verbatim, "uri", v3: .atMostOne, v4: .atMostOne),
        PropertyRules("CLIENTPIDMAP", .structured, "text", v3: nil, v4: .any, components: ["sourceid", "uri"], minimumComponents: 1),
        PropertyRules("URL", .verbatim, "uri", v3: .any, v4: .any),
        PropertyRules("VERSION", .verbatim, "text", v3: .one, v4: .one),
        // RFC 6350 §6.8 Security, §6.9 Calendar (3.0: RFC 2739)
        PropertyRules("KEY", .verbatim, "uri", v3: .any, v4: .any, data: "application"),
        PropertyRules("FBURL", .verbatim, "uri", v3: .any, v4: .any),
        PropertyRules("CALADRURI", .verbatim, "uri", v3: .any, v4: .any),
        PropertyRules("CALURI", .verbatim, "uri", v3: .any, v4: .any),
        // RFC 6474
        PropertyRules("BIRTHPLACE", .verbatim, "text", v3: nil, v4: .atMostOne),
        PropertyRules("DEATHPLACE", .verbatim, "text", v3: nil, v4: .atMostOne),
        PropertyRules("DEATHDATE", .verbatim, "date-and-or-time", v3: nil, v4: .atMostOne),
        // RFC 6715
        PropertyRules("EXPERTISE", .text, "text", v3: nil, v4: .any),
        PropertyRules("HOBBY", .text, "text", v3: nil, v4: .any),
        PropertyRules("INTEREST", .text, "text", v3: nil, v4: .any),
        PropertyRules("ORG-DIRECTORY", .verbatim, "uri", v3: nil, v4: .any),
        // RFC 9554 §3, RFC 9555 §3.3.1
        PropertyRules("CREATED", .verbatim, "timestamp", v3: nil, v4: .atMostOne),
        PropertyRules("GRAMGENDER", .text, "text", v3: nil, v4: .any),
        PropertyRules("LANGUAGE", .verbatim, "language-tag", v3: nil, v4: .atMostOne),
        PropertyRules("PRONOUNS", .text, "text", v3: nil, v4: .any),
        PropertyRules("SOCIALPROFILE", .verbatim, "uri", v3: nil, v4: .any),
        PropertyRules("JSPROP", .text, "text", v3: nil, v4: .any),
        // RFC 2426 properties that 4.0 dropped (and 2.1 never had: its X- forms stay X- in 2.1)
        PropertyRules("NAME", .verbatim, nil, v21: .some(nil), v3: .atMostOne, v4: nil),
        PropertyRules("PROFILE", .verbatim, nil, v21: .some(nil), v3: .atMostOne, v4: nil),
        PropertyRules("MAILER", .verbatim, nil, v3: .any, v4: nil),
        PropertyRules("LABEL", .text, nil, v3: .any, v4: nil),
        PropertyRules("AGENT", .verbatim, nil, v3: .any, v4: nil),
        PropertyRules("CLASS", .verbatim, nil, v21: .some(nil), v3: .atMostOne, v4: nil),
        PropertyRules("SORT-STRING", .text, nil, v21: .some(nil), v3: .atMostOne, v4: nil),
        // Extensions in common use, in every version
        PropertyRules("X-ABLABEL", .text, nil, v3: .any, v4: .any),
        PropertyRules("X-PHONETIC-FIRST-NAME", .text, nil, v3: .any, v4: .any),
        PropertyRules("X-PHONETIC-LAST-NAME", .text, nil, v3: .any, v4: .any),
        PropertyRules("X-PHONETIC-MIDDLE-NAME", .text, nil, v3: .any, v4: .any),
    ]

    /// RFC 2426 §3's default value types where they are not the 4.0 column's `text`, and those of
    /// the properties 4.0 dropped: ``valueType(in:)`` reads them for 3.0.
    static let version3ValueTypes: [Property.Name: String] = [
        "BDAY": "date", "REV": "date-time", "TZ": "utc-offset", "GEO": "float", "TEL": "phone-number",
        "PHOTO": "binary", "LOGO": "binary", "SOUND": "binary", "KEY": "binary", "URL": "uri", "SOURCE": "uri",
        "AGENT": "vcard", "UID": "text", "MAILER": "text", "LABEL": "text", "SORT-STRING": "text", "CLASS": "text",
        "NAME": "text", "PROFILE": "text",
    ]
}
