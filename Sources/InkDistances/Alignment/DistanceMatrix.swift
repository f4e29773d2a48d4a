import InkSampling

/// A matrix of distances between the series of two collections, row-major.
///
/// For a collection against itself the matrix is symmetric with a zero diagonal. A matrix can be
/// stitched together from tiles computed separately (``init(count:stitching:)``).
public struct DistanceMatrix: Hashable, Sendable, Codable {
  /// The number of rows (series of the first collection).
  public let rowCount: Int
  /// The number of columns (series of the second collection).
  public let columnCount: Int
  /// The distances, row after row: entry `(i, j)` is `values[i * columnCount + j]`.
  public var values: [Double]

  /// A matrix of the given size and values (`rowCount × columnCount` of them).
  public init(rowCount: Int, columnCount: Int, values: [Double]) {
    precondition(values.count == rowCount * columnCount, "values do not fill the matrix")
    self.rowCount = rowCount
    self.columnCount = columnCount
    self.values = values
  }

  /// The symmetric `count × count` matrix assembled from the tiles of its upper triangle.
  ///
  /// Each tile's rectangle and its mirror image are written; entries no tile covers stay NaN
  /// (the diagonal is 0).
  public init(count: Int, stitching tiles: [PairwiseTileDistances]) {
    var values = [Double](repeating: .nan, count: count * count)
    for i in 0..<count { values[i * count + i] = 0 }
    for tile in tiles {
      let columnCount = tile.tile.columns.count
      for (r, i) in tile.tile.rows.enumerated() {
        for (c, j) in tile.tile.columns.enumerated() {
          let value = tile.values[r * columnCount + c]
          values[i * count + j] = value
          values[j * count + i] = value
        }
      }
    }
    self.init(rowCount: count, columnCount: count, values: values)
  }

  /// The distance between series `row` of the first collection and `column` of the second.
  public subscript(row: Int, column: Int) -> Double {
    values[row * columnCount + column]
  }
}
