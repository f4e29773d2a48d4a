import InkSampling

/// A `--shard` or `--against` `distances` job computed with `--resume`: its rows, each
/// against every column, in runs of `ResumableTiles.subTileSide` rows, each one block of
/// `ResumableBlocks` (one run of all the rows for `--metric euclidean`, whose distances come
/// from one matrix product whose rounding depends on its size). Every pair is computed alone,
/// so the distances, and the output's bytes, are those of an uninterrupted run.
final class ResumableRows {
  /// The rows of a block (all of them when the job is one block).
  let blockRows: Int
  private let blocks: ResumableBlocks

  /// Opens the journal and partial file of the output for a job of `rows × columns`
  /// distances, or `nil` without `--resume` or an output. `keys` are the keys of the rows'
  /// corpus and then of the columns' (when they are another corpus).
  ///
  /// - Throws: as `ResumableBlocks`.
  init?(
    _ arguments: ParsedArguments, rows: Int, columns: Int, subdivides: Bool, keys: [String],
    output: String?, inputs: [String]
  ) throws {
    guard arguments.flag("resume"), let output else { return nil }
    var hash = RecordKeyHash()
    hash.add(String(keys.count))
    for key in keys { hash.add(key) }
    let side = subdivides ? ResumableTiles.subTileSide : max(rows, 1)
    blockRows = side
    let sizes = stride(from: 0, to: max(rows, 1), by: side).map {
      (min(rows, $0 + side) - $0) * columns
    }
    blocks = try ResumableBlocks(
      sizes: sizes, keys: hash, output: output,
      header: ResumableRun.header(command: "distances", inputs: inputs, arguments: arguments))
  }

  /// The `rows.count × columns.count` distances, row-major, from `compute(rows, columns)`:
  /// at once without `resumable`, else block by block (the blocks done read back).
  static func distances(
    rows: [SampleBuffer], columns: [SampleBuffer], in resumable: ResumableRows?,
    _ compute: ([SampleBuffer], [SampleBuffer]) throws -> [Double]
  ) throws -> [Double] {
    guard let resumable else { return try compute(rows, columns) }
    let side = resumable.blockRows
    return try resumable.blocks.values { block in
      let start = block * side
      return try compute(Array(rows[start..<min(rows.count, start + side)]), columns)
    }.flatMap { $0 }
  }

  /// Removes the journal and the partial file, once the output is in place.
  func finish() {
    blocks.finish()
  }
}
