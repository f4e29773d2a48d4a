import InkMath
import _DuctusSupport

/// Mini-batch k-means (Sculley 2010, as scikit-learn's `MiniBatchKMeans`): centres moved by
/// small random batches of the points, each centre with a learning rate of 1/(points it has
/// taken), for data too large for Lloyd's iterations over all of it.
///
/// The run follows scikit-learn's `MiniBatchKMeans.fit` with `reassignment_ratio=0`: a k-means++
/// start on `max(3 · batchSize, 3 · k)` rows drawn at random (or `initialCentres`); then
/// `maxIterations · n / batchSize` steps of ``MiniBatchKMeansState/step(batch:)``, each on
/// ``batchSize`` rows drawn uniformly with replacement; it stops early when the squared centre
/// moves of a step add up to at most `tolerance` times the mean variance of the columns, or when
/// the batch inertia smoothed over about `n / batchSize` steps has not improved for
/// ``maxNoImprovement`` steps (the first step does not count). Then every point gets its nearest
/// final centre and the inertia is summed over all of them. The batches are drawn from
/// `SplitMix64` with ``seed``, not from NumPy's generator, so labels are not scikit-learn's;
/// the update step is, exactly.
///
/// Source: D. Sculley, *Web-scale k-means clustering*, WWW 2010; scikit-learn 1.x
/// `sklearn/cluster/_kmeans.py` (`_mini_batch_step`, `_mini_batch_convergence`).
///
/// ```swift
/// let result = try MiniBatchKMeans(clusterCount: 16, batchSize: 1024, seed: 1).fit(features)
/// ```
/// - Complexity: O(b·k·d) a step for batches of b rows; the final labels O(n·k·d). Memory beyond
///   the rows the reader gives: O(k·d) centres, one batch of O(b·d), the k-means++ sample of
///   O(3b·d) and the O(n) labels — independent of the data's size otherwise, so
///   ``fit(rowCount:dimension:initialCentres:rows:)`` can read the rows from disk.
public struct MiniBatchKMeans: Sendable, Hashable {
  /// The number of clusters, `k` (1 up to the number of points).
  public var clusterCount: Int
  /// The rows a batch (scikit-learn's `batch_size`, 1 or more).
  public var batchSize: Int
  /// The most passes over the data, in batches (scikit-learn's `max_iter`).
  public var maxIterations: Int
  /// The stop on small moves, relative to the mean variance of the columns (scikit-learn's
  /// `tol`; 0, the default, turns it off and saves a pass over the data).
  public var tolerance: Double
  /// How many steps without improvement of the smoothed batch inertia end the run
  /// (scikit-learn's `max_no_improvement`); nil turns the rule off.
  public var maxNoImprovement: Int?
  /// The seed of the k-means++ sample and start and of the batches.
  public var seed: UInt64

  /// A configuration; nothing is computed until ``fit(_:initialCentres:)``.
  public init(
    clusterCount: Int, batchSize: Int = 1024, maxIterations: Int = 100, tolerance: Double = 0,
    maxNoImprovement: Int? = 10, seed: UInt64 = 0
  ) {
    self.clusterCount = clusterCount
    self.batchSize = batchSize
    self.maxIterations = maxIterations
    self.tolerance = tolerance
    self.maxNoImprovement = maxNoImprovement
    self.seed = seed
  }

  /// Clusters the rows of `data` (`n × d`, one point a row).
  ///
  /// - Parameters:
  ///   - data: the points, `n × d`.
  ///   - initialCentres: the start (`k × d`), as scikit-learn's `init=array`; when nil, the
  ///     k-means++ centres of a random sample drawn with ``seed``.
  /// - Throws: ``ClusteringError`` as ``fit(rowCount:dimension:initialCentres:rows:)``.
  public func fit(_ data: Matrix, initialCentres: Matrix? = nil) throws -> MiniBatchKMeansResult {
    let d = data.columns
    return try fit(rowCount: data.rows, dimension: d, initialCentres: initialCentres) { rows in
      var batch: [Double] = []
      batch.reserveCapacity(rows.count * d)
      for row in rows { batch += data.elements[(row * d)..<((row + 1) * d)] }
      return batch
    }
  }

