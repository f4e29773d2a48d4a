// swift-tools-version:6.0
// The Ductus side of Scripts/bench/json-throughput.sh: a release executable that parses the same
// Ductus JSON text with InkFormats' byte-level reader and with Foundation's JSONDecoder.
// `json-throughput.sh` links `.ductus/Ductus` to the repository first, so that the dependency's
// identity is "ductus" whatever the checkout's folder is called.
import PackageDescription

let package = Package(
  name: "JSONBench",
  platforms: [.macOS(.v14)],
  dependencies: [.package(path: ".ductus/Ductus")],
  targets: [
    .executableTarget(
      name: "json-bench",
      dependencies: [
        .product(name: "InkFormats", package: "Ductus"),
        .product(name: "OpenPencilKit", package: "Ductus"),
      ],
      path: "Sources")
  ]
)
