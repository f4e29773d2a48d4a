import Foundation

extension PKStrokePath {
  /// The points of a path over a parametric range at a stride: a lazy sequence.
  public struct InterpolatedSlice: Sequence, Sendable {
    /// How far apart successive points are.
    public enum Stride: Hashable, Sendable {
      /// A distance along the curve, in points.
      case distance(CGFloat)
      /// A time, in seconds.
      case time(TimeInterval)
      /// A step in parametric value.
      case parametricStep(CGFloat)
    }

    let path: PKStrokePath
    let range: ClosedRange<CGFloat>
    let stride: Stride

    /// Iterates the slice's points.
    public struct Iterator: IteratorProtocol {
      let slice: InterpolatedSlice
      var nextValue: CGFloat?

      public mutating func next() -> PKStrokePoint? {
        guard let u = nextValue, !slice.path.isEmpty else { return nil }
        let upper = slice.range.upperBound
        if u >= upper {
          nextValue = nil
          return slice.path.interpolatedPoint(at: upper)
        }
        let advanced = slice.path.parametricValue(u, offsetBy: slice.stride)
        // A stride that does not move (zero, negative, flat time) jumps to the end.
        nextValue = advanced > u ? Swift.min(advanced, upper) : upper
        return slice.path.interpolatedPoint(at: u)
      }
    }

    /// A count the slice is sure to reach, so that collecting it allocates once: for a
    /// parametric step, one point a step less one for rounding; for the other strides the range's
    /// last point.
    public var underestimatedCount: Int {
      guard !path.isEmpty else { return 0 }
      guard case .parametricStep(let delta) = stride, delta > 0 else { return 1 }
      let steps = (range.upperBound - range.lowerBound) / delta
      return steps < 1e9 ? Swift.max(Int(steps), 1) : 1
    }

    public func makeIterator() -> Iterator {
      Iterator(slice: self, nextValue: range.lowerBound)
    }
  }
}
