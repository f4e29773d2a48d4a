import DuctusTestSupport
import Foundation
import InkDistances
import InkRecognition
import InkSampling
import InkTracing
import Testing

/// The bundled library, `Datasets/templates`: every template decodes, lies in its box, and a
/// clean trace of it (its own strokes as a drawing) scores as a perfect attempt.
@Suite("Bundled templates: Datasets/templates")
struct BundledTemplateTests {
  /// The library folder.
  static let folder = SharedData.repositoryRoot.appendingPathComponent(
    "Sources/InkTracing/Templates")

  /// Every template file of the library, by relative path.
  static let files: [String] = {
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    var paths: [String] = []
    while let url = walker?.nextObject() as? URL {
      if url.pathExtension == "json" {
        paths.append(
          String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
      }
    }
    return paths.sorted()
  }()

  static func template(_ path: String) throws -> TracingTemplate {
    try JSONDecoder().decode(
      TracingTemplate.self, from: Data(contentsOf: folder.appendingPathComponent(path)))
  }

  @Test func holdsEveryRequiredName() throws {
    let names = Set(try Self.files.map { try Self.template($0).name })
    let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    var required = (0...9).map { "digits/\($0)" }
    required += letters.map { "latin/\($0)" } + letters.lowercased().map { "latin/\($0)" }
    required += ["line", "circle", "square", "triangle", "star", "spiral", "zigzag", "wave"].map {
      "shapes/\($0)"
    }
    #expect(Set(required).subtracting(names).isEmpty)
    #expect(names.count == Self.files.count, "two files hold the same name")
    let variants = names.filter { $0.contains(".") }
    #expect(names.count - variants.count == 70)
    // Each variant, `<name>.<variant>`, is another form of a template of the library.
    for variant in variants {
      #expect(names.contains(String(variant.split(separator: ".")[0])), "\(variant)")
    }
    #expect(variants.count == 36)
  }

  @Test(arguments: files)
  func liesInItsBoxOnItsGuides(path: String) throws {
    let template = try Self.template(path)
    #expect(template.orderSource == .taught)
    #expect(template.box == CGRect(x: 0, y: 0, width: 100, height: 100))
    #expect(!template.description.isEmpty)
    for stroke in template.strokes {
      for point in stroke.points {
        #expect(template.box.contains(point), "\(template.name): \(point) outside the box")
      }
      let steps = zip(stroke.points, stroke.points.dropFirst()).map {
        hypot($1.x - $0.x, $1.y - $0.y)
      }
      #expect(steps.allSatisfy { $0 > 0 }, "\(template.name): repeated point")
    }
    if template.name.hasPrefix("latin/") || template.name.hasPrefix("digits/") {
      #expect(
        template.guides == ["capHeight": 20, "xHeight": 45, "baseline": 70, "descender": 95])
      let ys = template.strokes.flatMap { $0.points.map(\.y) }
      let letter = template.name.split(separator: ".")[0].last!  // `latin/d` for `latin/d.up`
      let descends = "gjpqy".contains(letter)
      #expect(abs(ys.max()! - (descends ? 95 : 70)) <= 1.5, "\(template.name) bottom \(ys.max()!)")
      let top = letter.isLowercase && !"bdfhklt".contains(letter) ? 35.0 : 20.0
      #expect(ys.min()! >= top - 0.5, "\(template.name) top \(ys.min()!)")
    }
  }

  @Test(arguments: files)
  func cleanTraceScoresAsPerfect(path: String) throws {
    let template = try Self.template(path)
    let report = try TracingScorer(placement: .box).score(template.drawing(), against: template)
    #expect(report.score >= 95, "\(template.name): \(report.score) \(report.codes)")
    #expect(report.codes == [.ok], "\(template.name): \(report.codes)")
  }
}

extension BundledTemplateTests {
  @Test(arguments: files)
  func backwardTraceIsReportedReversed(path: String) throws {
    let template = try Self.template(path)
    var backward = template
    backward.strokes = template.strokes.map { stroke in
      var reversed = stroke
      reversed.points.reverse()
      return reversed
    }
    let report = try TracingScorer(placement: .box).score(backward.drawing(), against: template)
    let drawnStrokes = template.strokes.filter { $0.points.count > 1 }
    #expect(
      drawnStrokes.isEmpty || report.codes.contains(.reversed), "\(template.name): \(report.codes)")
  }
}
