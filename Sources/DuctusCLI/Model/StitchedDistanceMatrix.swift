import Foundation
import InkDistances
import InkFormats
import _DuctusSupport

/// The tiles of an all-pairs distances job (`ductus distances --tile R,C --tiles K`), read in
/// place from their mapped files and written out as the whole symmetric matrix a row at a
/// time: `--stitch` holds one row, never the matrix, so that N = 100,000 (40 GB of float32)
/// stitches within memory.
///
/// Row `i`, in tile row `R`, is tile `(R, C)`'s row for `C ≥ R` and tile `(C, R)`'s column for
/// `C < R` (the mirror of the upper triangle); the diagonal tiles give their own lower halves.
struct StitchedDistanceMatrix {
  /// One tile: its file, mapped, and where its entries lie.
  struct Tile {
    let path: String
    let data: Data
    let header: NpyHeader
    let tile: PairwiseTile

    /// Puts row `r` of the tile into `row`, at the tile's columns.
    func copyRow(_ r: Int, into row: inout [Double]) throws {
      let width = tile.columns.count
      try copy(
        offsets: stride(from: r * width, to: (r + 1) * width, by: 1), to: tile.columns, into: &row)
    }

    /// Puts column `c` of the tile into `row`, at the tile's rows (the mirror of the tile).
    func copyColumn(_ c: Int, into row: inout [Double]) throws {
      let width = tile.columns.count
      try copy(
        offsets: stride(from: c, to: tile.rows.count * width, by: width), to: tile.rows, into: &row)
    }

    /// Puts the entries at `offsets` (in elements from the first) into `row` at `positions`.
    /// - Throws: `CommandFailure` (exit 65) naming the file and the entry that is not finite.
    private func copy(
      offsets: StrideTo<Int>, to positions: Range<Int>, into row: inout [Double]
    ) throws {
      let bad: (offset: Int, value: Double)? = data.withUnsafeBytes { raw in
        for (offset, j) in zip(offsets, positions) {
          let value = header.element(offset, in: raw)
          guard value.isFinite else { return (offset, value) }
          row[j] = value
        }
        return nil
      }
      if let bad {
        throw CommandFailure(
          .malformedInput,
          "\(path): value \(bad.offset) is \(bad.value), which \(FiniteOutput.refusal)")
      }
    }
  }

  /// The number of records, rows and columns alike.
  let count: Int
  /// The tiles by position: `tiles[R][C - R]` for `R ≤ C`.
  let tiles: [[Tile]]

  /// The matrix of a complete set of tiles of one tiling.
  /// - Throws: `CommandFailure` (exit 65) for a tile whose rectangle is not its place in the
  ///   tiling of `count` records into `tileCount` a side, or one given twice; (exit 66) naming
  ///   the tiles that are missing.
  init(count: Int, tileCount: Int, tiles given: [Tile]) throws {
    let tiling = try PairwiseTiling(count: count, tiles: tileCount)
    var placed = [[Tile?]](repeating: [], count: tileCount)
    for r in 0..<tileCount { placed[r] = [Tile?](repeating: nil, count: tileCount - r) }
    for tile in given {
      let expected = try tiling.tile(row: tile.tile.row, column: tile.tile.column)
      guard expected.rows == tile.tile.rows, expected.columns == tile.tile.columns else {
        throw CommandFailure(.malformedInput, "\(tile.path): not a tile of a distances job")
      }
      guard placed[tile.tile.row][tile.tile.column - tile.tile.row] == nil else {
        throw CommandFailure(
          .malformedInput, "\(tile.path): tile \(tile.tile.row),\(tile.tile.column) is given twice")
      }
      placed[tile.tile.row][tile.tile.column - tile.tile.row] = tile
    }
    let missing = tiling.allTiles.filter { placed[$0.row][$0.column - $0.row] == nil }
    guard missing.isEmpty else {
      throw CommandFailure(
        .inputMissing,
        "missing tiles \(missing.map { "\($0.row),\($0.column)" }.joined(separator: " ")) of "
          + "\(tiling.allTiles.count)")
    }
    (self.count, tiles) = (count, placed.map { $0.map { $0! } })
  }

  /// Writes the `.npy` (header and rows) of `elementByteCount`-byte elements into `sink`.
  /// - Throws: `CommandFailure` (exit 65) naming the tile and the entry that is not finite.
  func write(elementByteCount: Int, to sink: OutputSink) throws {
    sink.write(NpyArray.header(shape: [count, count], elementByteCount: elementByteCount))
    var row = [Double](repeating: 0, count: count)
    for (r, tileRow) in tiles.enumerated() {
      let rows = tileRow[0].tile.rows
      for i in rows {
        for c in 0..<r { try tiles[c][r - c].copyColumn(i - rows.lowerBound, into: &row) }
        for tile in tileRow { try tile.copyRow(i - rows.lowerBound, into: &row) }
        sink.write(
          elementByteCount == 8 ? NpyArray.encode(row) : NpyArray.encodeFloat32(row))
      }
    }
  }
}
