// swift-tools-version:6.0
import PackageDescription

// An app outside the Ductus repository that depends on it, as an app would: one product,
// `Ductus`, one import.
let package = Package(
  name: "EmbedTracing",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Ductus", path: "../..")],
  targets: [
    .executableTarget(
      name: "EmbedTracing", dependencies: [.product(name: "Ductus", package: "Ductus")])
  ]
)
