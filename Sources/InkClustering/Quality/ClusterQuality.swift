import InkMath

/// Internal quality scores of a clustering, from the points alone, as scikit-learn's
/// `sklearn.metrics` computes them (value for value, Euclidean distances unless a distance
/// matrix is given). Each needs between 2 and `n − 1` clusters; labels are any integers.
///
/// - Silhouette (P. J. Rousseeuw, *Silhouettes: a graphical aid to the interpretation and
///   validation of cluster analysis*, J. Comput. Appl. Math. 20, 1987): for each point,
///   `s = (b − a) / max(a, b)` with `a` its mean distance to the other points of its cluster and
///   `b` the least mean distance to the points of another cluster, 0 in a cluster of one; the
///   mean over the points. From −1 to 1, higher is better.
/// - Davies–Bouldin (D. L. Davies and D. W. Bouldin, *A cluster separation measure*, IEEE PAMI 1,
///   1979): the mean over the clusters of the largest `(sᵢ + sⱼ) / d(cᵢ, cⱼ)`, with `s` the mean
///   distance of a cluster's points to its centroid `c`. 0 or more, lower is better.
/// - Calinski–Harabasz (T. Caliński and J. Harabasz, *A dendrite method for cluster analysis*,
///   Comm. Statist. 3, 1974): the between-cluster dispersion over the within-cluster one, each
///   divided by its degrees of freedom, `(B / (k − 1)) / (W / (n − k))`. Higher is better.
public enum ClusterQuality {
  /// The mean silhouette of the points whose pairwise distances are `distances` (`n × n`, in
  /// memory or mapped from a file), as `silhouette_score(distances, labels, metric="precomputed")`.
  /// - Complexity: O(n²) time, O(n·k) memory; the matrix is read a row at a time.
  public static func silhouette(distances: some DistanceMatrixStorage, labels: [Int]) throws
    -> Double
  {
    let n = labels.count
    return try distances.withDistanceElements { matrix in
      guard matrix.rows == n, matrix.columns == n else {
        throw ClusteringError.dimensionMismatch(
          operation: "silhouette",
          detail: "a \(matrix.rows) × \(matrix.columns) matrix for \(n) labels")
      }
      try matrix.checkDistances(operation: "silhouette")
      let index = LabelIndex(labels)
      try index.requireBetweenTwoAndPointsLessOne(operation: "silhouette")
      return matrix.withRowScratch { scratch in
        meanSilhouette(index: index, rows: 0..<n) { matrix.row($0, scratch: scratch) }
      }
    }
  }

  /// The mean silhouette of the rows of `features` under Euclidean distances, as
  /// `silhouette_score(features, labels)`; the distances are computed a block of rows at a time
  /// (InkMath's `PairwiseDistances`), never all at once.
  /// - Complexity: O(n²·d) time, O(n·(k + 1024)) memory.
  public static func silhouette(features: Matrix, labels: [Int]) throws -> Double {
    let n = labels.count
    try requireRows(features, labels: labels, operation: "silhouette")
    let index = LabelIndex(labels)
    try index.requireBetweenTwoAndPointsLessOne(operation: "silhouette")
    var total = 0.0
    let block = PairwiseDistances.tileSize
    for start in stride(from: 0, to: n, by: block) {
      let end = min(n, start + block)
      let rows = try Matrix(
        rows: end - start, columns: features.columns,
        elements: Array(features.elements[(start * features.columns)..<(end * features.columns)]))
      var distances = try PairwiseDistances.euclidean(rows, features)
      for i in start..<end { distances[i - start, i] = 0 }
      total += distances.elements.withUnsafeBufferPointer { d in
        silhouetteSum(index: index, rows: start..<end) { i in
          UnsafeBufferPointer(rebasing: d[((i - start) * n)..<((i - start + 1) * n)])
        }
      }
    }
    return total / Double(n)
  }

