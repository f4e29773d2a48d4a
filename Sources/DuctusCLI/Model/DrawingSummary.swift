import Foundation
import OpenPencilKit
import _DuctusSupport

/// What `ductus inspect` reports about one drawing or corpus record; its JSON shape is
/// documented in the `inspect` article.
///
/// ```json
/// {"bounds":{"height":52.5,"width":48,"x":11,"y":20.25},"contentVersion":1,"duration":1.2,
///  "file":"a.json","inks":{"pen":1},"points":64,"strokes":1}
/// ```
package struct DrawingSummary: Encodable, Hashable, Sendable {
  /// A rectangle in drawing coordinates.
  package struct Bounds: Encodable, Hashable, Sendable {
    /// The left edge.
    package var x: Double
    /// The top edge.
    package var y: Double
    /// The width.
    package var width: Double
    /// The height.
    package var height: Double
  }

  /// The file the drawing came from (`-` for standard input).
  package var file: String
  /// The record's key, for a record of a corpus.
  package var key: String?
  /// The record's label, when the corpus gives one.
  package var label: String?
  /// The number of strokes.
  package var strokes: Int
  /// The number of control points over all strokes.
  package var points: Int
  /// How many strokes use each ink type, by the type's short name (`pen`, `fountainPen` …).
  package var inks: [String: Int]
  /// The content version a device needs to show the drawing (1–4).
  package var contentVersion: Int
  /// The union of the strokes' render bounds, to a millionth; `nil` for a drawing without
  /// strokes.
  package var bounds: Bounds?
  /// Seconds from the start of the first stroke to the last point of the last one, to a
  /// microsecond.
  package var duration: Double

  /// Summarises a drawing.
  package init(_ drawing: PKDrawing, file: String, key: String? = nil, label: String? = nil) {
    self.file = file
    self.key = key
    self.label = label
    strokes = drawing.strokes.count
    points = drawing.strokes.reduce(0) { $0 + $1.path.count }
    inks = drawing.strokes.reduce(into: [:]) { $0[$1.ink.inkType.name, default: 0] += 1 }
    contentVersion = drawing.requiredContentVersion.rawValue
    let box = drawing.bounds
    bounds =
      box.isNull
      ? nil
      : Bounds(
        x: Self.millionths(box.minX), y: Self.millionths(box.minY),
        width: Self.millionths(box.width), height: Self.millionths(box.height))
    let spans = drawing.strokes.filter { !$0.path.isEmpty }.map { stroke in
      let start = stroke.path.creationDate.timeIntervalSinceReferenceDate
      return (start, start + stroke.path[stroke.path.count - 1].timeOffset)
    }
    if let first = spans.map(\.0).min(), let last = spans.map(\.1).max() {
      duration = Self.millionths(max(last - first, 0))
    } else {
      duration = 0
    }
  }

  /// A value rounded to six decimals, so that reports do not show binary rounding noise.
  private static func millionths(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

  /// Encodes `bounds` as `null` rather than leaving it out, so every entry has the same keys.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(file, forKey: .file)
    try container.encodeIfPresent(key, forKey: .key)
    try container.encodeIfPresent(label, forKey: .label)
    try container.encode(strokes, forKey: .strokes)
    try container.encode(points, forKey: .points)
    try container.encode(inks, forKey: .inks)
    try container.encode(contentVersion, forKey: .contentVersion)
    try container.encode(bounds, forKey: .bounds)
    try container.encode(duration, forKey: .duration)
  }

  private enum CodingKeys: String, CodingKey {
    case file, key, label, strokes, points, inks, contentVersion, bounds, duration
  }
}
