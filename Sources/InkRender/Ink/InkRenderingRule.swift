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

  /// The rule of an ink type.
  public init(_ inkType: PKInk.InkType) {
    self.inkType = inkType
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
  ///     coordinates; `nil` for a single dot. Only the fountain pen and the reed use it.
  public func footprint(of point: PKStrokePoint, heading: CGFloat?) -> InkFootprint {
    let size = point.size.width
    let w = size.isFinite && size > 0 ? size : inkType.defaultWidth
    let f = Self.clamp(point.force, 0, 4)
    let o = Self.clamp(point.opacity, 0, 2)
    let t = 1 - Self.clamp(point.altitude, 0, .pi / 2) / (.pi / 2)
    switch inkType {
    case .pencil:
      let width = w * (0.55 + 0.25 * min(f, 2)) * (1 + 1.5 * t)
      return InkFootprint(width: width, opacity: o * min(0.35 + 0.35 * f, 0.9) * (1 - 0.3 * t))
    case .marker:
      return InkFootprint(width: w, opacity: 0.5 * o)
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

  /// `value` limited to `low…high`; NaN becomes `low`.
  static func clamp(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
    value.isNaN ? low : min(max(value, low), high)
  }
}
