import InkMath
import InkSampling

/// DTW barycenter averaging (DBA; Petitjean, Ketterlin & Gançarski, "A global averaging method
/// for dynamic time warping, with applications to clustering", Pattern Recognition 2011).
///
/// Starting from an initial series, each iteration aligns every series to the barycenter with
/// DTW, then moves each barycenter sample to the mean of all samples aligned to it. The loop
/// follows tslearn's `dtw_barycenter_averaging` step for step, so the results agree with it:
///
/// - the default start is the sample-wise mean of the series (over the series long enough, as
///   tslearn's `nanmean` of NaN-padded series), as long as the longest series;
/// - each iteration computes the paths and the cost (the mean squared DTW distance), updates
///   the barycenter, and then stops when the cost changed by less than ``tolerance`` or grew;
/// - at most ``maxIterations`` iterations run;
/// - each alignment has the barycenter first and the series second (`dtw_path(barycenter, x)`),
///   or with ``seriesFirst`` the series first, as `dtw_barycenter_averaging_petitjean` (which
///   tslearn's `TimeSeriesKMeans` calls) aligns them; the order decides the path on ties.
///
/// ```swift
/// let dba = DTWBarycenterAveraging(maxIterations: 10)
/// let average = try dba.average(of: strokes).barycenter
/// ```
///
/// The alignment uses ``dtw``'s channels, weights and global constraint (or, with
/// ``bandFraction``, a Sakoe–Chiba band that grows with the longer of the two series), without
/// open ends or derivatives. The local cost is ``DTWLocalCost/squaredEuclidean``, whose summed
/// costs the mean minimises, or ``DTWLocalCost/euclidean``, for which the mean is Petitjean et
/// al.'s update still but no longer the minimiser (InkSignatures' mean template averages under
/// the Euclidean cost its matcher aligns with). With ``stopsAtConvergence`` off, exactly
/// ``maxIterations`` iterations run, as Petitjean et al.'s fixed count. The series are aligned in
/// parallel.
public struct DTWBarycenterAveraging: Hashable, Sendable {
  /// The DTW configuration of the alignments.
  public var dtw: DynamicTimeWarping
  /// The maximum number of iterations (tslearn's `max_iter`).
  public var maxIterations: Int
  /// The cost change below which the iterations stop (tslearn's `tol`).
  public var tolerance: Double
  /// Whether each series is the first of its alignment and the barycenter the second
  /// (tslearn's `dtw_barycenter_averaging_petitjean`) rather than the other way round
  /// (`dtw_barycenter_averaging`).
  public var seriesFirst: Bool
  /// Whether the iterations stop when the cost changed by less than ``tolerance`` or grew
  /// (tslearn's); when false, every one of ``maxIterations`` runs.
  public var stopsAtConvergence: Bool
  /// When set, each alignment's Sakoe–Chiba radius is `max(1, ⌈bandFraction · max(n, m)⌉)` for
  /// the barycenter's length `n` and the series's `m` (no band from 1 on), in place of
  /// ``dtw``'s constraint: the band of a matcher whose radius is a fraction of the longer
  /// series of each pair.
  public var bandFraction: Double?

  /// A DBA configuration; the defaults are tslearn's `dtw_barycenter_averaging`.
  public init(
    dtw: DynamicTimeWarping = DynamicTimeWarping(), maxIterations: Int = 30,
    tolerance: Double = 1e-5, seriesFirst: Bool = false, stopsAtConvergence: Bool = true,
    bandFraction: Double? = nil
  ) {
    self.dtw = dtw
    self.maxIterations = maxIterations
    self.tolerance = tolerance
    self.seriesFirst = seriesFirst
    self.stopsAtConvergence = stopsAtConvergence
    self.bandFraction = bandFraction
  }

