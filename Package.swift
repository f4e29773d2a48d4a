// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Ductus",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "OpenPencilKit", targets: ["OpenPencilKit"]),
    .library(name: "InkFormats", targets: ["InkFormats"]),
    .library(name: "InkMath", targets: ["InkMath"]),
    .library(name: "InkAnalysis", targets: ["InkAnalysis"]),
    .library(name: "InkRender", targets: ["InkRender"]),
    .executable(name: "ductus", targets: ["ductus"]),
  ],
  targets: [
    .systemLibrary(name: "CLinearAlgebra", pkgConfig: "openblas"),
    .systemLibrary(name: "CCairo", pkgConfig: "cairo"),
    .target(name: "OpenPencilKit"),
    .target(name: "InkMath", dependencies: ["CLinearAlgebra"]),
    .target(name: "InkFormats", dependencies: ["OpenPencilKit"]),
    .target(name: "InkRender", dependencies: ["OpenPencilKit", "CCairo"]),
    .target(name: "InkAnalysis", dependencies: ["OpenPencilKit", "InkMath"]),
    .target(
      name: "DuctusCLI",
      dependencies: ["OpenPencilKit", "InkFormats", "InkRender", "InkMath", "InkAnalysis"]),
    .executableTarget(name: "ductus", dependencies: ["DuctusCLI"]),
    .executableTarget(name: "DuctusBench", dependencies: ["InkMath", "InkAnalysis"]),
    .target(name: "DuctusTestSupport", path: "Tests/DuctusTestSupport"),
    .testTarget(name: "OpenPencilKitTests", dependencies: ["DuctusTestSupport", "OpenPencilKit"]),
    .testTarget(
      name: "InkFormatsTests", dependencies: ["DuctusTestSupport", "InkFormats", "OpenPencilKit"]),
    .testTarget(
      name: "InkRenderTests", dependencies: ["DuctusTestSupport", "InkRender", "OpenPencilKit"]),
    .testTarget(name: "InkMathTests", dependencies: ["DuctusTestSupport", "InkMath"]),
    .testTarget(
      name: "InkAnalysisTests",
      dependencies: ["DuctusTestSupport", "InkAnalysis", "InkMath", "OpenPencilKit"]),
    .testTarget(
      name: "DuctusCLITests",
      dependencies: ["DuctusTestSupport", "DuctusCLI", "InkFormats", "OpenPencilKit"],
      exclude: ["Snapshots"]),
  ]
)
