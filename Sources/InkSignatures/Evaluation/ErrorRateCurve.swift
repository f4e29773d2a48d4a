/// The error rates of a verifier at every threshold, from the scores of genuine signatures and
/// forgeries (higher scores are more genuine): the points of a DET curve and the equal error
/// rate.
///
/// ```swift
/// let curve = ErrorRateCurve(genuine: [0.9, 0.8, 0.4], forgeries: [0.5, 0.3, 0.1])
/// curve.equalErrorRate        // 1/3: where the false accepts meet the false rejects
/// curve.points.first          // accepts nothing: FAR 0, FRR 1
/// ```
///
/// The points are those of scikit-learn's `roc_curve(…, drop_intermediate=False)`, one a
/// distinct score from the highest down (accept a score at or above it) after one that accepts
/// nothing, with `falseAcceptRate = fpr` and `falseRejectRate = 1 − tpr`. The equal error rate
/// is where the polyline through them crosses `FAR = FRR`: between the last point with
/// `FAR < FRR` and the next, linearly interpolated. `Scripts/reference/signature_verification.py`
/// checks both against scikit-learn.
///
/// - Complexity: O(n log n) in the scores.
public struct ErrorRateCurve: Hashable, Sendable {
  /// The operating points, thresholds descending; rates move monotonically (FAR up, FRR down).
  public let points: [ErrorRatePoint]
  /// The equal error rate, in 0…1 (0.5 when either set of scores is empty).
  public let equalErrorRate: Double
  /// A threshold at the equal error rate: the threshold of the point where the rates meet, or
  /// the midpoint of the two thresholds between which they cross (the lower one when the upper
  /// accepts nothing).
  public let equalErrorThreshold: Double

  /// The curve of the given scores.
  public init(genuine: [Double], forgeries: [Double]) {
    guard !genuine.isEmpty, !forgeries.isEmpty else {
      points = []
      equalErrorRate = 0.5
      equalErrorThreshold = 0
      return
    }
    let labelled = (genuine.map { ($0, true) } + forgeries.map { ($0, false) }).sorted {
      $0.0 > $1.0
    }
    let genuineCount = Double(genuine.count)
    let forgeryCount = Double(forgeries.count)
    var accepts = (genuine: 0, forgeries: 0)
    var points = [
      ErrorRatePoint(
        threshold: .greatestFiniteMagnitude, falseAcceptRate: 0, falseRejectRate: 1)
    ]
    var index = 0
    while index < labelled.count {
      let threshold = labelled[index].0
      while index < labelled.count, labelled[index].0 == threshold {
        if labelled[index].1 { accepts.genuine += 1 } else { accepts.forgeries += 1 }
        index += 1
      }
      points.append(
        ErrorRatePoint(
          threshold: threshold, falseAcceptRate: Double(accepts.forgeries) / forgeryCount,
          falseRejectRate: 1 - Double(accepts.genuine) / genuineCount))
    }
    self.points = points
    let crossing = points.firstIndex { $0.falseAcceptRate >= $0.falseRejectRate }!
    let after = points[crossing]
    let before = points[crossing - 1]
    let gapBefore = before.falseAcceptRate - before.falseRejectRate
    let gapAfter = after.falseAcceptRate - after.falseRejectRate
    let t = gapAfter == gapBefore ? 0 : -gapBefore / (gapAfter - gapBefore)
    equalErrorRate =
      before.falseAcceptRate + t * (after.falseAcceptRate - before.falseAcceptRate)
    equalErrorThreshold =
      gapAfter == 0 || crossing == 1 ? after.threshold : (before.threshold + after.threshold) / 2
  }

  /// The operating point for a target false-accept rate: the lowest threshold whose
  /// false-accept rate is at most `rate` (the one accepting the most genuine signatures while
  /// letting through no more forgeries than that), or 0 without scores.
  ///
  /// ```swift
  /// let curve = ErrorRateCurve(genuine: [0.9, 0.8, 0.4], forgeries: [0.5, 0.3, 0.1])
  /// curve.threshold(forFalseAcceptRate: 0)      // 0.8: accepts 0.9 and 0.8, no forgery
  /// curve.threshold(forFalseAcceptRate: 1 / 3)  // 0.4: and the forgery at 0.5
  /// ```
  public func threshold(forFalseAcceptRate rate: Double) -> Double {
    points.last { $0.falseAcceptRate <= rate }?.threshold ?? 0
  }

  /// The rates at a threshold: the forgeries and genuine signatures scoring at or above it are
  /// accepted.
  public static func rates(at threshold: Double, genuine: [Double], forgeries: [Double])
    -> ErrorRatePoint
  {
    let falseAccepts = forgeries.filter { $0 >= threshold }.count
    let falseRejects = genuine.filter { $0 < threshold }.count
    return ErrorRatePoint(
      threshold: threshold,
      falseAcceptRate: Double(falseAccepts) / Double(max(forgeries.count, 1)),
      falseRejectRate: Double(falseRejects) / Double(max(genuine.count, 1)))
  }

  /// The points thinned for a picture or a file: the first and last, and each point where
  /// either rate has moved by at least `step` since the last kept one.
  public func thinnedPoints(step: Double = 0.002) -> [ErrorRatePoint] {
    guard var kept = points.first.map({ [$0] }) else { return [] }
    for point in points.dropFirst().dropLast() {
      let last = kept[kept.count - 1]
      if abs(point.falseAcceptRate - last.falseAcceptRate) >= step
        || abs(point.falseRejectRate - last.falseRejectRate) >= step
      {
        kept.append(point)
      }
    }
    if points.count > 1 { kept.append(points[points.count - 1]) }
    return kept
  }
}