  /// The Davies–Bouldin index of the rows of `features`, as `davies_bouldin_score`.
  public static func daviesBouldin(features: Matrix, labels: [Int]) throws -> Double {
    try requireRows(features, labels: labels, operation: "Davies–Bouldin")
    let index = LabelIndex(labels)
    try index.requireBetweenTwoAndPointsLessOne(operation: "Davies–Bouldin")
    let (k, d) = (index.clusterCount, features.columns)
    let centroids = centroids(features, index: index)
    var spread = [Double](repeating: 0, count: k)
    for i in 0..<labels.count {
      let c = index.indices[i]
      spread[c] += distance(features.elements, i * d, centroids, c * d, d) / Double(index.sizes[c])
    }
    var separation = [Double](repeating: 0, count: k * k)
    for a in 0..<k {
      for b in 0..<k { separation[a * k + b] = distance(centroids, a * d, centroids, b * d, d) }
    }
    if spread.allSatisfy({ abs($0) <= 1e-8 }) || separation.allSatisfy({ abs($0) <= 1e-8 }) {
      return 0
    }
    var total = 0.0
    for a in 0..<k {
      var worst = 0.0
      for b in 0..<k where b != a {
        let gap = separation[a * k + b] == 0 ? Double.infinity : separation[a * k + b]
        worst = max(worst, (spread[a] + spread[b]) / gap)
      }
      total += worst
    }
    return total / Double(k)
  }

  /// The Calinski–Harabasz index of the rows of `features`, as `calinski_harabasz_score` (1 when
  /// every cluster is a single repeated point).
  public static func calinskiHarabasz(features: Matrix, labels: [Int]) throws -> Double {
    try requireRows(features, labels: labels, operation: "Calinski–Harabasz")
    let index = LabelIndex(labels)
    try index.requireBetweenTwoAndPointsLessOne(operation: "Calinski–Harabasz")
    let (n, k, d) = (labels.count, index.clusterCount, features.columns)
    let centroids = centroids(features, index: index)
    let mean = (0..<d).map { c in (0..<n).reduce(0.0) { $0 + features[$1, c] } / Double(n) }
    var between = 0.0
    for a in 0..<k {
      let squared = (0..<d).reduce(0.0) {
        $0 + (centroids[a * d + $1] - mean[$1]) * (centroids[a * d + $1] - mean[$1])
      }
      between += Double(index.sizes[a]) * squared
    }
    var within = 0.0
    for i in 0..<n {
      let c = index.indices[i]
      within += (0..<d).reduce(0.0) {
        $0 + (features[i, $1] - centroids[c * d + $1]) * (features[i, $1] - centroids[c * d + $1])
      }
    }
    return within == 0 ? 1 : between * Double(n - k) / (within * Double(k - 1))
  }

  private static func requireRows(_ features: Matrix, labels: [Int], operation: String) throws {
    guard features.rows == labels.count else {
      throw ClusteringError.dimensionMismatch(
        operation: operation, detail: "\(features.rows) points and \(labels.count) labels")
    }
    try FiniteValues.check(features.elements, operation: operation)
  }

  /// The mean of each cluster's rows, `k × d` row-major.
  private static func centroids(_ features: Matrix, index: LabelIndex) -> [Double] {
    let d = features.columns
    var sums = [Double](repeating: 0, count: index.clusterCount * d)
    for i in 0..<features.rows {
      for c in 0..<d { sums[index.indices[i] * d + c] += features[i, c] }
    }
    for j in sums.indices { sums[j] /= Double(index.sizes[j / d]) }
    return sums
  }

  private static func distance(
    _ a: [Double], _ aStart: Int, _ b: [Double], _ bStart: Int, _ d: Int
  ) -> Double {
    var sum = 0.0
    for c in 0..<d { sum += (a[aStart + c] - b[bStart + c]) * (a[aStart + c] - b[bStart + c]) }
    return sum.squareRoot()
  }

  private static func meanSilhouette(
    index: LabelIndex, rows: Range<Int>, row: (Int) -> UnsafeBufferPointer<Double>
  ) -> Double {
    silhouetteSum(index: index, rows: rows, row: row) / Double(index.indices.count)
  }

  /// The sum of the silhouettes of the points `rows`, given each one's distances to all.
  private static func silhouetteSum(
    index: LabelIndex, rows: Range<Int>, row: (Int) -> UnsafeBufferPointer<Double>
  ) -> Double {
    var total = 0.0
    var sums = [Double](repeating: 0, count: index.clusterCount)
    for i in rows {
      let own = index.indices[i]
      guard index.sizes[own] > 1 else { continue }
      for j in sums.indices { sums[j] = 0 }
      let distances = row(i)
      for (j, value) in distances.enumerated() { sums[index.indices[j]] += value }
      let a = sums[own] / Double(index.sizes[own] - 1)
      var b = Double.infinity
      for j in sums.indices where j != own { b = min(b, sums[j] / Double(index.sizes[j])) }
      let scale = max(a, b)
      if scale > 0 { total += (b - a) / scale }
    }
    return total
  }
}
