import Foundation
import InkClustering
import InkDistances
import InkFormats
import InkMath
import InkSampling

/// What `ductus cluster` clusters: a corpus's resampled drawings (each a row of features), the
/// rows of a `.npy` feature table, or a `.npy` distance matrix (`--precomputed`), with a key for
/// every row and, for a labelled corpus, the labels.
struct ClusterInput {
  /// The key of each row (of a `.npy`: its sidecar's `rowKeys`, else the row numbers).
  var keys: [String]
  /// The label of each row, where the corpus has one.
  var labels: [String?]
  /// The features, one point a row; nil for a precomputed distance matrix, or a table read in
  /// place (``table``).
  var features: Matrix?
  /// A `.npy` feature table read in place, a few rows at a time, instead of ``features``.
  var table: MappedFeatureTable? = nil
  /// The square distance matrix, mapped from its file where it can be; nil for features.
  var distances: (any DistanceMatrixStorage)?
  /// A corpus's resampled drawings, as they were clustered (for `--picture`); nil for a `.npy`.
  var drawings: [SampleBuffer]? = nil

  /// The number of points.
  var count: Int { keys.count }
  /// The features a point; nil for a distance matrix.
  var featureCount: Int? { features?.columns ?? table?.columns }

  /// The sidecar members `ductus cluster` reads: the row keys (`distances`, `pca`,
  /// `signature features` write them) and the row labels (`features` writes them).
  private struct Sidecar: Decodable {
    var rowKeys: [String]?
    var rowLabels: [String?]?
  }

  /// Reads a `.npy` matrix: a 2-D square distance matrix when `precomputed` (read in place from
  /// the mapped file when it is in C order, so that it may be larger than memory; its entries
  /// are checked by the method that reads them), else a feature table of one row a point (an
  /// array of more dimensions is flattened after the first, so `resample`'s `(drawings, N, 2)`
  /// is `N × 2` features a drawing), left in the mapped file as ``table`` when `streaming` (a
  /// C-order file; every value is checked first).
  /// - Throws: `CommandFailure`, exit 65 for a file that is not such an array or holds a
  ///   feature that is not finite, or whose sidecar has another count of keys.
  static func matrix(
    path: String, precomputed: Bool, streaming: Bool = false, context: CommandContext
  ) throws -> ClusterInput {
    let data = try context.readInput(path, mapped: true)
    let header: NpyHeader
    do {
      header = try NpyHeader(data: data)
    } catch {
      throw CommandFailure(.malformedInput, "\(path): \(error)")
    }
    let rows = header.shape.first ?? 0
    let columns = header.shape.dropFirst().reduce(1, *)
    if precomputed {
      guard header.shape.count == 2, rows == columns else {
        throw CommandFailure(
          .malformedInput,
          "\(path): a distance matrix must be square, and this array's shape is "
            + "(\(header.shape.map(String.init).joined(separator: ", ")))")
      }
    }
    let (keys, labels) = try rowKeysAndLabels(of: path, count: rows, context: context)
    if precomputed, let mapped = MappedDistanceMatrix(data: data, header: header) {
      return ClusterInput(keys: keys, labels: labels, features: nil, distances: mapped)
    }
    if !precomputed, streaming,
      let table = MappedFeatureTable(path: path, data: data, header: header)
    {
      try table.checkFinite()
      return ClusterInput(keys: keys, labels: labels, features: nil, table: table, distances: nil)
    }
    let array: NpyArray
    do {
      array = try NpyArray(data: data)
    } catch {
      throw CommandFailure(.malformedInput, "\(path): \(error)")
    }
    if !precomputed, let (offset, value) = FiniteOutput.firstNonFinite(array.values) {
      throw CommandFailure(.malformedInput, "\(path): value \(offset) is \(value), not a number")
    }
    let matrix = try Matrix(rows: rows, columns: columns, elements: array.values)
    return ClusterInput(
      keys: keys, labels: labels, features: precomputed ? nil : matrix,
      distances: precomputed ? matrix : nil)
  }

  /// The keys and labels of the rows of `path`: its sidecar's `rowKeys` and `rowLabels` when
  /// it has a sidecar, else the row numbers from 0 and no labels.
  private static func rowKeysAndLabels(of path: String, count: Int, context: CommandContext)
    throws -> (keys: [String], labels: [String?])
  {
    let sidecarPath = DistanceMatrixFile.sidecarPath(of: path)
    let unlabelled = [String?](repeating: nil, count: count)
    guard path != "-", FileManager.default.fileExists(atPath: sidecarPath) else {
      return ((0..<count).map(String.init), unlabelled)
    }
    guard
      let sidecar = try? JSONDecoder().decode(Sidecar.self, from: context.readInput(sidecarPath)),
      let keys = sidecar.rowKeys
    else {
      throw CommandFailure(.malformedInput, "\(sidecarPath): a sidecar without \"rowKeys\"")
    }
    guard keys.count == count else {
      throw CommandFailure(
        .malformedInput,
        "\(sidecarPath): \(keys.count) row keys for the \(count) rows of \(path)")
    }
    guard let labels = sidecar.rowLabels else { return (keys, unlabelled) }
    guard labels.count == count else {
      throw CommandFailure(
        .malformedInput,
        "\(sidecarPath): \(labels.count) row labels for the \(count) rows of \(path)")
    }
    return (keys, labels)
  }

  /// A corpus, every readable drawing resampled into one row `x0, y0, x1, y1, …`.
  static func corpus(
    path: String, format: InkFileFormat?, limits: InkReadLimits, options: CorpusSeriesOptions,
    jobs: Int, failures: RecordFailureLog, progress: ProgressReporter, context: CommandContext
  ) throws -> ClusterInput {
    let corpus = try CorpusSeriesSet.load(
      path: path, format: format, limits: limits, options: options, jobs: jobs,
      failures: failures, progress: progress, context: context)
    let features: Matrix
    do {
      features = try DistanceMetric.flattened(corpus.series)
    } catch {
      throw CommandFailure(.malformedInput, "\(path): \(error)")
    }
    return ClusterInput(
      keys: corpus.keys, labels: corpus.labels, features: features, distances: nil,
      drawings: corpus.series)
  }
}
