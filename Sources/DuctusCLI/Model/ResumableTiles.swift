import InkDistances

/// An all-pairs `distances` job (the whole matrix, or one tile `--tile R,C --tiles K` of a
/// larger job) computed with `--resume`: in sub-tiles, each one block of `ResumableBlocks`.
///
/// The sub-tiles are the tiles of the finer tiling `PairwiseTiling(count: N, tiles: K × m)`,
/// whose blocks nest in the blocks of the job's tiling, with `m` chosen so that a sub-tile has
/// about `subTileSide` rows (at most `maximumSubdivision` a side). Every pair is computed
/// alone, so the distances, and the output's bytes, are those of an uninterrupted run (but
/// for `--metric euclidean`, whose tile is one unit).
final class ResumableTiles {
  /// The rows of a sub-tile the subdivision aims at.
  static let subTileSide = 64
  /// The most sub-tiles along a side of the job's tile.
  static let maximumSubdivision = 64

  /// The job's tile (the whole matrix is tile 0,0 of one).
  let region: PairwiseTile
  /// The sub-tiles, in the order they are computed.
  let units: [PairwiseTile]
  private let blocks: ResumableBlocks

  /// Opens the journal and partial file of `output` for the tile `row, column` of
  /// `PairwiseTiling(count: count, tiles: tiles)`; without `subdivides` the tile is one unit
  /// (for `--metric euclidean`, whose distances come from one matrix product whose rounding
  /// depends on the matrix's size, so that a sub-tile's would differ in the last bits).
  ///
  /// - Throws: as `ResumableBlocks`.
  init(
    count: Int, tiles: Int, row: Int, column: Int, subdivides: Bool, keys: RecordKeyHash,
    output: String, header: ResumeJournal.Header
  ) throws {
    let coarse = try PairwiseTiling(count: count, tiles: tiles)
    region = try coarse.tile(row: row, column: column)
    let side = (region.rows.count + Self.subTileSide - 1) / Self.subTileSide
    let subdivision = subdivides ? min(max(side, 1), Self.maximumSubdivision) : 1
    let fine = try PairwiseTiling(count: count, tiles: tiles * subdivision)
    let rowBlocks = (row * subdivision)..<((row + 1) * subdivision)
    let columnBlocks = (column * subdivision)..<((column + 1) * subdivision)
    let units = try rowBlocks.flatMap { r in
      try columnBlocks.filter { $0 >= r }.map { c in try fine.tile(row: r, column: c) }
    }
    self.units = units
    blocks = try ResumableBlocks(
      sizes: units.map { $0.rows.count * $0.columns.count }, keys: keys, output: output,
      header: header)
  }

  /// The distances of the job's tile, row-major (a diagonal tile's lower half mirrored):
  /// the sub-tiles done read back from the partial file, the others computed by `compute`
  /// and appended to it.
  func values(_ compute: (PairwiseTile) throws -> [Double]) throws -> [Double] {
    assemble(try blocks.values { try compute(units[$0]) })
  }

  /// Removes the journal and the partial file, once the output is in place.
  func finish() {
    blocks.finish()
  }
  /// The job's tile, row-major, from the sub-tiles' rectangles (mirrored into the lower half
  /// of a diagonal tile).
  private func assemble(_ results: [[Double]]) -> [Double] {
    let columns = region.columns.count
    var values = [Double](repeating: 0, count: region.rows.count * columns)
    let isDiagonal = region.row == region.column
    for (unit, unitValues) in zip(units, results) {
      let unitColumns = unit.columns.count
      for (r, i) in unit.rows.enumerated() {
        for (c, j) in unit.columns.enumerated() {
          let value = unitValues[r * unitColumns + c]
          values[(i - region.rows.lowerBound) * columns + (j - region.columns.lowerBound)] = value
          if isDiagonal {
            values[(j - region.rows.lowerBound) * columns + (i - region.columns.lowerBound)] =
              value
          }
        }
      }
    }
    return values
  }
}