  /// The DTW barycenter of `series`, starting from `initial` (or the sample-wise mean).
  ///
  /// - Throws: ``DTWError/invalidParameter(_:)`` for no series, no iteration, a bad DTW
  ///   configuration or band fraction; the errors of ``DynamicTimeWarping/alignment(_:_:)`` for bad series (the
  ///   initial series is numbered after the others).
  /// - Complexity: `maxIterations × N` alignments.
  public func average(of series: [SampleBuffer], initial: SampleBuffer? = nil) throws(DTWError)
    -> DTWBarycenter
  {
    guard !series.isEmpty else { throw .invalidParameter("DBA needs at least one series") }
    guard maxIterations >= 1 else {
      throw .invalidParameter("DBA needs at least one iteration (got \(maxIterations))")
    }
    guard !dtw.openBegin, !dtw.openEnd, !dtw.usesDerivative else {
      throw .invalidParameter("DBA needs global alignment and no derivative")
    }
    if let bandFraction, !(bandFraction.isFinite && bandFraction > 0) {
      throw .invalidParameter("DBA's band fraction \(bandFraction) is not a number above 0")
    }
    let prepared = try dtw.prepareAll(series, firstIndex: 0)
    let raw = try DynamicTimeWarping(channels: dtw.channels).prepareAll(series, firstIndex: 0)
    var barycenter: [[Double]]
    if let initial {
      let start = try DynamicTimeWarping(channels: dtw.channels)
        .prepare(initial, index: series.count)
      barycenter = (0..<start.channelCount).map { Array(start.channel($0)) }
    } else {
      barycenter = Self.sampleWiseMean(raw)
    }
    var previousCost = Double.infinity
    var cost = Double.infinity
    var iterations = 0
    while iterations < maxIterations {
      iterations += 1
      let alignments = try align(prepared, to: scaled(barycenter))
      cost = alignments.reduce(0) { $0 + $1.distance * $1.distance } / Double(series.count)
      barycenter = Self.update(barycenter, raw: raw, paths: alignments.map(\.path))
      if stopsAtConvergence, abs(previousCost - cost) < tolerance || previousCost < cost { break }
      previousCost = cost
    }
    var result = SampleBuffer(
      xs: [Double](repeating: 0, count: barycenter[0].count),
      ys: [Double](repeating: 0, count: barycenter[0].count))
    for (channel, samples) in zip(dtw.channels, barycenter) {
      try? result.setChannel(channel, to: samples)
    }
    return DTWBarycenter(barycenter: result, cost: cost, iterations: iterations)
  }

  /// The barycenter's channels scaled as ``dtw`` scales series for alignment.
  private func scaled(_ barycenter: [[Double]]) -> DTWPreparedSeries {
    let weights = dtw.channelWeights ?? [Double](repeating: 1, count: barycenter.count)
    return DTWPreparedSeries(
      channels: zip(barycenter, weights).map { samples, weight in
        samples.map { $0 * weight.squareRoot() }
      })
  }

  /// The alignments of the barycenter with every series, in parallel, in the order
  /// ``seriesFirst`` sets; each path is given as (barycenter sample, series sample) pairs.
  private func align(_ series: [DTWPreparedSeries], to barycenter: DTWPreparedSeries)
    throws(DTWError) -> [DTWAlignment]
  {
    var windows = [Int: DTWWindow]()
    for length in Set(series.map(\.count)) {
      var dtw = self.dtw
      if let bandFraction {
        dtw.constraint = .band(fraction: bandFraction, count: length, otherCount: barycenter.count)
      }
      windows[length] =
        seriesFirst
        ? try dtw.pathWindow(rows: length, columns: barycenter.count)
        : try dtw.pathWindow(rows: barycenter.count, columns: length)
    }
    let (dtw, seriesFirst) = (self.dtw, self.seriesFirst)
    var alignments = [DTWAlignment?](repeating: nil, count: series.count)
    alignments.withUnsafeMutableBufferPointer { buffer in
      let output = DisjointWriteBuffer(buffer)
      ParallelLoop.forEachChunk(of: series.indices) { [windows] chunk in
        for k in chunk {
          guard let window = windows[series[k].count] else { continue }
          if seriesFirst {
            let alignment = dtw.preparedAlignment(series[k], barycenter, window: window)
            output[k] = DTWAlignment(
              distance: alignment.distance,
              path: WarpingPath(
                firstIndices: alignment.path.secondIndices,
                secondIndices: alignment.path.firstIndices),
              matchedRange: 0...(series[k].count - 1))
          } else {
            output[k] = dtw.preparedAlignment(barycenter, series[k], window: window)
          }
        }
      }
    }
    return alignments.compactMap { $0 }
  }

  /// The mean, for each barycenter sample, of the series samples its paths match with it.
  private static func update(
    _ barycenter: [[Double]], raw: [DTWPreparedSeries], paths: [WarpingPath]
  )
    -> [[Double]]
  {
    let length = barycenter[0].count
    var sums = [[Double]](
      repeating: [Double](repeating: 0, count: length), count: barycenter.count)
    var counts = [Double](repeating: 0, count: length)
    for (series, path) in zip(raw, paths) {
      for (t, j) in zip(path.firstIndices, path.secondIndices) {
        counts[t] += 1
        for c in sums.indices { sums[c][t] += series[channel: c, sample: j] }
      }
    }
    return sums.map { channel in zip(channel, counts).map { $0 / $1 } }
  }

  /// The sample-wise mean over the series long enough, as long as the longest series.
  private static func sampleWiseMean(_ raw: [DTWPreparedSeries]) -> [[Double]] {
    let length = raw.map(\.count).max() ?? 0
    return (0..<raw[0].channelCount).map { c in
      (0..<length).map { t in
        let present = raw.filter { $0.count > t }
        return present.reduce(0) { $0 + $1[channel: c, sample: t] } / Double(present.count)
      }
    }
  }
}
