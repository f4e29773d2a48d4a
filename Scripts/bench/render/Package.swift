// swift-tools-version:6.0
// The Ductus side of Scripts/bench/render.sh: a release executable that renders Quick, Draw!
// drawings with InkRender. `render.sh` links `.ductus/Ductus` to the repository first, so that
// the dependency's identity is "ductus" whatever the checkout's folder is called.
import PackageDescription

let package = Package(
  name: "RenderBench",
  platforms: [.macOS(.v14)],
  dependencies: [.package(path: ".ductus/Ductus")],
  targets: [
    .executableTarget(
      name: "render-bench",
      dependencies: [
        .product(name: "InkRender", package: "Ductus"),
        .product(name: "OpenPencilKit", package: "Ductus"),
      ],
      path: "Sources")
  ]
)
