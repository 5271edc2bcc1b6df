// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "vcardtool",
    products: [
        .library(name: "VCardParser", targets: ["VCardParser"]),
        .library(name: "ContactsModel", targets: ["ContactsModel"]),
        .library(name: "VCardFormats", targets: ["VCardFormats"]),
        .library(name: "CardDAV", targets: ["CardDAV"]),
        .executable(name: "vcardtool", targets: ["vcardtool"]),
    ],
    targets: [
        // Tests on sixteen bytes at once in vector registers (SSE2, NEON), which Swift has no words
        // for: the parser's searches for line ends and delimiters (scripts/byte-blocks-check.sh).
        .target(name: "ByteBlocks"),
        .target(name: "VCardParser", dependencies: ["ByteBlocks"]),
        .target(name: "ExtendedAttributes"),
        // A processor's cache hint that Swift has no words for (validate's table of UIDs).
        .target(name: "CacheHints"),
        .target(name: "ContactsModel", dependencies: ["VCardParser", "ExtendedAttributes"]),
        .target(name: "VCardFormats", dependencies: ["VCardParser", "ContactsModel"]),
        // FoundationNetworking is imported only here; multistatus answers are read with
        // VCardFormats' XML reader.
        .target(name: "CardDAV", dependencies: ["VCardParser", "ContactsModel", "VCardFormats"]),
        // libcurl loaded at the first network call, not at start-up (Sources/LazyCurl/LazyCurl.c).
        .target(name: "LazyCurl"),
        .executableTarget(name: "vcardtool", dependencies: ["VCardParser", "ContactsModel", "VCardFormats", "CardDAV", "CacheHints", "LazyCurl"]),
        .executableTarget(name: "vcard-bench", dependencies: ["VCardParser", "ContactsModel", "VCardFormats", "HostileInputs"], path: "Benchmarks/vcard-bench"),
        .target(name: "HostileInputs", path: "Benchmarks/HostileInputs"),
        .testTarget(name: "VCardParserTests", dependencies: ["VCardParser", "HostileInputs"]),
        .testTarget(name: "ContactsModelTests", dependencies: ["ContactsModel", "VCardParser", "ExtendedAttributes"]),
        .testTarget(name: "VCardFormatsTests", dependencies: ["VCardFormats", "VCardParser", "ContactsModel", "HostileInputs"]),
        .testTarget(name: "vcardtoolTests", dependencies: ["vcardtool"]),
        .testTarget(name: "CardDAVTests", dependencies: ["CardDAV", "vcardtool", "ContactsModel", "VCardParser"]),
    ]
)
