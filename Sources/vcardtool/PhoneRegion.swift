import ContactsModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The region that places phone numbers written without a country code: `--region CC`, else the
/// `VCARDTOOL_REGION` environment variable, else none (never the machine's locale).
enum PhoneRegion {
    /// The help line of `--region`, the same for every command that takes it.
    static let option = (
        "--region <CC>",
        "Region of numbers written without a country code (GB, US, DE…); default $VCARDTOOL_REGION, never the machine's locale. Without one such numbers are compared by their digits."
    )

    /// Takes `--region` from the arguments, or `VCARDTOOL_REGION`; an unknown code is a usage error.
    static func parse(_ arguments: inout Arguments) throws(UsageError) -> String? {
        let environment = getenv("VCARDTOOL_REGION").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        guard let code = try arguments.option("region") ?? environment else { return nil }
        guard PhoneNumber.isKnownRegion(code) else {
            throw UsageError("Unknown region '\(code)' (--region or VCARDTOOL_REGION): use an ISO 3166 code such as GB or US")
        }
        return code.uppercased()
    }
}
