/// The state of mini-batch k-means between batches: the centres and how many points each has
/// taken so far, and the update step of scikit-learn's `_mini_batch_step` (without random
/// reassignment).
///
/// A step assigns every point of the batch to its nearest centre (the first of equally near
/// ones); a centre that got `m` points moves to `(c · n + Σ x) / (n + m)`, where `n` is the count
/// of points it took before and `Σ x` the sum of its new points — a learning rate of `1/count` a
/// point — and its count becomes `n + m`. A centre that got none stays where it is.
///
/// Use it directly to cluster a stream that no ``MiniBatchKMeans`` row reader fits: feed it the
/// batches in any order, then read ``centres``.
public struct MiniBatchKMeansState: Sendable, Hashable {
  /// The centres, `k × d` row-major.
  public private(set) var centres: [Double]
  /// How many points each centre has taken (scikit-learn's `_counts`).
  public private(set) var counts: [Double]
  /// The dimension `d` of the points.
  public let dimension: Int

  /// The number of centres, `k`.
  public var clusterCount: Int { counts.count }

  /// A state from starting centres (`k × d` row-major), each with a count of 0.
  /// - Throws: ``ClusteringError`` when `centres` is empty, is not a multiple of `dimension`
  ///   long, or holds a value that is not finite.
  public init(centres: [Double], dimension: Int) throws {
    guard dimension >= 1, !centres.isEmpty, centres.count % dimension == 0 else {
      throw ClusteringError.dimensionMismatch(
        operation: "mini-batch k-means",
        detail: "\(centres.count) centre values do not make rows of \(dimension)")
    }
    try FiniteValues.check(centres, operation: "mini-batch k-means centres")
    self.centres = centres
    self.dimension = dimension
    counts = [Double](repeating: 0, count: centres.count / dimension)
  }

  /// The nearest centre of the point at `offset` of `points` (the first of equally near ones)
  /// and its squared distance.
  func nearest(_ points: UnsafeBufferPointer<Double>, offset: Int) -> (Int, Double) {
    let d = dimension
    return centres.withUnsafeBufferPointer { c in
      var (best, bestDistance) = (0, Double.infinity)
      for j in 0..<counts.count {
        var sum = 0.0
        for column in 0..<d {
          let difference = points[offset + column] - c[j * d + column]
          sum += difference * difference
        }
        if sum < bestDistance { (best, bestDistance) = (j, sum) }
      }
      return (best, bestDistance)
    }
  }

  /// One update step on `batch` (`m × d` row-major, one point a row); the batch's inertia, the
  /// sum of the squared distances of its points to their nearest centres before the update.
  /// - Throws: ``ClusteringError`` for a batch that is not a multiple of ``dimension`` long or
  ///   holds a value that is not finite.
  @discardableResult
  public mutating func step(batch: [Double]) throws -> Double {
    let d = dimension
    guard batch.count % d == 0 else {
      throw ClusteringError.dimensionMismatch(
        operation: "mini-batch k-means",
        detail: "a batch of \(batch.count) values does not make rows of \(d)")
    }
    try FiniteValues.check(batch, operation: "mini-batch k-means batch")
    let m = batch.count / d
    let k = counts.count
    var labels = [Int](repeating: 0, count: m)
    var inertia = 0.0
    batch.withUnsafeBufferPointer { x in
      for i in 0..<m {
        let (label, distance) = nearest(x, offset: i * d)
        labels[i] = label
        inertia += distance
      }
    }
    var taken = [Double](repeating: 0, count: k)
    for j in labels { taken[j] += 1 }
    var sums = [Double](repeating: 0, count: k * d)
    for j in 0..<k where taken[j] > 0 {
      for column in 0..<d { sums[j * d + column] = centres[j * d + column] * counts[j] }
    }
    for (i, j) in labels.enumerated() {
      for column in 0..<d { sums[j * d + column] += batch[i * d + column] }
    }
    for j in 0..<k where taken[j] > 0 {
      counts[j] += taken[j]
      for column in 0..<d { centres[j * d + column] = sums[j * d + column] / counts[j] }
    }
    return inertia
  }
}
