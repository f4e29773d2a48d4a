import InkSampling

/// One tile of the upper triangle of an `N × N` pairwise job (see ``PairwiseTiling``).
public struct PairwiseTile: Hashable, Sendable, Codable {
  /// The tile's row block `R` (0-based).
  public let row: Int
  /// The tile's column block `C` (0-based, `C ≥ R`).
  public let column: Int
  /// The series indices of the tile's rows.
  public let rows: Range<Int>
  /// The series indices of the tile's columns.
  public let columns: Range<Int>

  /// A tile of the given blocks and index ranges.
  public init(row: Int, column: Int, rows: Range<Int>, columns: Range<Int>) {
    self.row = row
    self.column = column
    self.rows = rows
    self.columns = columns
  }

  /// The pairs `(i, j)` with `i < j` the tile computes: the whole rectangle off the diagonal,
  /// the strict upper triangle on it.
  public var pairCount: Int {
    guard row == column else { return rows.count * columns.count }
    return rows.count * (rows.count - 1) / 2
  }
}
