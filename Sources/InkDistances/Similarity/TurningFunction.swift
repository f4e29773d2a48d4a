import Foundation
import InkSampling

/// The turning function of a polyline: the direction of its tangent (cumulative angle, in
/// radians) as a step function of arc length normalised to [0, 1].
///
/// Source: E. M. Arkin, L. P. Chew, D. P. Huttenlocher, K. Kedem and J. S. B. Mitchell, *An
/// efficiently computable metric for comparing polygonal shapes*, IEEE TPAMI 13(3), 1991.
/// The first piece has the direction of the first edge (`atan2`); every vertex adds its signed
/// turning angle in (−π, π], so the function is continuous across a full turn instead of
/// wrapping. Zero-length edges (duplicate samples) are skipped. A closed curve gets the edge
/// back from the last sample to the first (unless they coincide), and its function continues
/// periodically: `Θ(s + 1) = Θ(s) + periodTurning` (±2π for a simple polygon).
///
/// Invariant under translation and scale; a rotation adds a constant.
public struct TurningFunction: Hashable, Sendable {
  /// Where each piece starts, in normalised arc length: `starts[0] == 0`, increasing, below 1.
  public var starts: [Double]
  /// The tangent direction on each piece, in radians (same count as `starts`).
  public var angles: [Double]
  /// The total turning over one loop of a closed curve (the period offset), `nil` when open.
  public var periodTurning: Double?

  /// The turning function of the polyline through the samples of `curve`.
  ///
  /// - Parameters:
  ///   - curve: The samples of the polyline.
  ///   - closed: Treat the curve as a polygon (add the closing edge).
  /// - Throws: ``SimilarityError/zeroLength(_:)`` (as ``SimilarityError/Curve/first``) when
  ///   all samples coincide, ``SimilarityError/emptyCurve(_:)``,
  ///   ``SimilarityError/nonFiniteSample(_:channel:index:)``.
  public init(_ curve: SampleBuffer, closed: Bool) throws(SimilarityError) {
    try CurveSimilarity.validate(curve, as: .first)
    var edgeXs = [Double]()
    var edgeYs = [Double]()
    let count = curve.count
    let edgeCount = closed ? count : count - 1
    for k in 0..<edgeCount {
      let next = (k + 1) % count
      let dx = curve.xs[next] - curve.xs[k]
      let dy = curve.ys[next] - curve.ys[k]
      if dx != 0 || dy != 0 {
        edgeXs.append(dx)
        edgeYs.append(dy)
      }
    }
    guard !edgeXs.isEmpty else { throw .zeroLength(.first) }
    func turn(_ k: Int, _ next: Int) -> Double {
      let cross = edgeXs[k] * edgeYs[next] - edgeYs[k] * edgeXs[next]
      let dot = edgeXs[k] * edgeXs[next] + edgeYs[k] * edgeYs[next]
      return atan2(cross, dot)
    }
    let lengths = zip(edgeXs, edgeYs).map { ($0 * $0 + $1 * $1).squareRoot() }
    let total = lengths.reduce(0, +)
    var starts = [0.0]
    var angles = [atan2(edgeYs[0], edgeXs[0])]
    var walked = 0.0
    for k in 1..<edgeXs.count {
      walked += lengths[k - 1]
      starts.append(walked / total)
      angles.append(angles[k - 1] + turn(k - 1, k))
    }
    self.starts = starts
    self.angles = angles
    periodTurning = closed ? angles[angles.count - 1] + turn(edgeXs.count - 1, 0) - angles[0] : nil
  }

  /// The piece holding the normalised arc length `s` in [0, 1): the last start at or below it.
  func piece(at s: Double) -> Int {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] <= s { low = middle + 1 } else { high = middle }
    }
    return max(0, low - 1)
  }

  /// `∫₀¹ (Θ_self(s + shift) − Θ_other(s)) ds` and the integral of its square, walking the
  /// merged breakpoints; `shift` in [0, 1) wraps around a closed curve (0 for open ones).
  func differenceIntegrals(
    to other: TurningFunction, shift: Double
  ) -> (linear: Double, squared: Double) {
    let period = periodTurning ?? 0
    var k = piece(at: shift)
    var laps = 0.0
    var l = 0
    var s = 0.0
    var linear = 0.0
    var squared = 0.0
    while l < other.starts.count {
      let selfEnd = (k + 1 < starts.count ? starts[k + 1] : 1) + laps - shift
      let otherEnd = l + 1 < other.starts.count ? other.starts[l + 1] : 1
      let end = min(selfEnd, otherEnd)
      let difference = angles[k] + laps * period - other.angles[l]
      let width = max(0, end - s)
      linear += difference * width
      squared += difference * difference * width
      s = max(s, end)
      if selfEnd <= end {
        k += 1
        if k == starts.count {
          k = 0
          laps += 1
        }
      }
      if otherEnd <= end { l += 1 }
    }
    return (linear, squared)
  }
}
