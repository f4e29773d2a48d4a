import InkSampling

/// The split of the upper triangle of an `N × N` pairwise job into `K × K` tiles, so that
/// separate processes (a Slurm array, GNU parallel) each compute one tile and the results are
/// stitched back with ``DistanceMatrix/init(count:stitching:)``.
///
/// The series indices `0..<N` are cut into `K` blocks of nearly equal size, block `b` being
/// `⌊b·N/K⌋ ..< ⌊(b+1)·N/K⌋`. Tile `(R, C)` pairs the series of row block `R` with those of
/// column block `C`; only tiles with `R ≤ C` hold pairs `i < j`, so a job has `K(K+1)/2`
/// tiles, and every pair `i < j` lies in exactly one of them. This is the meaning of the command
/// line's `--tile R,C --tiles K`.
///
/// ```swift
/// let tiling = try PairwiseTiling(count: 500, tiles: 4)
/// let tile = try tiling.tile(row: 1, column: 3)   // rows 125..<250, columns 375..<500
/// ```
public struct PairwiseTiling: Hashable, Sendable, Codable {
  /// The number of series `N`.
  public let count: Int
  /// The number of blocks `K` along each side.
  public let tiles: Int

  /// The tiling of `count` series into `tiles × tiles` tiles.
  ///
  /// - Throws: ``DTWError/invalidTile(_:)`` unless `count ≥ 0` and `tiles ≥ 1`.
  public init(count: Int, tiles: Int) throws(DTWError) {
    guard count >= 0, tiles >= 1 else {
      throw .invalidTile("need at least one tile and no negative count (got \(tiles), \(count))")
    }
    self.count = count
    self.tiles = tiles
  }

  /// The series indices of block `b`.
  public func block(_ b: Int) -> Range<Int> {
    (b * count / tiles)..<((b + 1) * count / tiles)
  }

  /// Tile `(row, column)`.
  ///
  /// - Throws: ``DTWError/invalidTile(_:)`` when a block index is out of `0..<tiles` or the
  ///   tile lies below the diagonal (`row > column`).
  public func tile(row: Int, column: Int) throws(DTWError) -> PairwiseTile {
    guard (0..<tiles).contains(row), (0..<tiles).contains(column) else {
      throw .invalidTile("tile \(row),\(column) is outside 0..<\(tiles)")
    }
    guard row <= column else {
      throw .invalidTile("tile \(row),\(column) lies below the diagonal (need row ≤ column)")
    }
    return PairwiseTile(row: row, column: column, rows: block(row), columns: block(column))
  }

  /// All `K(K+1)/2` tiles of the upper triangle, row block by row block.
  public var allTiles: [PairwiseTile] {
    (0..<tiles).flatMap { r in
      (r..<tiles).map { c in
        PairwiseTile(row: r, column: c, rows: block(r), columns: block(c))
      }
    }
  }
}
