// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "vcardtool",
    products: [
        .library(name: "VCardParser", targets: ["VCardParser"]),
        .library(name: "ContactsModel", targets: ["ContactsModel"]),
        .library(name: "VCardFormats", targets: ["VCardFormats"]),
        .executable(name: "vcardtool", targets: ["vcardtool"]),
    ],
    targets: [
        .target(name: "VCardParser"),
        .target(name: "ExtendedAttributes"),
        .target(name: "ContactsModel", dependencies: ["VCardParser", "ExtendedAttributes"]),
        .target(name: "VCardFormats", dependencies: ["VCardParser", "ContactsModel"]),
        .executableTarget(name: "vcardtool", dependencies: ["VCardParser", "ContactsModel", "VCardFormats"]),
        .executableTarget(name: "vcard-bench", dependencies: ["VCardParser", "ContactsModel", "VCardFormats", "HostileInputs"], path: "Benchmarks/vcard-bench"),
        .target(name: "HostileInputs", path: "Benchmarks/HostileInputs"),
        .testTarget(name: "VCardParserTests", dependencies: ["VCardParser", "HostileInputs"]),
        .testTarget(name: "ContactsModelTests", dependencies: ["ContactsModel", "VCardParser", "ExtendedAttributes"]),
        .testTarget(name: "VCardFormatsTests", dependencies: ["VCardFormats", "VCardParser", "ContactsModel", "HostileInputs"]),
        .testTarget(name: "vcardtoolTests", dependencies: ["vcardtool"]),
    ]
)
