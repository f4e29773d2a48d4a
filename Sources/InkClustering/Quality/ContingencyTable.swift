/// The counts of points for each pair of a true class and a predicted cluster.
struct ContingencyTable {
  /// A pair of a class and a cluster, both renumbered from 0.
  struct Cell: Hashable {
    /// The class.
    var truth: Int
    /// The cluster.
    var predicted: Int
  }

  /// The non-zero counts.
  let cells: [Cell: Int]
  /// The size of each class.
  let truthSizes: [Int]
  /// The size of each cluster.
  let predictedSizes: [Int]

  init(truth: [Int], predicted: [Int]) throws {
    guard truth.count == predicted.count else {
      throw ClusteringError.dimensionMismatch(
        operation: "cluster agreement",
        detail: "\(truth.count) true labels and \(predicted.count) predicted ones")
    }
    let (classes, clusters) = (LabelIndex(truth), LabelIndex(predicted))
    var cells: [Cell: Int] = [:]
    for (a, b) in zip(classes.indices, clusters.indices) {
      cells[Cell(truth: a, predicted: b), default: 0] += 1
    }
    self.cells = cells
    truthSizes = classes.sizes
    predictedSizes = clusters.sizes
  }
}
