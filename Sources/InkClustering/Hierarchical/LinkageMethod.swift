/// How the distance between two clusters follows from the distances between their points
/// (SciPy's `method` of `linkage`).
///
/// With `d(i, x)` and `d(i, y)` the distances of cluster `i` to the clusters `x` and `y` just
/// merged, and `nᵢ`, `nₓ`, `n_y` the sizes, the distance to the merged cluster is (Lance and
/// Williams's update, G. N. Lance and W. T. Williams, *A general theory of classificatory
/// sorting strategies*, The Computer Journal 9, 1967):
///
/// - ``single``: `min(d(i, x), d(i, y))`, the nearest pair;
/// - ``complete``: `max(d(i, x), d(i, y))`, the farthest pair;
/// - ``average``: `(nₓ·d(i, x) + n_y·d(i, y)) / (nₓ + n_y)`, the mean over all pairs (UPGMA);
/// - ``ward``: `√(((nᵢ + nₓ)·d(i, x)² + (nᵢ + n_y)·d(i, y)² − nᵢ·d(x, y)²) / (nᵢ + nₓ + n_y))`,
///   the growth of the within-cluster sum of squares (J. H. Ward, *Hierarchical grouping to
///   optimize an objective function*, JASA 58, 1963), meaningful for Euclidean distances and
///   used on any others as SciPy does; computed on the squared distances, in which the update
///   is linear, as fastcluster computes it.
public enum LinkageMethod: String, Sendable, Hashable, CaseIterable, Codable {
  /// The nearest pair of points.
  case single
  /// The farthest pair of points.
  case complete
  /// The mean distance over all pairs of points.
  case average
  /// Ward's minimum-variance criterion.
  case ward
}
