import Foundation
import OpenPencilKit

/// A short text of what a drawing holds, for screen readers: how many strokes, then each shape
/// with its size and where it is, and the ink that is not a shape as writing.
///
/// ```swift
/// let shapes = ShapeRecognizer().shapes(in: drawing)
/// DrawingDescription(drawing, shapes: shapes).text
/// // "3 strokes: a circle about 40 points across, top left; an arrow pointing right, below
/// // it; writing, bottom right."
/// ```
///
/// Places are thirds of the drawing's bounds (`top left`, `centre`, `bottom`, …) for the first
/// item, and for the others where they are from the item before (`below it`, `to its right`)
/// when they lie clear of it, else their third. Sizes are in the drawing's points, rounded to
/// two significant digits. Arrows say which way they point, lines and arrows their length.
public struct DrawingDescription: Sendable, Hashable {
  /// The text.
  public let text: String

  /// The description of a drawing and the shapes found in it (as `ShapeRecognizer` returns
  /// them: every stroke in one answer, `none` for writing).
  public init(_ drawing: PKDrawing, shapes: [DetectedShape]) {
    let count = drawing.strokes.count
    guard count > 0 else {
      text = "An empty drawing."
      return
    }
    let frame = drawing.bounds
    var parts: [String] = []
    var previous: CGRect?
    for shape in shapes {
      let bounds = Self.bounds(of: shape, in: drawing)
      let place =
        previous.flatMap { Self.relation(of: bounds, to: $0) } ?? Self.third(bounds, of: frame)
      parts.append("\(Self.phrase(for: shape, bounds: bounds)), \(place)")
      previous = bounds
    }
    text = "\(count) stroke\(count == 1 ? "" : "s"): " + parts.joined(separator: "; ") + "."
  }

  /// What a shape is, with an article: `a circle about 40 points across`.
  static func phrase(for shape: DetectedShape, bounds: CGRect) -> String {
    let size = Self.points(Double(max(bounds.width, bounds.height)))
    switch shape.kind {
    case .none: return "writing"
    case .line:
      let length = Self.length(shape) ?? Double(hypot(bounds.width, bounds.height))
      return "a line about \(Self.points(length)) long"
    case .arrow:
      var phrase = "an arrow"
      if let head = shape.head, let tail = shape.tail, head.count == 2, tail.count == 2 {
        phrase += " pointing \(Self.direction(dx: head[0] - tail[0], dy: head[1] - tail[1]))"
      }
      return phrase
    default:
      let name = Self.name(of: shape)
      return "\(Self.article(for: name)) \(name) about \(size) across"
    }
  }

  /// A shape's name: its subkind (`right triangle`, `square`), sides (`octagon`) or points.
  static func name(of shape: DetectedShape) -> String {
    switch (shape.kind, shape.subkind) {
    case (.triangle, let subkind?) where subkind != .scalene: return "\(subkind.rawValue) triangle"
    case (.quadrilateral, let subkind?) where subkind != .irregular: return subkind.rawValue
    case (.polygon, _):
      let names = [7: "heptagon", 8: "octagon", 9: "nonagon", 10: "decagon"]
      return shape.sides.flatMap { names[$0] }
        ?? "\(shape.sides.map { "\($0)-sided " } ?? "")polygon"
    case (.star, _): return shape.points.map { "\($0)-point star" } ?? "star"
    case (.roundedRectangle, _): return "rounded rectangle"
    case (.chatBubble, _): return "speech bubble"
    default: return shape.kind.rawValue
    }
  }

  /// `a` or `an`, by the sound the name starts with.
  static func article(for name: String) -> String {
    let vowelSound = name.first.map { "aeiou".contains($0) } ?? false
    return vowelSound || name.hasPrefix("8") || name.hasPrefix("11-") || name.hasPrefix("18-")
      ? "an" : "a"
  }

  /// A line's or arrow's length from its vertices or ends.
  static func length(_ shape: DetectedShape) -> Double? {
    guard let vertices = shape.vertices, vertices.count >= 2, vertices.allSatisfy({ $0.count == 2 })
    else { return nil }
    return zip(vertices, vertices.dropFirst()).reduce(0) {
      $0 + hypot($1.1[0] - $1.0[0], $1.1[1] - $1.0[1])
    }
  }

  /// A direction on screen (y down) in eight words.
  static func direction(dx: Double, dy: Double) -> String {
    let names = [
      "right", "down and right", "down", "down and left", "left", "up and left", "up",
      "up and right",
    ]
    let angle = atan2(dy, dx)
    guard angle.isFinite else { return names[0] }
    let sector = Int(((angle / (.pi / 4)).rounded() + 8).truncatingRemainder(dividingBy: 8))
    return names[sector]
  }

  /// A length in points, to two significant digits: `1 point`, `140 points`.
  static func points(_ value: Double) -> String {
    let number = rounded(value)
    return number == "1" ? "1 point" : "\(number) points"
  }

  /// Two significant digits: 37 → 37, 143 → 140, 0.42 → 0.42.
  static func rounded(_ value: Double) -> String {
    guard value > 0, value.isFinite else { return "0" }
    let magnitude = pow(10, floor(log10(value)) - 1)
    let rounded = (value / magnitude).rounded() * magnitude
    // Not `Int`: a drawing may be wider than `Int.max` points (up to 3.4e38).
    return rounded >= 10 && rounded < 1e15
      ? String(format: "%.0f", rounded) : String(format: "%.2g", rounded)
  }

  /// Where a box lies in a frame, by thirds.
  static func third(_ box: CGRect, of frame: CGRect) -> String {
    func part(_ value: CGFloat, _ low: CGFloat, _ extent: CGFloat) -> Int {
      let share = 3 * (value - low) / extent
      return extent > 0 && share.isFinite ? min(max(Int(share), 0), 2) : 1
    }
    let column = part(box.midX, frame.minX, frame.width)
    let row = part(box.midY, frame.minY, frame.height)
    let rows = ["top", "", "bottom"]
    let columns = ["left", "", "right"]
    let words = [rows[row], columns[column]].filter { !$0.isEmpty }
    return words.isEmpty ? "in the centre" : words.joined(separator: " ")
  }

  /// Where a box lies from another, when it is clear of it on one side.
  static func relation(of box: CGRect, to other: CGRect) -> String? {
    if box.minY >= other.maxY { return "below it" }
    if box.maxY <= other.minY { return "above it" }
    if box.minX >= other.maxX { return "to its right" }
    if box.maxX <= other.minX { return "to its left" }
    return nil
  }

  /// The box of a shape: its ideal outline's, else its strokes' ink.
  static func bounds(of shape: DetectedShape, in drawing: PKDrawing) -> CGRect {
    if shape.kind != .none, let ideal = try? IdealShape(shape) { return ideal.bounds }
    let strokes = shape.strokes.filter { drawing.strokes.indices.contains($0) }
    let bounds = PKDrawing(strokes: strokes.map { drawing.strokes[$0] }).bounds
    return bounds.isNull ? .zero : bounds
  }
}
