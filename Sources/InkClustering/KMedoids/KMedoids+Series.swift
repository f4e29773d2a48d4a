import InkDistances
import InkSampling

extension KMedoids {
  /// Clusters series by DTW without the distance matrix: FasterPAM with each distance computed
  /// when needed, and pruned when it cannot matter.
  ///
  /// The medoids, labels and loss are those of ``fit(distances:initialMedoids:)`` on
  /// `dtw.distanceMatrix(series)` from the same start. FasterPAM needs a distance `d(o, m)`
  /// exactly only when it is below point `o`'s second-nearest medoid distance: in the
  /// assignment, a medoid farther than the second so far is neither of the two nearest; in the
  /// evaluation of a swap candidate `j`, a point farther from `j` than from its second medoid
  /// adds nothing but its share of the removal loss. Such a distance is asked of
  /// `DTWBoundedDistances` below that limit: LB_Kim, then LB_Keogh (series of equal length
  /// under a Sakoe–Chiba band or none), then DTW abandoned above it, settle it without the
  /// exact value. A candidate's distances are computed on all cores; every sum is taken in the
  /// matrix version's order, so the result does not depend on the number of cores.
  /// ``KMedoidsResult/pruning`` counts what each stage settled.
  ///
  /// ```swift
  /// let dtw = DynamicTimeWarping(constraint: .sakoeChiba(radius: 3))
  /// let result = try KMedoids(clusterCount: 8).fit(series: drawings, dtw: dtw)
  /// print(result.loss, result.pruning!.prunedFraction)
  /// ```
  ///
  /// - Parameters:
  ///   - series: the `n` series.
  ///   - dtw: the DTW configuration (no open begin or end).
  ///   - initialMedoids: `k` distinct series indices to start from; when nil, `k` drawn with
  ///     ``seed``.
  /// - Throws: ``ClusteringError/invalidArgument(operation:detail:)`` for `k` out of `1…n`, a
  ///   bad start, or a DTW error (empty or non-finite series, open ends, an infeasible
  ///   constraint).
  /// - Complexity: at most `n²` DTW distances an iteration, usually far fewer; one cluster
  ///   needs all `n(n − 1)`. Memory: O(n) beside the series and their LB_Keogh envelopes.
  public func fit(
    series: [SampleBuffer], dtw: DynamicTimeWarping, initialMedoids: [Int]? = nil
  ) throws -> KMedoidsResult {
    let medoids = try startingMedoids(count: series.count, initialMedoids: initialMedoids)
    let bounded: DTWBoundedDistances
    do {
      bounded = try DTWBoundedDistances(dtw, series: series)
    } catch {
      throw ClusteringError.invalidArgument(operation: "k-medoids", detail: error.description)
    }
    let distances = FasterPAMSeriesDistances(bounded)
    var result = search(distances, medoids)
    result.pruning = distances.pruning
    return result
  }
}
