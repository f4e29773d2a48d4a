import Foundation
import OpenPaperKit
import OpenPencilKit

/// Draws recognised shapes perfect: each shape's strokes are replaced by its ideal outline in
/// the same ink and width, as PencilKit strokes or as PaperKit shapes, and every other stroke
/// is left exactly as it was.
///
/// ```swift
/// let beautifier = ShapeBeautifier()
/// let snapped = try beautifier.drawing(drawing, shapes: shapes)       // a PKDrawing
/// let paper = try beautifier.paperMarkup(drawing, shapes: shapes)     // a PaperMarkup
/// ```
///
/// A shape's ink is that of the first of its strokes (type and colour); its width is the
/// median width of its strokes' points, times the scale of their transforms. Its ideal takes
/// the place of its first stroke in the drawing order. Shapes of kind ``ShapeKind/none`` are
/// left as ink. See <doc:ShapeBeautification>.
public struct ShapeBeautifier: Sendable {
  /// The largest gap between the points of an ideal stroke, as a share of the shape's size
  /// (at most 2 drawing units, unless that would take more than ``maximumPointsPerShape``),
  /// so that the stroke's spline keeps the corners sharp.
  public var spacing: Double

  /// The most points the gaps of ``spacing`` add to one shape's outline: a shape longer than
  /// `2 × maximumPointsPerShape` drawing units gets wider gaps (its corners are kept), so that
  /// a huge shape cannot make a huge drawing.
  public static let maximumPointsPerShape = 10_000

  /// A beautifier; `spacing` is a share of each shape's size.
  public init(spacing: Double = 0.01) {
    self.spacing = spacing
  }

  /// The drawing with each shape's strokes replaced by its ideal outline, one stroke a piece
  /// (an arrow's shaft and head are two), in the ink and width of the strokes it replaces.
  ///
  /// - Throws: ``ShapeBeautifierError`` when a shape names no stroke, a stroke the drawing does
  ///   not have or one an earlier shape took, or when its parameters give no ideal outline.
  public func drawing(_ drawing: PKDrawing, shapes: [DetectedShape]) throws(ShapeBeautifierError)
    -> PKDrawing
  {
    var strokes: [PKStroke] = []
    for part in try parts(of: drawing, shapes: shapes) {
      switch part {
      case .ink(let stroke): strokes.append(stroke)
      case .shape(let snapped): strokes += snapped.strokes
      }
    }
    return PKDrawing(strokes: strokes)
  }

  /// The drawing as a paper: each shape that PaperKit has a type for becomes a PaperKit shape
  /// (its record from ``DetectedShape/paperKitShape(strokeColor:lineWidth:)``, stroked in the
  /// colour and width of its ink, not filled); the other shapes become their ideal strokes as
  /// in ``drawing(_:shapes:)``; every run of ink between shapes stays one PencilKit drawing
  /// element, in the drawing order. The paper's bounds are the drawing's (zero when it is empty).
  ///
  /// - Throws: ``ShapeBeautifierError``, as ``drawing(_:shapes:)``.
  public func paperMarkup(_ drawing: PKDrawing, shapes: [DetectedShape])
    throws(ShapeBeautifierError) -> PaperMarkup
  {
    // An empty drawing's bounds are `CGRect.null`, whose infinite origin no JSON holds.
    var paper = PaperMarkup(bounds: drawing.bounds.isNull ? .zero : drawing.bounds)
    var run: [PKStroke] = []
    func closeRun() {
      if !run.isEmpty { paper.append(contentsOf: PKDrawing(strokes: run)) }
      run = []
    }
    for part in try parts(of: drawing, shapes: shapes) {
      switch part {
      case .ink(let stroke): run.append(stroke)
      case .shape(let snapped):
        if let record = snapped.record {
          closeRun()
          paper.elements.append(.shape(record))
        } else {
          run += snapped.strokes
        }
      }
    }
    closeRun()
    return paper
  }

