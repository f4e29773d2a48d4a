import Foundation
import InkAnalysis

/// A template of the bundled library as the project authors it: a name, a description, the
/// guides it is written on and its strokes in the taught order (see ``SchoolPrintModel``).
struct GlyphDefinition: Hashable, Sendable {
  /// The library name (`latin/a`).
  var name: String
  /// The description for people (`small letter a`).
  var description: String
  /// The guide lines, as y values in the box.
  var guides: [String: Double]
  /// The strokes, in the order they are taught.
  var strokes: [GlyphStroke]

  /// The file of the definition below the library folder: `<name>.json`, except that Latin
  /// letters go to `latin/capital/A.json` and `latin/small/a.json`, so that `A` and `a` stay two
  /// files on case-insensitive file systems (macOS, Windows).
  var relativePath: String {
    let parts = name.split(separator: "/")
    guard parts.count == 2, parts[0] == "latin", let letter = parts[1].first, parts[1].count == 1
    else { return name + ".json" }
    return "latin/\(letter.isUppercase ? "capital" : "small")/\(letter).json"
  }

  /// The template, in the 100 × 100 box of the library.
  func template() -> TracingTemplate {
    TracingTemplate(
      name: name, description: description, orderSource: .taught,
      box: CGRect(x: 0, y: 0, width: SchoolPrintModel.boxSide, height: SchoolPrintModel.boxSide),
      guides: guides, strokes: strokes.map { $0.templateStroke() })
  }
}
