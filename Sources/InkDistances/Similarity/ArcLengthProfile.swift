import InkSampling

/// The segment lengths and cumulative arc length of a polyline, optionally with each axis
/// divided by the largest absolute coordinate on it (`get_length` in similaritymeasures, whose
/// order of operations it keeps).
struct ArcLengthProfile {
  /// The length of the segment ending at each sample; 0 for the first sample.
  var segmentLengths: [Double]
  /// The arc length from the first sample to each sample.
  var cumulativeLengths: [Double]
  /// The total length as NumPy sums `segmentLengths` (pairwise).
  var totalLength: Double

  /// The profile of the polyline `xs`, `ys`; with `normalizingAxes`, each axis is divided by
  /// its largest absolute value (1e-15 when that is 0, as in the peer).
  init(xs: [Double], ys: [Double], normalizingAxes: Bool) {
    var xScale = 1.0
    var yScale = 1.0
    if normalizingAxes {
      xScale = xs.map(abs).max() ?? 0
      yScale = ys.map(abs).max() ?? 0
      if xScale == 0 { xScale = 1e-15 }
      if yScale == 0 { yScale = 1e-15 }
    }
    segmentLengths = [0]
    cumulativeLengths = [0]
    for i in 0..<(xs.count - 1) {
      let dx = (xs[i + 1] - xs[i]) / xScale
      let dy = (ys[i + 1] - ys[i]) / yScale
      let length = (dx * dx + dy * dy).squareRoot()
      segmentLengths.append(length)
      cumulativeLengths.append(cumulativeLengths[i] + length)
    }
    totalLength = NumPyArithmetic.sum(segmentLengths)
  }
}
