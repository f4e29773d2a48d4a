import Dispatch
import InkMath
import InkSampling

/// A distance between two series that corpus commands can compute over every pair, with the
/// name the command line uses.
///
/// `dtw` is the distance dtaidistance and tslearn report (the square root of the summed squared
/// Euclidean local costs along the best path) and runs on the eight-lane kernels of
/// ``DynamicTimeWarping``, as does the all-pairs job of `frechet`; `euclidean` needs series of
/// equal length and runs on BLAS through the GEMM identity (`PairwiseDistances`); the others call
/// ``CurveSimilarity`` once a pair, pairs spread over the cores.
public enum DistanceMetric: String, Hashable, Sendable, CaseIterable {
  /// Dynamic time warping.
  case dtw
  /// Discrete Fréchet distance.
  case frechet
  /// Symmetric Hausdorff distance.
  case hausdorff
  /// Euclidean distance of the flattened series (equal lengths).
  case euclidean
  /// Symmetric mean nearest-point distance.
  case meanNearest = "mean-nearest"
  /// The $P point-cloud distance (equal lengths).
  case pointCloud = "point-cloud"
  /// Turning-function distance (open curves).
  case turning
  /// Area between the curves, as similaritymeasures computes it.
  case area

  /// Whether the metric needs every series to have the same number of samples.
  public var needsEqualLengths: Bool { self == .euclidean || self == .pointCloud }

  /// The distance between two series.
  public func distance(_ a: SampleBuffer, _ b: SampleBuffer, dtw: DynamicTimeWarping) throws
    -> Double
  {
    switch self {
    case .dtw: try dtw.distance(a, b)
    case .frechet: try CurveSimilarity.discreteFrechetDistance(a, b)
    case .hausdorff: try CurveSimilarity.hausdorffDistance(a, b)
    case .euclidean: try Self.euclidean(a, b)
    case .meanNearest: try CurveSimilarity.meanNearestPointDistance(a, b)
    case .pointCloud: try CurveSimilarity.pointCloudDistance(a, b)
    case .turning: try CurveSimilarity.turningFunctionDistance(a, b)
    case .area: try CurveSimilarity.areaBetweenCurves(a, b)
    }
  }

  /// The distances of one tile of the all-pairs job over `series` (the tile's rectangle,
  /// row-major, diagonal 0, a diagonal tile's lower half mirrored).
  public func distances(
    _ series: [SampleBuffer], tile: PairwiseTile, dtw: DynamicTimeWarping
  ) throws -> [Double] {
    switch self {
    case .dtw:
      return try dtw.distances(series, tile: tile).values
    case .frechet:
      return try CurveSimilarity.discreteFrechetDistances(series, tile: tile)
    case .euclidean:
      try checkEqualLengths(series)
      let full = try PairwiseDistances.euclidean(
        Self.flattened(Array(series[tile.rows])), Self.flattened(Array(series[tile.columns])))
      // As the other metrics: the upper half of a diagonal tile mirrored, the diagonal 0.
      var values = full.elements
      let columns = tile.columns.count
      for (r, i) in tile.rows.enumerated() {
        for (c, j) in tile.columns.enumerated() where j <= i {
          values[r * columns + c] = i == j ? 0 : values[c * columns + r]
        }
      }
      return values
    default:
      if needsEqualLengths { try checkEqualLengths(series) }
      return try pairs(
        rows: Array(series[tile.rows]), rowStart: tile.rows.lowerBound,
        columns: Array(series[tile.columns]), columnStart: tile.columns.lowerBound,
        symmetric: true, dtw: dtw)
    }
  }

  /// The `rows.count × columns.count` matrix of distances between two collections.
  public func distances(
    rows: [SampleBuffer], columns: [SampleBuffer], dtw: DynamicTimeWarping
  ) throws -> [Double] {
    if needsEqualLengths { try checkEqualLengths(rows + columns) }
    switch self {
    case .dtw:
      return try dtw.distanceMatrix(rows: rows, columns: columns).values
    case .euclidean:
      return try PairwiseDistances.euclidean(Self.flattened(rows), Self.flattened(columns)).elements
    default:
      return try pairs(
        rows: rows, rowStart: 0, columns: columns, columnStart: 0, symmetric: false, dtw: dtw)
    }
  }

  /// Pairs spread over the cores; with `symmetric`, only pairs above the diagonal (by global
  /// index) are computed and mirrored.
  func pairs(
    rows: [SampleBuffer], rowStart: Int, columns: [SampleBuffer], columnStart: Int,
    symmetric: Bool, dtw: DynamicTimeWarping
  ) throws -> [Double] {
    let columnCount = columns.count
    var values = [Double](repeating: 0, count: rows.count * columnCount)
    let failure = FirstFailure()
    values.withUnsafeMutableBufferPointer { storage in
      let out = DisjointWriteBuffer(storage)
      ParallelLoop.forEachChunk(of: 0..<rows.count) { range in
        for r in range {
          for c in 0..<columnCount where !symmetric || columnStart + c > rowStart + r {
            do {
              out[r * columnCount + c] = try distance(rows[r], columns[c], dtw: dtw)
            } catch {
              failure.record(error, pair: (rowStart + r, columnStart + c))
              out[r * columnCount + c] = .nan
            }
          }
        }
      }
    }
    if let error = failure.error { throw error }
    // Only a tile on the diagonal (rows and columns the same block) has pairs below it.
    if symmetric && rowStart == columnStart {
      for r in rows.indices {
        for c in 0..<r { values[r * columnCount + c] = values[c * columnCount + r] }
      }
    }
    return values
  }

  /// The Euclidean distance of two equally long series, flattened.
  static func euclidean(_ a: SampleBuffer, _ b: SampleBuffer) throws(CorpusAnalysisError) -> Double
  {
    guard a.count == b.count else {
      throw .unequalLengths(metric: "euclidean", index: 1, count: b.count, expected: a.count)
    }
    var sum = 0.0
    for i in 0..<a.count {
      let dx = a.xs[i] - b.xs[i]
      let dy = a.ys[i] - b.ys[i]
      sum += dx * dx + dy * dy
    }
    return sum.squareRoot()
  }

  func checkEqualLengths(_ series: [SampleBuffer]) throws(CorpusAnalysisError) {
    guard let first = series.first?.count else { return }
    if let index = series.firstIndex(where: { $0.count != first }) {
      throw .unequalLengths(
        metric: rawValue, index: index, count: series[index].count, expected: first)
    }
  }

  /// Equally long series as the rows `x0, y0, x1, y1, …` of a matrix (the feature matrix of
  /// PCA and of the Euclidean metric).
  public static func flattened(_ series: [SampleBuffer]) throws -> Matrix {
    let width = 2 * (series.first?.count ?? 0)
    var elements = [Double]()
    elements.reserveCapacity(series.count * width)
    for s in series {
      for i in 0..<s.count {
        elements.append(s.xs[i])
        elements.append(s.ys[i])
      }
    }
    return try Matrix(rows: series.count, columns: width, elements: elements)
  }
}
