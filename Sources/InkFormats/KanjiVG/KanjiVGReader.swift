import Foundation
import OpenPencilKit

/// Reads KanjiVG stroke-order diagrams (Ulrich Apel's KanjiVG project, CC BY-SA 3.0): one SVG
/// file a character, `viewBox="0 0 109 109"` with y pointing down, one centre-line `<path
/// id="kvg:04e00-s1" d="…">` a stroke.
///
/// Strokes follow the number `N` of their `-sN` id (document order for paths without one);
/// each subpath of a path is one stroke, drawn in the direction of its path data. The path data
/// go through ``SVGPathData``; each subpath is flattened into a fine polyline (eight vertices a
/// unit of control polygon) and resampled at equal arc-length steps of about `spacing` units,
/// so a point lands at each end and the model's B-spline stays within a few hundredths of a
/// unit of the Bézier curve. KanjiVG has no timing: points are timed as if drawn at `speed`
/// units a second, strokes one after the other without pauses (a synthetic clock that keeps the
/// order and the direction of writing, nothing more).
///
/// The key is the relative path, the label the character (the `kvg:element` of the top group,
/// else the code point of the file name), the metadata `codePoint` (`U+4E00`) and, when the
/// paths carry them, `strokeTypes` (their `kvg:type`s, separated by spaces).
public struct KanjiVGReader: CorpusReader {
  /// The default distance between points, in viewBox units (the box is 109 units wide).
  public static let defaultSpacing = 1.0
  /// The default speed of the synthetic clock, in viewBox units a second.
  public static let defaultSpeed = 100.0
  /// The most points a stroke may get (its control polygon divided by the spacing): a guard
  /// against path data far outside the 109-unit box allocating without bound.
  public static let maximumPointsPerStroke = 1_000_000.0

  private var files: CorpusFiles
  private let spacing: Double
  private let speed: Double

  /// Opens a KanjiVG file or a folder of them (every `.svg` file below it, in path order).
  public init(
    url: URL, spacing: Double = KanjiVGReader.defaultSpacing,
    speed: Double = KanjiVGReader.defaultSpeed
  ) throws {
    files = try CorpusFiles(root: url) { CorpusFiles.hasExtension($0, in: ["svg"]) }
    self.spacing = spacing
    self.speed = speed
  }

  /// The next character, or `nil` after the last file.
  public mutating func next() throws -> CorpusRecord? {
    guard let entry = files.next() else { return nil }
    return try Self.record(
      from: Data(contentsOf: entry.url), name: entry.relativePath, spacing: spacing, speed: speed)
  }

  /// Reads one KanjiVG file held in memory; `name` is the key and the file errors name.
  public static func record(
    from data: Data, name: String, spacing: Double = defaultSpacing, speed: Double = defaultSpeed
  ) throws -> CorpusRecord {
    guard spacing > 0, speed > 0 else {
      throw InkFormatError(.invalidValue, "spacing and speed must be positive", file: name)
    }
    let content = try KanjiVGXMLContent(reading: XMLStreamReader(data: data, name: name))
    guard !content.paths.isEmpty else {
      throw InkFormatError(.malformed, "no stroke paths", file: name)
    }
    let ordered = content.paths.enumerated().sorted {
      (strokeNumber($0.element.id) ?? .max, $0.offset)
        < (strokeNumber($1.element.id) ?? .max, $1.offset)
    }.map(\.element)
    var polylines: [[PolylineSampler.Sample]] = []
    for path in ordered {
      let geometry: SVGPathData
      do {
        geometry = try SVGPathData(path.data)
      } catch let error as InkFormatError {
        throw error.located(file: name, record: "line \(path.line), path \(path.id)")
      }
      for subpath in geometry.subpaths {
        let polyline = subpath.polyline()
        // The flattened curve is measured too: near the largest Double its points overflow to
        // infinity (and their distances to NaN) while the control polygon stays short.
        let flattened = zip(polyline, polyline.dropFirst()).reduce(0.0) {
          $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y)
        }
        for length in [subpath.controlPolygonLength, flattened] {
          guard length / spacing <= maximumPointsPerStroke else {
            throw InkFormatError(
              .invalidValue,
              "the stroke is \(length) units long: more than \(Int(maximumPointsPerStroke)) points",
              file: name, record: "line \(path.line), path \(path.id)")
          }
        }
        polylines.append(PolylineSampler.resampled(polyline, spacing: spacing))
      }
    }
    let code = codePoint(name)
    var metadata: [String: String] = [:]
    metadata["codePoint"] = code.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    let types = ordered.compactMap(\.type)
    if !types.isEmpty { metadata["strokeTypes"] = types.joined(separator: " ") }
    return CorpusRecord(
      key: name, label: content.element ?? code.map { String(Character($0)) },
      metadata: metadata,
      drawing: PKDrawing(strokes: ImportedStroke.strokes(fromSampled: polylines, speed: speed)))
  }

  /// The stroke number of an id ending in `-sN`.
  static func strokeNumber(_ id: String) -> Int? {
    guard let dash = id.range(of: "-s", options: .backwards) else { return nil }
    return Int(id[dash.upperBound...])
  }

  /// The code point a KanjiVG file is named after (`04e00.svg`, `04e00-Kaisho.svg`).
  static func codePoint(_ path: String) -> Unicode.Scalar? {
    let file = path.split(separator: "/").last ?? Substring(path)
    let hex = file.prefix(while: \.isHexDigit)
    return UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init)
  }
}
