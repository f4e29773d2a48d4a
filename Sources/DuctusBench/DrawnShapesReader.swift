import Foundation
import InkFormats
import OpenPencilKit

/// The records of a checkout of the Drawn Shapes Dataset (Antonín Bouchal, 2019,
/// <https://github.com/antoninbouchal/Drawn-shapes-Dataset>, read at commit `c74ac35`; no
/// licence is given, so nothing of it is copied into this repository): 3,045 shapes drawn with
/// an Apple Pencil on an iPad Pro on a 256 × 256 canvas, in `paths/<label>/<seconds> <unix
/// time>.json`, each file an array of strokes, each stroke an array of `["x", "y"]` pairs of
/// decimal text (whole pixels in x, every point written twice). Labels: circle, oval, diamond,
/// rectangle, square, triangle.
///
/// Each record's key is `<label>/<file name>`, its metadata `day` the UTC date of the file
/// name's Unix time (the drawings were made on four days in September 2019), in file-name order
/// within each label and labels in name order. Points carry no times.
struct DrawnShapesReader: CorpusReader {
  /// The files still to read: their label and URL.
  private var files: [(label: String, url: URL)]
  private var position = 0
  /// Writes a day as `yyyy-MM-dd` in UTC, whatever the locale.
  private let dayFormatter: ISO8601DateFormatter = {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter
  }()

  /// Lists the drawings of the checkout at `root` (the folder holding `paths`).
  init(root: URL) throws {
    let paths = root.appendingPathComponent("paths")
    let manager = FileManager.default
    var files: [(String, URL)] = []
    for label in try manager.contentsOfDirectory(atPath: paths.path).sorted() {
      let folder = paths.appendingPathComponent(label)
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue
      else { continue }
      for name in try manager.contentsOfDirectory(atPath: folder.path).sorted()
      where name.hasSuffix(".json") {
        files.append((label, folder.appendingPathComponent(name)))
      }
    }
    self.files = files
  }

  /// The next drawing.
  ///
  /// - Throws: ``BenchmarkError/badInput(path:detail:)`` naming the file when it is not an array of
  ///   strokes of `[x, y]` pairs of numbers (as text or numbers).
  mutating func next() throws -> CorpusRecord? {
    guard position < files.count else { return nil }
    let (label, url) = files[position]
    position += 1
    let name = url.deletingPathExtension().lastPathComponent
    guard let strokes = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [Any]
    else { throw BenchmarkError.badInput(path: url.path, detail: "not an array of strokes") }
    let ink = PKInk(.pen, color: .black)
    let width = ink.inkType.defaultWidth
    var drawing = PKDrawing()
    for (index, stroke) in strokes.enumerated() {
      guard let pairs = stroke as? [[Any]] else {
        throw BenchmarkError.badInput(
          path: url.path, detail: "stroke \(index) is not an array of pairs")
      }
      var points: [PKStrokePoint] = []
      for pair in pairs {
        guard pair.count == 2, let x = Self.number(pair[0]), let y = Self.number(pair[1]) else {
          throw BenchmarkError.badInput(
            path: url.path, detail: "stroke \(index) has a point not [x, y]")
        }
        points.append(
          PKStrokePoint(
            location: CGPoint(x: x, y: y), timeOffset: 0,
            size: CGSize(width: width, height: width), opacity: 1, force: 1, azimuth: 0,
            altitude: .pi / 2))
      }
      guard !points.isEmpty else { continue }
      drawing.strokes.append(
        PKStroke(ink: ink, path: PKStrokePath(controlPoints: points, creationDate: Date())))
    }
    var metadata: [String: String] = [:]
    if let seconds = name.split(separator: " ").last.flatMap({ Double($0) }) {
      metadata["day"] = dayFormatter.string(from: Date(timeIntervalSince1970: seconds))
    }
    return CorpusRecord(
      key: "\(label)/\(name)", label: label, metadata: metadata, drawing: drawing)
  }

  /// A coordinate written as text or as a number.
  private static func number(_ value: Any) -> Double? {
    if let text = value as? String { return Double(text) }
    return (value as? NSNumber)?.doubleValue
  }
}
