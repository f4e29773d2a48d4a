import DuctusTestSupport
import Foundation
import Testing

/// The house rules of the Architecture article, checked on the sources: which module may
/// import what (arrows pointing down only), and that the floor alone talks to the C library.
@Suite struct ArchitectureTests {
  /// What each module may import besides the toolchain's (Foundation, Dispatch, Testing).
  static let allowed: [String: Set<String>] = [
    "_DuctusSupport": ["Glibc", "Musl", "Darwin"],
    "OpenPencilKit": [],
    "OpenPaperKit": ["OpenPencilKit"],
    "InkMath": ["_DuctusSupport", "CLinearAlgebra"],
    "InkFormats": ["_DuctusSupport", "OpenPencilKit", "CLibXML2"],
    "InkRender": ["_DuctusSupport", "OpenPencilKit", "OpenPaperKit", "CCairo"],
    "InkSampling": ["OpenPencilKit"],
    "InkDistances": ["_DuctusSupport", "OpenPencilKit", "InkSampling", "InkMath"],
    "InkRecognition": ["_DuctusSupport", "OpenPencilKit", "InkSampling", "InkDistances"],
    "InkTracing": [
      "_DuctusSupport", "OpenPencilKit", "InkMath", "InkSampling", "InkDistances",
      "InkRecognition",
    ],
    "InkShapes": [
      "_DuctusSupport", "OpenPencilKit", "OpenPaperKit", "InkMath", "InkSampling", "InkDistances",
    ],
    "InkFeatures": ["OpenPencilKit", "InkSampling"],
    "InkClustering": ["_DuctusSupport", "InkMath", "InkSampling", "InkDistances"],
    "InkSignatures": ["_DuctusSupport", "InkMath", "InkSampling", "InkDistances", "InkFeatures"],
    "InkSignatureStore": ["_DuctusSupport", "CSQLite"],
    "InkFigures": [
      "_DuctusSupport", "OpenPencilKit", "InkRender", "InkSampling", "InkTracing", "InkShapes",
      "InkSignatures",
    ],
    "Ductus": [
      "OpenPencilKit", "OpenPaperKit", "InkFormats", "InkMath", "InkRender", "InkSampling",
      "InkDistances", "InkRecognition", "InkTracing", "InkShapes", "InkFeatures", "InkClustering",
      "InkSignatures", "InkSignatureStore", "InkFigures",
    ],
    "DuctusCLI": [
      "_DuctusSupport", "OpenPencilKit", "InkFormats", "InkRender", "InkMath", "InkSampling",
      "InkDistances", "InkRecognition", "InkTracing", "InkShapes", "InkFeatures", "InkClustering",
      "InkSignatures", "InkSignatureStore", "InkFigures",
    ],
    "ductus": ["DuctusCLI"],
    "DuctusBench": [
      "OpenPencilKit", "InkFormats", "InkMath", "InkSampling", "InkDistances", "InkRecognition",
      "InkTracing", "InkShapes", "InkFeatures", "InkClustering", "InkSignatures",
      "DuctusTestSupport",
    ],
  ]
  static let toolchain: Set<String> = [
    "Foundation", "Dispatch", "FoundationEssentials", "Synchronization",
  ]

  /// The modules each source file of a module imports, by file.
  static func imports(of module: String) throws -> [(file: String, module: String)] {
    let folder = SharedData.repositoryRoot.appendingPathComponent("Sources/\(module)")
    var found: [(String, String)] = []
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      guard url.pathExtension == "swift" else { continue }
      for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
          words[..<index].allSatisfy({ $0.hasPrefix("@") || $0 == "public" || $0 == "internal" })
        else { continue }
        found.append((url.lastPathComponent, String(words[index + 1])))
      }
    }
    return found
  }

  @Test func everyModuleImportsOnlyWhatItStandsOn() throws {
    let sources = SharedData.repositoryRoot.appendingPathComponent("Sources")
    let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path)
      .filter { !$0.hasPrefix(".") && !$0.hasPrefix("C") }
    #expect(
      Set(modules) == Set(Self.allowed.keys), "a module without a rule, or a rule without a module")
    for module in modules {
      for (file, imported) in try Self.imports(of: module)
      where !Self.toolchain.contains(imported) {
        #expect(
          Self.allowed[module, default: []].contains(imported),
          "\(module)/\(file) imports \(imported)")
      }
    }
  }

  @Test func onlyTheFloorTalksToTheCLibrary() throws {
    for module in Self.allowed.keys where module != "_DuctusSupport" {
      for (file, imported) in try Self.imports(of: module) {
        #expect(!["Glibc", "Musl", "Darwin"].contains(imported), "\(module)/\(file)")
      }
    }
  }

  @Test func theCommandLineHoldsNoAnalysisOrPictures() throws {
    let cli = SharedData.repositoryRoot.appendingPathComponent("Sources/DuctusCLI")
    let walker = FileManager.default.enumerator(at: cli, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      guard url.pathExtension == "swift" else { continue }
      let text = try String(contentsOf: url, encoding: .utf8)
      for definition in [
        "enum SchoolPrintModel", "struct TemplateLibrary", "struct TracingScorer",
        "struct TemplateRanking", "enum FeedbackPicture", "struct TemplatePicture",
        "struct SplitMix64", "class AtomicFile", "struct JSONTextWriter", "enum Platform",
      ] {
        #expect(!text.contains(definition), "\(url.lastPathComponent) defines \(definition)")
      }
    }
  }
}
