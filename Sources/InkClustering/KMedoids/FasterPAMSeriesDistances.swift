import InkDistances
import InkMath

/// The DTW distances of a corpus's series as FasterPAM reads them, computed on demand
/// (`DTWBoundedDistances`): a distance needed only below a limit is pruned by LB_Kim or
/// LB_Keogh, or abandoned, when it cannot be; a column is computed on all cores.
///
/// Counts what each stage settled, per point `o` (the protocol's calls with the same point
/// never overlap).
final class FasterPAMSeriesDistances: FasterPAMDistances, @unchecked Sendable {
  let distances: DTWBoundedDistances
  let count: Int
  /// The last column handed out.
  private let column: UnsafeMutablePointer<Double>
  /// Point `o`'s pairs settled by LB_Kim, LB_Keogh, abandoned DTW and complete DTW, at
  /// `4o ..< 4o + 4`.
  private let counts: UnsafeMutablePointer<Int>

  init(_ distances: DTWBoundedDistances) {
    self.distances = distances
    count = distances.count
    column = .allocate(capacity: max(count, 1))
    column.initialize(repeating: 0, count: max(count, 1))
    counts = .allocate(capacity: 4 * max(count, 1))
    counts.initialize(repeating: 0, count: 4 * max(count, 1))
  }

  deinit {
    column.deallocate()
    counts.deallocate()
  }

  func distance(_ o: Int, _ m: Int) -> Double {
    counts[4 * o + 3] += 1
    return distances.distance(o, m)
  }

  func distance(_ o: Int, _ m: Int, below limit: Double) -> Double {
    let outcome = distances.distance(o, m, below: limit)
    let stage =
      switch outcome {
      case .prunedByKim: 0
      case .prunedByKeogh: 1
      case .abandoned: 2
      case .computed: 3
      }
    counts[4 * o + stage] += 1
    return outcome.distance(below: limit)
  }

  func withColumn<Result>(
    _ j: Int, below limits: [Double],
    _ body: (_ start: UnsafePointer<Double>, _ step: Int) -> Result
  ) -> Result {
    let output = DisjointWriteBuffer(UnsafeMutableBufferPointer(start: column, count: count))
    ParallelLoop.forEachChunk(of: 0..<count, chunksPerCore: 8, minimumChunkSize: 64) { chunk in
      for o in chunk { output[o] = self.distance(o, j, below: limits[o]) }
    }
    return body(column, 1)
  }

  /// The counts so far, summed over the points.
  var pruning: KMedoidsPruning {
    var totals = [0, 0, 0, 0]
    for o in 0..<count {
      for stage in 0..<4 { totals[stage] += counts[4 * o + stage] }
    }
    return KMedoidsPruning(
      prunedByKim: totals[0], prunedByKeogh: totals[1], abandoned: totals[2], computed: totals[3])
  }
}
