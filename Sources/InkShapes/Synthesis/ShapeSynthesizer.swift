import Foundation
import InkSampling
import OpenPaperKit
import OpenPencilKit
import _DuctusSupport

/// Shapes of every kind with known parameters, drawn as a person would: a smooth wander, an
/// uneven speed that slows at corners, overshoot at corners, slightly open or overlapping
/// closures, any rotation and size, in one to four strokes (a rectangle side by side, an arrow
/// with its head as a separate stroke, a six-pointed star as two triangles).
///
/// Each specimen depends only on the seed and its index, so any one of a corpus can be made
/// alone and a corpus is the same on every machine:
///
/// ```swift
/// let synthesizer = ShapeSynthesizer(seed: 7)
/// let specimen = synthesizer.specimen(kind: .star, index: 3)
/// specimen.truth.points    // 5 or 6
/// specimen.drawing.strokes.count
/// ```
///
/// The parameters, their ranges and the stroke plans of each kind are in <doc:ShapeSynthesis>.
/// The noise is realistic rather than adversarial: the ink stays within a few hundredths of
/// the size of the ideal outline.
public struct ShapeSynthesizer: Sendable {
  /// The seed of every specimen.
  public var seed: UInt64

  /// A synthesizer; the same seed gives the same specimens.
  public init(seed: UInt64) {
    self.seed = seed
  }

  /// The numbers of strokes a kind can be drawn in, fewest first.
  public static func strokeCounts(of kind: ShapeKind) -> ClosedRange<Int> {
    switch kind {
    case .circle, .ellipse, .heart, .star: 1...2
    case .triangle, .arrow: 1...3
    case .quadrilateral, .roundedRectangle, .pentagon, .hexagon, .polygon: 1...4
    case .line, .polyline, .arc, .spiral, .helix, .curve, .cloud, .chatBubble, .check, .caret,
      .zigzag, .none:
      1...1
    }
  }

  /// The kinds the synthesizer draws: every kind but ``ShapeKind/none``.
  public static let kinds = ShapeKind.allCases.filter { $0 != .none }

  /// Specimen `index` of a kind, in a number of strokes from `strokes` (the nearest the kind
  /// allows when the range misses its ``strokeCounts(of:)``).
  ///
  /// - Precondition: `kind` is not ``ShapeKind/none``.
  public func specimen(kind: ShapeKind, index: Int, strokes: ClosedRange<Int> = 1...4)
    -> ShapeSpecimen
  {
    precondition(kind != .none, "the synthesizer draws shapes, not .none")
    var random = SplitMix64(
      seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
    // Four draws discarded, so that no specimen's first numbers are its seed's first mixes.
    for _ in 0..<4 { _ = random.next() }
    let allowed = Self.strokeCounts(of: kind)
    let low = min(max(strokes.lowerBound, allowed.lowerBound), allowed.upperBound)
    let high = max(min(strokes.upperBound, allowed.upperBound), low)
    let strokeCount = Int.random(in: low...high, using: &random)
    let size = random.uniform(80...320)
    let center = CGPoint(x: random.uniform(250...550), y: random.uniform(250...550))
    var plan = ShapePlan.make(
      kind: kind, strokes: strokeCount, size: size, center: center, random: &random)
    let palette: [PKColor] = [.black, .systemBlue, .systemRed, .systemGreen]
    let ink = PKInk(
      [.pen, .pen, .marker, .monoline][Int.random(in: 0..<4, using: &random)],
      color: palette[Int.random(in: 0..<palette.count, using: &random)])
    let hand = HandMotion(size: size, ink: ink, width: random.uniform(2...5))
    var paths = plan.paths.map { hand.overshooting($0, amount: 0.025, random: &random) }
    switch plan.ends {
    case .free: break
    case .loop:
      // Stop a little short of the start, or run a little past it.
      paths = paths.map { path in
        let gap =
          random.uniform(0...1) < 0.7 ? -random.uniform(0.01...0.05) : random.uniform(0...0.03)
        return HandMotion.extended(path, by: gap, size: size)
      }
    case .joined:
      // Strokes meeting at a corner start and end a little off it.
      paths = paths.map { path in
        let ended = HandMotion.extended(path, by: random.uniform(-0.015...0.03), size: size)
        return HandMotion.extended(ended.reversed, by: random.uniform(-0.015...0.03), size: size)
          .reversed
      }
    }
    var time = 0.0
    var drawn: [PKStroke] = []
    for path in paths {
      let (stroke, end) = hand.stroke(path, start: time, random: &random)
      drawn.append(stroke)
      time = end + random.uniform(0.15...0.45)
    }
    let drawing = PKDrawing(strokes: drawn)
    plan.truth.strokes = Array(drawn.indices)
    finish(&plan.truth, drawing: drawing, ink: ink, width: hand.width)
    return ShapeSpecimen(truth: plan.truth, drawing: drawing)
  }

  /// Fills in the truth's hot points, fit and PaperKit record.
  private func finish(_ truth: inout DetectedShape, drawing: PKDrawing, ink: PKInk, width: Double) {
    var hot = truth.vertices ?? []
    if let center = truth.center { hot.append(center) }
    for point in [truth.tail, truth.head].compactMap({ $0 }) where !hot.contains(point) {
      hot.append(point)
    }
    truth.hotPoints = hot
    guard let ideal = try? IdealShape(truth) else { return }
    truth.fit = ideal.fit(of: StrokeSampler().samples(of: drawing))
    if let record = try? truth.paperKitShape(strokeColor: ink.color.cgColor, lineWidth: width) {
      truth.paperKit = .shape(record)
    }
  }
}