  /// Clusters `rowCount` points of `dimension` features that `rows` reads on demand, a batch
  /// at a time (row-major values of the rows at the given indices, in their order), so that the
  /// data need never be in memory at once.
  ///
  /// - Parameters:
  ///   - n: the number of points.
  ///   - d: the features a point.
  ///   - initialCentres: the start (`k × d`); when nil, the k-means++ centres of a sample.
  ///   - rows: the values of the rows at the indices given, row-major; its errors pass through.
  /// - Throws: ``ClusteringError`` for no points, `k` out of `1…n`, a batch size or iteration
  ///   count below 1, a negative or non-finite tolerance, a start of another shape or a value
  ///   that is not finite.
  public func fit(
    rowCount n: Int, dimension d: Int, initialCentres: Matrix? = nil,
    rows: ([Int]) throws -> [Double]
  ) throws -> MiniBatchKMeansResult {
    let operation = "mini-batch k-means"
    let k = clusterCount
    try checkArguments(rowCount: n, dimension: d)
    var random = SplitMix64(seed: seed)
    func draw(_ count: Int) -> [Int] {
      (0..<count).map { _ in
        Int(truncatingIfNeeded: random.next().multipliedFullWidth(by: UInt64(n)).high)
      }
    }
    var start: [Double]
    if let initialCentres {
      guard initialCentres.rows == k, initialCentres.columns == d else {
        throw ClusteringError.dimensionMismatch(
          operation: operation,
          detail: "the initial centres are \(initialCentres.rows) × \(initialCentres.columns), "
            + "\(k) × \(d) are needed")
      }
      start = initialCentres.elements
    } else {
      let sampleSize = min(n, max(3 * batchSize, 3 * k))
      let sample = try Matrix(rows: sampleSize, columns: d, elements: try rows(draw(sampleSize)))
      try FiniteValues.check(sample.elements, operation: operation)
      start = try KMeansPlusPlus.centres(of: sample, clusterCount: k, seed: random.next())
    }
    var state = try MiniBatchKMeansState(centres: start, dimension: d)
    let threshold = tolerance > 0 ? tolerance * (try meanVariance(n, d, rows)) : 0
    let stepCount = max(1, (maxIterations * n) / batchSize)
    let alpha = min(1, Double(batchSize) * 2 / Double(n + 1))
    var smoothed: Double?
    var smallest: Double?
    var withoutImprovement = 0
    var (steps, converged) = (0, false)
    for step in 1...stepCount {
      steps = step
      let before = state.centres
      let inertia = try state.step(batch: rows(draw(batchSize))) / Double(batchSize)
      guard step > 1 else { continue }
      smoothed = smoothed.map { $0 * (1 - alpha) + inertia * alpha } ?? inertia
      if threshold > 0 {
        let moves = zip(state.centres, before).reduce(0.0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
        if moves <= threshold {
          converged = true
          break
        }
      }
      if smallest == nil || smoothed! < smallest! {
        (withoutImprovement, smallest) = (0, smoothed)
      } else {
        withoutImprovement += 1
      }
      if let maxNoImprovement, withoutImprovement >= maxNoImprovement {
        converged = true
        break
      }
    }
    var labels = [Int](repeating: 0, count: n)
    var inertia = 0.0
    for first in stride(from: 0, to: n, by: batchSize) {
      let chunk = Array(first..<min(n, first + batchSize))
      let values = try rows(chunk)
      try FiniteValues.check(values, operation: operation)
      values.withUnsafeBufferPointer { x in
        for (offset, row) in chunk.enumerated() {
          let (label, distance) = state.nearest(x, offset: offset * d)
          labels[row] = label
          inertia += distance
        }
      }
    }
    return MiniBatchKMeansResult(
      labels: labels, centres: try Matrix(rows: k, columns: d, elements: state.centres),
      inertia: inertia, steps: steps,
      iterations: (steps * batchSize + n - 1) / n, converged: converged)
  }

  /// Throws for arguments out of range.
  private func checkArguments(rowCount n: Int, dimension d: Int) throws {
    let operation = "mini-batch k-means"
    guard n >= 1, d >= 1 else {
      throw ClusteringError.invalidArgument(
        operation: operation, detail: "no points to cluster (\(n) × \(d))")
    }
    guard (1...n).contains(clusterCount) else {
      throw ClusteringError.invalidArgument(
        operation: operation, detail: "k = \(clusterCount) is not between 1 and the \(n) points")
    }
    guard batchSize >= 1, maxIterations >= 1 else {
      throw ClusteringError.invalidArgument(
        operation: operation,
        detail: "the batch size (\(batchSize)) and iterations (\(maxIterations)) must be 1 or more")
    }
    guard tolerance >= 0, tolerance.isFinite else {
      throw ClusteringError.invalidArgument(
        operation: operation, detail: "the tolerance \(tolerance) is not a finite number ≥ 0")
    }
  }

  /// The mean of the columns' population variances, in two passes of batch-sized chunks.
  private func meanVariance(_ n: Int, _ d: Int, _ rows: ([Int]) throws -> [Double]) throws
    -> Double
  {
    var mean = [Double](repeating: 0, count: d)
    for first in stride(from: 0, to: n, by: batchSize) {
      let values = try rows(Array(first..<min(n, first + batchSize)))
      for (offset, value) in values.enumerated() { mean[offset % d] += value }
    }
    for column in 0..<d { mean[column] /= Double(n) }
    var total = 0.0
    for first in stride(from: 0, to: n, by: batchSize) {
      let values = try rows(Array(first..<min(n, first + batchSize)))
      for (offset, value) in values.enumerated() {
        total += (value - mean[offset % d]) * (value - mean[offset % d])
      }
    }
    return total / Double(n * d)
  }
}
