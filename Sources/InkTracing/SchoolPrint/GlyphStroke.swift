import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// One stroke of a glyph definition, written as a pen moves: a start point, then straight
/// lines, elliptical arcs, cubic Bézier curves and spiral turns, each from where the last ended.
///
/// ```swift
/// let bowl = GlyphEllipse(47, 57.5, 12, 12.5)
/// GlyphStroke(from: bowl.point(at: 30)).arc(bowl, sweep: 360).line(to: 59, 45).line(to: 59, 70)
/// ```
///
/// ``points()`` samples curves about every ``spacing`` units along their length and keeps only
/// the ends of straight lines; the scorer resamples anyway.
struct GlyphStroke: Hashable, Sendable {
  /// The greatest distance between two samples of a curve, in box units.
  static let spacing = 1.0
  /// The radius of a checkpoint, in box units.
  static let checkpointRadius = 5.0

  /// A piece of the stroke, from the end of the previous one.
  enum Piece: Hashable, Sendable {
    /// A straight line.
    case line(to: CGPoint)
    /// An arc of an ellipse from the current point's angle, turning `sweep` degrees
    /// (positive counter-clockwise on the page).
    case arc(GlyphEllipse, sweep: Double)
    /// A cubic Bézier curve.
    case cubic(control1: CGPoint, control2: CGPoint, to: CGPoint)
    /// An Archimedean spiral about a centre, from the current point's radius to `endRadius`,
    /// turning `sweep` degrees.
    case spiral(center: CGPoint, endRadius: Double, sweep: Double)
  }

  /// Where the pen goes down.
  var start: CGPoint
  /// The pieces, in drawing order.
  var pieces: [Piece] = []
  /// Whether the stroke ends in a hook that children are told to make.
  var hasHook = false
  /// Places the stroke must pass near.
  var checkpoints: [CGPoint] = []

  /// A stroke starting at a point.
  init(from start: CGPoint) { self.start = start }

  /// A stroke starting at `(x, y)`.
  init(from x: Double, _ y: Double) { self.init(from: CGPoint(x: x, y: y)) }

  /// The stroke continued by a straight line to `(x, y)`.
  func line(to x: Double, _ y: Double) -> GlyphStroke { line(to: CGPoint(x: x, y: y)) }

  /// The stroke continued by a straight line to a point.
  func line(to point: CGPoint) -> GlyphStroke { adding(.line(to: point)) }

  /// The stroke continued along an ellipse from the current point, `sweep` degrees
  /// (counter-clockwise on the page when positive).
  func arc(_ ellipse: GlyphEllipse, sweep: Double) -> GlyphStroke {
    adding(.arc(ellipse, sweep: sweep))
  }

  /// The stroke continued by a cubic Bézier curve.
  func curve(
    to x: Double, _ y: Double, control1: (Double, Double), control2: (Double, Double)
  ) -> GlyphStroke {
    adding(
      .cubic(
        control1: CGPoint(x: control1.0, y: control1.1),
        control2: CGPoint(x: control2.0, y: control2.1), to: CGPoint(x: x, y: y)))
  }

  /// The stroke continued by a spiral about `(x, y)`.
  func spiral(center x: Double, _ y: Double, endRadius: Double, sweep: Double) -> GlyphStroke {
    adding(.spiral(center: CGPoint(x: x, y: y), endRadius: endRadius, sweep: sweep))
  }

  /// The stroke marked as ending in a hook.
  func hooked() -> GlyphStroke {
    var copy = self
    copy.hasHook = true
    return copy
  }

  /// The stroke with a checkpoint at `(x, y)`.
  func checkpoint(_ x: Double, _ y: Double) -> GlyphStroke {
    var copy = self
    copy.checkpoints.append(CGPoint(x: x, y: y))
    return copy
  }

  /// The stroke continued by a piece.
  func adding(_ piece: Piece) -> GlyphStroke {
    var copy = self
    copy.pieces.append(piece)
    return copy
  }

  /// The centre line, start first: line ends, and curves sampled at most ``spacing`` apart,
  /// rounded to hundredths of a unit.
  func points() -> [CGPoint] {
    var points = [start]
    for piece in pieces {
      let from = points[points.count - 1]
      switch piece {
      case .line(let end):
        points.append(end)
      case .arc(let ellipse, let sweep):
        let first = ellipse.angle(of: from)
        let length = abs(sweep) * .pi / 180 * max(ellipse.radiusX, ellipse.radiusY)
        let count = max(Int((length / Self.spacing).rounded(.up)), 1)
        for step in 1...count {
          points.append(ellipse.point(at: first + sweep * Double(step) / Double(count)))
        }
      case .cubic(let control1, let control2, let end):
        points += Self.sampled(count: 400) { t in
          let u = 1 - t
          let a = u * u * u
          let b = 3 * u * u * t
          let c = 3 * u * t * t
          let d = t * t * t
          return CGPoint(
            x: a * from.x + b * control1.x + c * control2.x + d * end.x,
            y: a * from.y + b * control1.y + c * control2.y + d * end.y)
        }
      case .spiral(let center, let endRadius, let sweep):
        let startRadius = hypot(from.x - center.x, from.y - center.y)
        let first = atan2(-(from.y - center.y), from.x - center.x)
        points += Self.sampled(count: 2000) { t in
          let radius = startRadius + (endRadius - startRadius) * t
          let angle = first + sweep * .pi / 180 * t
          return CGPoint(x: center.x + radius * cos(angle), y: center.y - radius * sin(angle))
        }
      }
    }
    return points.map { CGPoint(x: Self.rounded($0.x), y: Self.rounded($0.y)) }
  }

  /// A curve `t ∈ 0…1` evaluated finely, then picked at equal arc-length steps of at most
  /// ``spacing``; the start (already in the stroke) is left out, the end kept.
  private static func sampled(count: Int, _ curve: (Double) -> CGPoint) -> [CGPoint] {
    let fine = (0...count).map { curve(Double($0) / Double(count)) }
    var lengths = [0.0]
    for index in 1..<fine.count {
      lengths.append(
        lengths[index - 1]
          + hypot(fine[index].x - fine[index - 1].x, fine[index].y - fine[index - 1].y))
    }
    let total = lengths[lengths.count - 1]
    let steps = max(Int((total / spacing).rounded(.up)), 1)
    var result: [CGPoint] = []
    var index = 1
    for step in 1...steps {
      let target = total * Double(step) / Double(steps)
      while index < fine.count - 1, lengths[index] < target { index += 1 }
      let span = lengths[index] - lengths[index - 1]
      let t = span > 0 ? (target - lengths[index - 1]) / span : 1
      result.append(
        CGPoint(
          x: fine[index - 1].x + (fine[index].x - fine[index - 1].x) * t,
          y: fine[index - 1].y + (fine[index].y - fine[index - 1].y) * t))
    }
    return result
  }

  /// A value rounded to hundredths, with −0 written as 0.
  private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 + 0 }

  /// The stroke as a template stroke.
  func templateStroke() -> TemplateStroke {
    TemplateStroke(
      points: points(),
      checkpoints: checkpoints.map {
        TemplateCheckpoint(x: $0.x, y: $0.y, radius: Self.checkpointRadius)
      }, hasHook: hasHook)
  }
}
