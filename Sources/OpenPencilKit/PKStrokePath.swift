import Foundation

/// The shape of a stroke: a uniform cubic B-spline over its control points, as PencilKit's
/// `PKStrokePath`.
///
/// The path is a random-access collection of its control points. Parametric values run over
/// `0…count-1`: the integer part picks the segment, the fraction the position within it. The
/// location follows the B-spline with reflected phantom end points (`P₋₁ = 2P₀ − P₁`, and likewise
/// at the end), so the curve starts on the first control point, ends on the last, and a straight
/// run of points stays straight. Every other attribute is linear between neighbouring points.
///
/// ```swift
/// let path = PKStrokePath(controlPoints: points, creationDate: Date())
/// for point in path.interpolatedPoints(by: .distance(5)) { … }
/// ```
public struct PKStrokePath: RandomAccessCollection, Hashable, Sendable {
  public typealias Element = PKStrokePoint
  public typealias Index = Int

  /// The B-spline's control points.
  public private(set) var controlPoints: [PKStrokePoint]
  /// When the path was started; point time offsets count from here.
  public var creationDate: Date

  /// Creates an empty path.
  public init() {
    self.init(controlPoints: [], creationDate: Date(timeIntervalSinceReferenceDate: 0))
  }

  /// Creates a path from its control points and its start time.
  public init<T: Sequence>(controlPoints: T, creationDate: Date) where T.Element == PKStrokePoint {
    self.controlPoints = Array(controlPoints)
    self.creationDate = creationDate
  }

  public var startIndex: Int { controlPoints.startIndex }
  public var endIndex: Int { controlPoints.endIndex }
  public subscript(position: Int) -> PKStrokePoint { controlPoints[position] }

  /// The range of parametric values, `0…count-1` (`0…0` for a path of fewer than two points).
  public var parametricRange: ClosedRange<CGFloat> {
    0...CGFloat(Swift.max(count - 1, 0))
  }
}
