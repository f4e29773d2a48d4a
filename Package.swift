// swift-tools-version:6.0
import PackageDescription

// One module a domain, arrows pointing down only (see the Architecture article of the Ductus
// catalog): `_DuctusSupport` is the floor, the domain modules stand on the sampling and distance
// toolkit, `InkFigures` draws their results, `Ductus` re-exports the libraries, and `DuctusCLI`
// is arguments, commands and output only.
let package = Package(
  name: "Ductus",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "Ductus", targets: ["Ductus"]),
    .library(name: "OpenPencilKit", targets: ["OpenPencilKit"]),
    .library(name: "OpenPaperKit", targets: ["OpenPaperKit"]),
    .library(name: "InkFormats", targets: ["InkFormats"]),
    .library(name: "InkMath", targets: ["InkMath"]),
    .library(name: "InkRender", targets: ["InkRender"]),
    .library(name: "InkSampling", targets: ["InkSampling"]),
    .library(name: "InkDistances", targets: ["InkDistances"]),
    .library(name: "InkRecognition", targets: ["InkRecognition"]),
    .library(name: "InkTracing", targets: ["InkTracing"]),
    .library(name: "InkShapes", targets: ["InkShapes"]),
    .library(name: "InkFeatures", targets: ["InkFeatures"]),
    .library(name: "InkClustering", targets: ["InkClustering"]),
    .library(name: "InkSignatures", targets: ["InkSignatures"]),
    .library(name: "InkSignatureStore", targets: ["InkSignatureStore"]),
    .library(name: "InkFigures", targets: ["InkFigures"]),
    .executable(name: "ductus", targets: ["ductus"]),
  ],
  targets: [
    .systemLibrary(name: "CLinearAlgebra", pkgConfig: "openblas"),
    .systemLibrary(name: "CCairo", pkgConfig: "cairo"),
    .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0"),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3"),
    .target(name: "_DuctusSupport"),
    .target(name: "OpenPencilKit"),
    .target(name: "OpenPaperKit", dependencies: ["OpenPencilKit"]),
    .target(name: "InkMath", dependencies: ["_DuctusSupport", "CLinearAlgebra"]),
    .target(name: "InkFormats", dependencies: ["_DuctusSupport", "OpenPencilKit", "CLibXML2"]),
    .target(
      name: "InkRender",
      dependencies: ["_DuctusSupport", "OpenPencilKit", "OpenPaperKit", "CCairo"]),
    .target(name: "InkSampling", dependencies: ["OpenPencilKit"]),
    .target(
      name: "InkDistances",
      dependencies: ["_DuctusSupport", "OpenPencilKit", "InkSampling", "InkMath"]),
    .target(
      name: "InkRecognition",
      dependencies: ["_DuctusSupport", "OpenPencilKit", "InkSampling", "InkDistances"]),
    .target(
      name: "InkTracing",
      dependencies: [
        "_DuctusSupport", "OpenPencilKit", "InkMath", "InkSampling", "InkDistances",
        "InkRecognition",
      ],
      resources: [.copy("Templates")]),
    .target(
      name: "InkShapes",
      dependencies: [
        "_DuctusSupport", "OpenPencilKit", "OpenPaperKit", "InkMath", "InkSampling", "InkDistances",
      ]),
    .target(name: "InkFeatures", dependencies: ["OpenPencilKit", "InkSampling"]),
    .target(
      name: "InkClustering",
      dependencies: ["_DuctusSupport", "InkMath", "InkSampling", "InkDistances"]),
    .target(name: "InkSignatureStore", dependencies: ["_DuctusSupport", "CSQLite"]),
    .target(
      name: "InkSignatures",
      dependencies: ["_DuctusSupport", "InkMath", "InkSampling", "InkDistances", "InkFeatures"]),
    .target(
      name: "InkFigures",
      dependencies: [
        "_DuctusSupport", "OpenPencilKit", "InkRender", "InkSampling", "InkTracing", "InkShapes",
        "InkSignatures",
      ]),
    .target(
      name: "Ductus",
      dependencies: [
        "OpenPencilKit", "OpenPaperKit", "InkFormats", "InkMath", "InkRender", "InkSampling",
        "InkDistances", "InkRecognition", "InkTracing", "InkShapes", "InkFeatures", "InkClustering",
        "InkSignatures", "InkSignatureStore", "InkFigures",
      ]),
    .target(
      name: "DuctusCLI",
      dependencies: [
        "_DuctusSupport", "OpenPencilKit", "InkFormats", "InkRender", "InkMath", "InkSampling",
        "InkDistances", "InkRecognition", "InkTracing", "InkShapes", "InkFeatures", "InkClustering",
        "InkSignatures", "InkSignatureStore", "InkFigures",
      ]),
    .executableTarget(name: "ductus", dependencies: ["DuctusCLI"]),
    .executableTarget(
      name: "DuctusBench",
      dependencies: [
        "OpenPencilKit", "InkFormats", "InkMath", "InkSampling", "InkDistances", "InkRecognition",
        "InkTracing", "InkShapes", "InkFeatures", "InkClustering", "InkSignatures",
        "DuctusTestSupport",
      ]),
    .target(
      name: "DuctusTestSupport",
      dependencies: ["_DuctusSupport", "OpenPencilKit", "InkSampling", "InkFormats", "InkShapes"],
      path: "Tests/DuctusTestSupport"),
    .testTarget(name: "DuctusSupportTests", dependencies: ["DuctusTestSupport", "_DuctusSupport"]),
    .testTarget(name: "OpenPencilKitTests", dependencies: ["DuctusTestSupport", "OpenPencilKit"]),
    .testTarget(
      name: "OpenPaperKitTests",
      dependencies: ["DuctusTestSupport", "OpenPaperKit", "OpenPencilKit"]),
    .testTarget(
      name: "InkFormatsTests", dependencies: ["DuctusTestSupport", "InkFormats", "OpenPencilKit"]),
    .testTarget(
      name: "InkRenderTests",
      dependencies: ["DuctusTestSupport", "InkRender", "OpenPencilKit", "OpenPaperKit"]),
    .testTarget(name: "InkMathTests", dependencies: ["DuctusTestSupport", "InkMath"]),
    .testTarget(
      name: "InkSamplingTests", dependencies: ["DuctusTestSupport", "InkSampling", "OpenPencilKit"]),
    .testTarget(
      name: "InkDistancesTests",
      dependencies: ["DuctusTestSupport", "InkDistances", "InkSampling", "InkMath"]),
    .testTarget(
      name: "InkRecognitionTests",
      dependencies: [
        "DuctusTestSupport", "InkRecognition", "InkSampling", "InkDistances", "InkTracing",
      ]),
    .testTarget(
      name: "InkTracingTests",
      dependencies: [
        "DuctusTestSupport", "InkFormats", "InkTracing", "InkRecognition", "InkSampling",
        "OpenPencilKit",
      ]),
    .testTarget(
      name: "InkShapesTests",
      dependencies: ["DuctusTestSupport", "InkShapes", "OpenPencilKit", "OpenPaperKit"]),
    .testTarget(
      name: "InkFeaturesTests",
      dependencies: [
        "DuctusTestSupport", "InkFeatures", "InkFormats", "InkSampling", "OpenPencilKit",
      ]),
    .testTarget(
      name: "InkClusteringTests",
      dependencies: [
        "DuctusTestSupport", "InkClustering", "InkMath", "InkSampling", "InkDistances",
      ]),
    .testTarget(
      name: "InkSignaturesTests",
      dependencies: [
        "DuctusTestSupport", "_DuctusSupport", "InkSignatures", "InkFeatures", "InkFormats",
        "InkSampling", "InkDistances", "OpenPencilKit",
      ]),
    .testTarget(
      name: "InkSignatureStoreTests", dependencies: ["DuctusTestSupport", "InkSignatureStore"]),
    .testTarget(
      name: "InkFiguresTests",
      dependencies: [
        "DuctusTestSupport", "InkFigures", "InkTracing", "InkRender", "InkSignatures",
        "OpenPencilKit",
      ]),
    .testTarget(
      name: "DuctusCLITests",
      dependencies: [
        "DuctusTestSupport", "_DuctusSupport", "DuctusCLI", "InkFormats", "InkMath", "InkRender",
        "OpenPencilKit", "InkSampling", "InkDistances", "InkTracing", "InkShapes", "InkFeatures",
        "InkClustering", "InkSignatures", "InkSignatureStore",
      ],
      exclude: ["Snapshots"]),
  ]
)
