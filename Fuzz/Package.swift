// swift-tools-version: 6.0
// libFuzzer targets for the parser, the contact mapping, the jCard, xCard and CSV readers and
// writers and the CardDAV multistatus reader. A
// package of its own, so that a plain `swift build` or `swift test` of the main package never
// links them; build and run them with `scripts/fuzz.sh`.
import PackageDescription

let package = Package(
    name: "VCardFuzz",
    dependencies: [.package(name: "vcardtool", path: "..")],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: [.product(name: "VCardParser", package: "vcardtool")]),
        .executableTarget(
            name: "ParserFuzz",
            dependencies: [
                "CLibFuzzer", "FuzzSupport", .product(name: "VCardParser", package: "vcardtool"),
            ]),
        .executableTarget(
            name: "ContactFuzz",
            dependencies: [
                "CLibFuzzer", "FuzzSupport", .product(name: "VCardParser", package: "vcardtool"),
                .product(name: "ContactsModel", package: "vcardtool"),
            ]),
        .executableTarget(name: "DAVFuzz", dependencies: ["CLibFuzzer", "FuzzSupport", .product(name: "CardDAV", package: "vcardtool")]),
        .target(
            name: "FormatFuzzSupport",
            dependencies: [
                "FuzzSupport", .product(name: "VCardParser", package: "vcardtool"), .product(name: "VCardFormats", package: "vcardtool"),
            ]),
    ]
        + ["JCardFuzz", "XCardFuzz", "CSVFuzz", "WriterFuzz"].map { name in
            .executableTarget(name: name, dependencies: ["CLibFuzzer", "FormatFuzzSupport"])
        }
)