  /// A shape drawn perfect: its ideal strokes and, when PaperKit has a type for it, its record.
  struct SnappedShape {
    var strokes: [PKStroke]
    var record: ShapeMarkup?
  }

  /// One element of the beautified drawing, in drawing order.
  enum Part {
    case ink(PKStroke)
    case shape(SnappedShape)
  }

  /// The drawing's strokes in order, each shape's replaced by the shape at its first stroke.
  func parts(of drawing: PKDrawing, shapes: [DetectedShape]) throws(ShapeBeautifierError)
    -> [Part]
  {
    var owner: [Int: Int] = [:]
    for (index, shape) in shapes.enumerated() where shape.kind != .none {
      guard !shape.strokes.isEmpty else {
        throw ShapeBeautifierError(shape: index, kind: shape.kind, problem: "it names no strokes")
      }
      for stroke in shape.strokes {
        guard drawing.strokes.indices.contains(stroke) else {
          throw ShapeBeautifierError(
            shape: index, kind: shape.kind,
            problem: "stroke \(stroke) is not in the drawing, which has \(drawing.strokes.count)")
        }
        if let other = owner[stroke] {
          throw ShapeBeautifierError(
            shape: index, kind: shape.kind, problem: "stroke \(stroke) is shape \(other)'s already")
        }
        owner[stroke] = index
      }
    }
    var parts: [Part] = []
    for (index, stroke) in drawing.strokes.enumerated() {
      guard let shapeIndex = owner[index] else {
        parts.append(.ink(stroke))
        continue
      }
      let shape = shapes[shapeIndex]
      guard index == shape.strokes.min() else { continue }
      do {
        parts.append(
          .shape(try snap(shape, from: shape.strokes.sorted().map { drawing.strokes[$0] })))
      } catch {
        throw ShapeBeautifierError(shape: shapeIndex, kind: shape.kind, problem: error.problem)
      }
    }
    return parts
  }

  /// The ideal of a shape in the ink and width of `originals`, its strokes (in drawing order).
  func snap(_ shape: DetectedShape, from originals: [PKStroke]) throws(IdealShapeError)
    -> SnappedShape
  {
    let ideal = try IdealShape(shape)
    let first = originals[0]
    let width = Self.width(of: originals)
    let template = first.path.first
    let duration = originals.reduce(0.0) { $0 + ($1.path.last?.timeOffset ?? 0) }
    let gap = max(min(spacing * ideal.size, 2), ideal.length / Double(Self.maximumPointsPerShape))
    let pieces = ideal.densified(spacing: gap)
    let length = max(ideal.length, 1e-9)
    var travelled = 0.0
    var strokes: [PKStroke] = []
    for piece in pieces where !piece.isEmpty {
      var previous = piece[0]
      let points = piece.map { location -> PKStrokePoint in
        travelled += IdealShape.distance(previous, location)
        previous = location
        return PKStrokePoint(
          location: location, timeOffset: duration * travelled / length,
          size: CGSize(width: width, height: width), opacity: template?.opacity ?? 1,
          force: template?.force ?? 1, azimuth: template?.azimuth ?? 0,
          altitude: template?.altitude ?? .pi / 2)
      }
      let path = PKStrokePath(controlPoints: points, creationDate: first.path.creationDate)
      strokes.append(PKStroke(ink: first.ink, path: path, randomSeed: first.randomSeed))
    }
    let record = try shape.paperKitShape(strokeColor: first.ink.color.cgColor, lineWidth: width)
    return SnappedShape(strokes: strokes, record: record)
  }

  /// The median width of the strokes' points, each times the scale of its stroke's transform.
  static func width(of strokes: [PKStroke]) -> Double {
    var widths: [Double] = []
    for stroke in strokes {
      let t = stroke.transform
      let scale = abs(Double(t.a * t.d - t.b * t.c)).squareRoot()
      widths += stroke.path.map { Double($0.size.width) * scale }
    }
    widths.sort()
    return widths.isEmpty ? 1 : widths[widths.count / 2]
  }
}
