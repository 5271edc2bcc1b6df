import ContactsModel
import VCardParser

/// One matching card as `vcardtool find --format json` prints it: a JSON object on one line
/// (JSON Lines), in the style of `dupes --format json` (``DupesReport``).
///
/// ```
/// {"file":"contacts.vcf","line":1,"name":"Ada Lovelace","vcard":"BEGIN:VCARD\r\n…END:VCARD\r\n"}
/// {"file":"contacts.vcf","line":9,"name":"Zoë","vcard":"…","fields":{"FN":["Zoë"],"TEL":[]}}
/// ```
/// `vcard` is the card as read (UTF-16 input as UTF-8, invalid UTF-8 as U+FFFD); `fields`, with
/// `--fields`, holds the decoded values of each property named, in the order given.
struct FindRecord {
    var file: String
    var card: VCard

    func json(fields: [String]?) -> String {
        var object = JSONObject()
        object.add("file", file)
        object.add("line", card.line)
        object.add("name", card.displayName)
        object.add("vcard", String(decoding: card.bytesAsRead, as: UTF8.self))
        if let fields {
            var values = JSONObject()
            for field in fields { values.add(field, Self.values(of: card, field)) }
            object.add("fields", json: values.text)
        }
        return object.text
    }

    /// The decoded values of the properties called `field`, in file order.
    static func values(of card: VCard, _ field: String) -> [String] {
        card.properties(named: field).map { PropertyValue($0).display }
    }
}
