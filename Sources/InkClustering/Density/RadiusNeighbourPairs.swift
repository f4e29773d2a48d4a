import InkMath

/// The pairs of rows of a feature matrix within a radius of each other, found tile by tile from
/// blocked matrix products with bounded memory.
///
/// A tile holds `−2·x·y` for a block of rows against another (one `dgemm`), and a pair is
/// within the radius when `(−2·x·y + ‖x‖²) + ‖y‖² ≤ r²` — scikit-learn's brute-force radius
/// search and ``PairwiseDistances`` add the norms in the same order — tested as the tile is
/// read, without writing the distances out. Only the tiles on and above the diagonal are
/// computed: a pair is reported once, `i < j`, and a point is never paired with itself. At a
/// time the search holds one tile of ``tileSize`` × ``tileSize`` products (2 MB, within a
/// core's cache) and the two blocks of rows behind it, whatever the number of points.
struct RadiusNeighbourPairs {
  /// The side of a tile.
  static let tileSize = 512

  /// The points, one a row.
  let features: Matrix
  /// The squared radius: a pair is within it when its squared distance is at most this.
  let squaredRadius: Double
  /// The squared norm of every row of ``features``.
  private let norms: [Double]

  /// The search among the rows of `features` within `squaredRadius` of each other.
  init(features: Matrix, squaredRadius: Double) {
    self.features = features
    self.squaredRadius = squaredRadius
    norms = (0..<features.rows).map { i in features.row(i).reduce(0) { $0 + $1 * $1 } }
  }

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
        let tile = try! Matrix.gemm(
          rowBlock, diagonal ? rowBlock : block(points[columns]), transposeB: true, alpha: -2)
        let columnNorms = columns.map { norms[points[$0]] }
        tile.elements.withUnsafeBufferPointer { products in
          columnNorms.withUnsafeBufferPointer { columnNorms in
            let width = columns.count
            for r in 0..<rows.count {
              let i = points[rowStart + r]
              let rowNorm = norms[i]
              let row = products.baseAddress! + r * width
              for c in (diagonal ? r + 1 : 0)..<width
              where row[c] + rowNorm + columnNorms[c] <= squaredRadius {
                visit(i, points[columnStart + c])
              }
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
