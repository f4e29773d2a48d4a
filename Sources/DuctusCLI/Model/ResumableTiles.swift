import Foundation
import InkDistances
import InkFormats
import _DuctusSupport

/// An all-pairs `distances` job (the whole matrix, or one tile `--tile R,C --tiles K` of a
/// larger job) computed with `--resume`: in sub-tiles, each one unit of work whose distances
/// are appended to the partial file `.<output>.ductus-partial`, with the `ResumeJournal`
/// `.<output>.ductus-resume` recording at checkpoints (as `ResumableRun` does: once a second,
/// forced onto the disk) how many sub-tiles are done. Started again with the same arguments
/// and `--resume`, the job reads back the sub-tiles done and computes only the others; once
/// the output is written (atomically, as without `--resume`), the journal and partial file go.
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
  private let journal: ResumeJournal
  private let partial: ResumableFile
  private let keys: String

  /// Opens the journal and partial file of `output` for the tile `row, column` of
  /// `PairwiseTiling(count: count, tiles: tiles)`; without `subdivides` the tile is one unit
  /// (for `--metric euclidean`, whose distances come from one matrix product whose rounding
  /// depends on the matrix's size, so that a sub-tile's would differ in the last bits).
  ///
  /// - Throws: `UsageError` when the journal is of another run or of another corpus (`keys`,
  ///   the hash of the corpus's keys, differs); `CommandFailure` (exit 74).
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
    units = try rowBlocks.flatMap { r in
      try columnBlocks.filter { $0 >= r }.map { c in try fine.tile(row: r, column: c) }
    }
    journal = try ResumeJournal(
      at: ResumeJournal.path(ofFile: output), header: header, output: output)
    self.keys = keys.hexadecimal
    if journal.start.records > 0, journal.start.keys != self.keys {
      throw UsageError(
        "\(output): the journal \(journal.path) is of another corpus (its keys differ); run "
          + "without --resume to start over")
    }
    do {
      partial = try ResumableFile(path: output, keepingFirst: journal.start.outputBytes)
    } catch {
      throw CommandFailure(error)
    }
  }

  /// The distances of the job's tile, row-major (a diagonal tile's lower half mirrored):
  /// the sub-tiles done read back from the partial file, the others computed by `compute`
  /// and appended to it.
  func values(_ compute: (PairwiseTile) throws -> [Double]) throws -> [Double] {
    let done = journal.start.records
    var results = try readDone(count: done)
    var lastCheckpoint = ContinuousClock.now
    for unit in units[done...] {
      let values = try compute(unit)
      partial.sink.write(NpyArray.encode(values))
      results.append(values)
      if ContinuousClock.now - lastCheckpoint >= ResumableRun.checkpointInterval {
        try checkpoint(results.count)
        lastCheckpoint = ContinuousClock.now
      }
    }
    return assemble(results)
  }

  /// Removes the journal and the partial file, once the output is in place.
  func finish() {
    journal.remove()
    Platform.removeFileQuietly(partial.partialPath)
  }

  private func checkpoint(_ done: Int) throws {
    let bytes: Int
    do {
      bytes = try partial.synchronize()
    } catch {
      throw CommandFailure(error)
    }
    try journal.record(
      ResumeJournal.Checkpoint(records: done, outputBytes: bytes, keys: keys))
  }

  /// The distances of the first `count` sub-tiles, from the partial file.
  private func readDone(count: Int) throws -> [[Double]] {
    guard count > 0 else { return [] }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: partial.partialPath))
    } catch {
      throw CommandFailure.io(partial.partialPath, error)
    }
    var offset = 0
    return try units[..<count].map { unit in
      let length = unit.rows.count * unit.columns.count * 8
      guard offset + length <= data.count else {
        throw CommandFailure(
          .malformedInput,
          "\(partial.partialPath): shorter than its journal says; run without --resume")
      }
      let values = data[offset..<(offset + length)].withUnsafeBytes { raw in
        (0..<(length / 8)).map {
          Double(
            bitPattern: UInt64(
              littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)))
        }
      }
      offset += length
      return values
    }
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
