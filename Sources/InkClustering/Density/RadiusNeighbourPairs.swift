import InkMath

/// The pairs of rows of a feature matrix within a radius of each other, found tile by tile from
/// blocked matrix products (``PairwiseDistances``, the `‖x‖² + ‖y‖² − 2·x·y` identity, as
/// scikit-learn's brute-force radius search), with bounded memory.
///
/// Only the tiles on and above the diagonal are computed: a pair is reported once, `i < j`,
/// and a point is never paired with itself. At a time the search holds one tile of
/// ``tileSize`` × ``tileSize`` distances and the two blocks of rows behind it, whatever the
/// number of points.
struct RadiusNeighbourPairs {
  /// The side of a tile of distances (8 MB of them).
  static let tileSize = 1024

  /// The points, one a row.
  let features: Matrix
  /// The squared radius: a pair is within it when its squared distance is at most this.
  let squaredRadius: Double

  /// Calls `visit(i, j)` for every pair `i < j` of `points` (row numbers into ``features``, in
  /// increasing order) within the radius.
  func forEachPair(among points: [Int], _ visit: (Int, Int) -> Void) {
    let size = Self.tileSize
    for rowStart in stride(from: 0, to: points.count, by: size) {
      let rows = rowStart..<min(rowStart + size, points.count)
      let rowBlock = block(points[rows])
      for columnStart in stride(from: rowStart, to: points.count, by: size) {
        let columns = columnStart..<min(columnStart + size, points.count)
        let diagonal = columnStart == rowStart
        let tile = try! PairwiseDistances.squaredEuclidean(
          rowBlock, diagonal ? rowBlock : block(points[columns]))
        tile.elements.withUnsafeBufferPointer { distances in
          let width = columns.count
          for r in 0..<rows.count {
            let i = points[rowStart + r]
            let row = distances.baseAddress! + r * width
            for c in (diagonal ? r + 1 : 0)..<width where row[c] <= squaredRadius {
              visit(i, points[columnStart + c])
            }
          }
        }
      }
    }
  }

  /// The rows `points` of ``features`` as a matrix of their own.
  private func block(_ points: ArraySlice<Int>) -> Matrix {
    let d = features.columns
    var elements: [Double] = []
    elements.reserveCapacity(points.count * d)
    for i in points { elements += features.elements[(i * d)..<(i * d + d)] }
    return try! Matrix(rows: points.count, columns: d, elements: elements)
  }
}
