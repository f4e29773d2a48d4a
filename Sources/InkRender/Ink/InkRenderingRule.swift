import Foundation
import OpenPencilKit

/// How one ink type turns a stroke point into a mark: its width and opacity, how it combines
/// with the picture beneath, and its grain.
///
/// Apple does not publish PencilKit's ink renderers; these rules are Ductus's own
/// approximations of their look, written down in <doc:InkRenderingRules>. In the formulas
/// `w` is the point's `size.width` (the ink type's default width when the size is zero), `f`
/// the force clamped to `0…4`, `o` the point's opacity multiplier clamped to `0…2`, `t` the
/// tilt `1 − altitude/(π/2)` clamped to `0…1`, and `h` the heading of the stroke at the point.
///
/// ```swift
/// let rule = InkRenderingRule(.pen)
/// let mark = rule.footprint(of: point, heading: 0)   // width w·(0.7 + 0.3f), opacity o
/// ```
public struct InkRenderingRule: Hashable, Sendable {
  /// The ink type the rule draws; an unknown type is drawn as a pen.
  public var inkType: PKInk.InkType
  /// How the ink combines with the picture beneath.
  public var compositing: InkCompositing
  /// The ink's paper texture, if it shows one.
  public var grain: InkGrain?
  /// The shape of the ink's tip.
  public var nib: InkNib

  /// The rule of an ink type.
  public init(_ inkType: PKInk.InkType) {
    self.inkType = inkType
    // PencilKit's own render bounds of a horizontal marker stroke 15 points wide reach 12
    // points past its ends and 5 above and below it: a chisel of 1.6w × 2/3w.
    nib = inkType == .marker ? .ellipse(width: 1.6, height: 2.0 / 3.0) : .round
    switch inkType {
    case .marker:
      compositing = .multiply
      grain = nil
    case .watercolor:
      compositing = .multiply
      grain = InkGrain(strength: 0.3, cellSize: 6, isSmooth: true)
    case .pencil:
      compositing = .over
      grain = InkGrain(strength: 0.6, cellSize: 1, isSmooth: false)
    case .crayon:
      compositing = .over
      grain = InkGrain(strength: 0.7, cellSize: 2, isSmooth: false)
    default:
      compositing = .over
      grain = nil
    }
  }

  /// The mark the ink makes at a point.
  ///
  /// - Parameters:
  ///   - point: the stroke point (interpolated or a control point).
  ///   - heading: the direction the stroke travels at the point, in radians in the stroke's
  ///     coordinates; `nil` for a single dot (taken as a horizontal move by the marker). Only
  ///     the fountain pen, the reed and the marker use it.
  public func footprint(of point: PKStrokePoint, heading: CGFloat?) -> InkFootprint {
    let w = nominalWidth(of: point)
    let f = Self.clamp(point.force, 0, 4)
    let o = Self.clamp(point.opacity, 0, 2)
    let t = 1 - Self.clamp(point.altitude, 0, .pi / 2) / (.pi / 2)
    switch inkType {
    case .pencil:
      let width = w * (0.55 + 0.25 * min(f, 2)) * (1 + 0.9 * t)
      return InkFootprint(width: width, opacity: o * min(0.35 + 0.35 * f, 0.9) * (1 - 0.3 * t))
    case .marker:
      // The width across the stroke of an ellipse with semi-axes 0.8w (x) and w/3 (y).
      let h = heading ?? 0
      let across = 2 * hypot(0.8 * w * sin(h), w / 3 * cos(h))
      return InkFootprint(width: across, opacity: 0.5 * o)
    case .monoline:
      return InkFootprint(width: w, opacity: o)
    case .fountainPen, .reed:
      let thinness: CGFloat = inkType == .reed ? 0.15 : 0.3
      let thin = min(thinness * max(point.secondaryScale, 0), 1)
      let across = heading.map { abs(cos($0 - point.azimuth)) } ?? 0.5
      let press = inkType == .reed ? 0.9 + 0.05 * min(f, 2) : 0.85 + 0.075 * min(f, 2)
      return InkFootprint(width: w * (thin + (1 - thin) * across) * press, opacity: o)
    case .watercolor:
      return InkFootprint(width: w * (0.8 + 0.1 * min(f, 2)), opacity: 0.35 * o)
    case .crayon:
      let width = w * (0.85 + 0.075 * min(f, 2))
      return InkFootprint(width: width, opacity: 0.85 * o * min(0.6 + 0.4 * f, 1))
    default:
      return InkFootprint(width: w * Self.clamp(0.7 + 0.3 * f, 0.5, 1.6), opacity: o)
    }
  }

  /// `w`: the point's width, or the ink type's default width when it is zero or not finite.
  func nominalWidth(of point: PKStrokePoint) -> CGFloat {
    let size = point.size.width
    return size.isFinite && size > 0 ? size : inkType.defaultWidth
  }

  /// How far an elliptical nib reaches from the spine in any direction: half its longer axis;
  /// `nil` for a round nib.
  func nibReach(of point: PKStrokePoint) -> CGFloat? {
    guard case .ellipse(let width, let height) = nib else { return nil }
    return max(width, height) / 2 * nominalWidth(of: point)
  }

  /// The widest mark the ink makes at any of the points, in any direction: the footprint when
  /// moving along the azimuth (the widest heading of a nib that turns with it), the dot's
  /// footprint, and the length of an elliptical nib. Non-finite widths are ignored.
  func widestMark<S: Sequence<PKStrokePoint>>(of points: S) -> CGFloat {
    points.reduce(0) { widest, point in
      let candidates = [
        footprint(of: point, heading: point.azimuth).width,
        footprint(of: point, heading: nil).width, 2 * (nibReach(of: point) ?? 0),
      ]
      return candidates.filter(\.isFinite).reduce(widest, max)
    }
  }

  /// `value` limited to `low…high`; NaN becomes `low`.
  static func clamp(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
    value.isNaN ? low : min(max(value, low), high)
  }
}
