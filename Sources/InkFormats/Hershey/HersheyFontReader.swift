import Foundation
import OpenPencilKit

/// Reads Hershey fonts in the `.jhf` form of Debian's `hershey-fonts-data` (the vector fonts of
/// Allen V. Hershey, U.S. National Bureau of Standards, 1967, as distributed by James Hurt):
/// each glyph is one record, its strokes in the order and direction Hershey drew them.
///
/// A record is a 5-column glyph number, a 3-column vertex count and that many pairs of
/// characters, coordinates offset by the code of `R`; the first pair is the left and right side
/// bearing and ` R` lifts the pen. Records longer than a line continue on the next lines (the
/// original 72-column layout); in the Debian files each record is one line.
///
/// The strokes keep Hershey's units and y axis (down, as the model's). Hershey's vertices are
/// the corners of straight strokes, so every vertex is kept and each edge is cut into pieces of
/// at most `spacing` units: the model's B-spline then stays within a fraction of a unit of the
/// polyline (it rounds each corner by at most about a third of `spacing`). The fonts have no
/// timing: points are timed as if drawn at `speed` units a second, strokes back to back.
///
/// The key is `<relative path>#<glyph index>` (from 0 in file order); the label is the ASCII
/// character `32 + index` (the `.jhf` files of `hershey-fonts-data` hold the printable ASCII
/// range in order from the space), for indices 0–94; the metadata are `glyphNumber` (unless it
/// is the placeholder 12345), `leftMargin` and `rightMargin`.
///
/// ```swift
/// var reader = try HersheyFontReader(url: URL(fileURLWithPath: "/usr/share/hershey-fonts/futural.jhf"))
/// while let glyph = try reader.next() { print(glyph.label ?? "", glyph.drawing.strokes.count) }
/// ```
public struct HersheyFontReader: CorpusReader {
  /// Where Debian's `hershey-fonts-data` installs the fonts.
  public static let systemFontFolder = URL(fileURLWithPath: "/usr/share/hershey-fonts")
  /// The default largest distance between points, in Hershey units.
  public static let defaultSpacing = 1.0
  /// The default speed of the synthetic clock, in Hershey units a second.
  public static let defaultSpeed = 100.0
  /// The glyph number the Debian files write when they carry none.
  public static let placeholderGlyphNumber = 12345

  private var files: CorpusFiles
  private let spacing: Double
  private let speed: Double
  private var pending: [CorpusRecord] = []

  /// Opens a `.jhf` file or a folder of them (every `.jhf` file below it, in path order).
  public init(
    url: URL, spacing: Double = HersheyFontReader.defaultSpacing,
    speed: Double = HersheyFontReader.defaultSpeed
  ) throws {
    files = try CorpusFiles(root: url) { CorpusFiles.hasExtension($0, in: ["jhf"]) }
    self.spacing = spacing
    self.speed = speed
  }

  /// The next glyph, or `nil` after the last one of the last file. A malformed font throws once
  /// and is skipped on the next call.
  public mutating func next() throws -> CorpusRecord? {
    while pending.isEmpty {
      guard let entry = files.next() else { return nil }
      pending = try Self.records(
        from: Data(contentsOf: entry.url), name: entry.relativePath, spacing: spacing,
        speed: speed
      ).reversed()
    }
    return pending.popLast()
  }

  /// The glyphs of one font held in memory; `name` starts the keys and is the file errors name.
  public static func records(
    from data: Data, name: String, spacing: Double = defaultSpacing, speed: Double = defaultSpeed
  ) throws -> [CorpusRecord] {
    guard spacing > 0, speed > 0 else {
      throw InkFormatError(.invalidValue, "spacing and speed must be positive", file: name)
    }
    let source = TextSource(bytes: [UInt8](data), name: name)
    var records: [CorpusRecord] = []
    var lines = source.lines.filter { !$0.range.isEmpty }[...]
    while let first = lines.popFirst() {
      var text = Array(source.bytes[first.range])
      if let declared = Int(
        String(decoding: text.dropFirst(5).prefix(3), as: UTF8.self).filter { $0 != " " }),
        declared > 0
      {
        while text.count < 8 + 2 * declared, let more = lines.popFirst() {
          text += source.bytes[more.range]
        }
      }
      let index = records.count
      let glyph: HersheyGlyph
      do {
        glyph = try HersheyGlyph(jhfRecord: text)
      } catch let error as InkFormatError {
        throw error.located(file: name, record: "line \(first.number), glyph \(index)")
      }
      records.append(record(glyph, index: index, name: name, spacing: spacing, speed: speed))
    }
    return records
  }

  private static func record(
    _ glyph: HersheyGlyph, index: Int, name: String, spacing: Double, speed: Double
  ) -> CorpusRecord {
    let polylines = glyph.strokes.map { stroke in
      PolylineSampler.subdivided(
        stroke.map { CGPoint(x: Double($0.x), y: Double($0.y)) }, spacing: spacing)
    }
    var metadata = [
      "leftMargin": String(glyph.leftMargin), "rightMargin": String(glyph.rightMargin),
    ]
    if glyph.number != placeholderGlyphNumber { metadata["glyphNumber"] = String(glyph.number) }
    return CorpusRecord(
      key: "\(name)#\(index)",
      label: index < 95 ? String(Character(Unicode.Scalar(UInt8(32 + index)))) : nil,
      metadata: metadata,
      drawing: PKDrawing(strokes: ImportedStroke.strokes(fromSampled: polylines, speed: speed)))
  }
}
