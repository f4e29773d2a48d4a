import Foundation
import InkFormats
import _DuctusSupport

/// The units of work of a `distances` job run with `--resume`, each a block of distances of
/// known size: the blocks done are appended to the partial file `.<output>.ductus-partial`
/// (little-endian float64), and the `ResumeJournal` `.<output>.ductus-resume` records at
/// checkpoints (as `ResumableRun` does: once a second, forced onto the disk) how many are
/// done. Started again with the same arguments and `--resume`, the job reads back the blocks
/// done and computes only the others; once the output is written (atomically, as without
/// `--resume`), ``finish()`` removes the journal and the partial file.
///
/// `ResumableTiles` makes the blocks of an all-pairs job (sub-tiles); a `--shard` or
/// `--against` job's blocks are runs of its rows, each against every column.
final class ResumableBlocks {
  /// How many distances each block holds, in the order they are computed.
  let sizes: [Int]
  private let journal: ResumeJournal
  private let partial: ResumableFile
  private let keys: String

  /// Opens the journal and partial file of `output` for blocks of `sizes` distances.
  ///
  /// - Throws: `UsageError` when the journal is of another run or of another corpus (`keys`,
  ///   the hash of the corpus's keys, differs); `CommandFailure` (exit 74).
  init(sizes: [Int], keys: RecordKeyHash, output: String, header: ResumeJournal.Header) throws {
    self.sizes = sizes
    journal = try ResumeJournal(
      at: ResumeJournal.path(ofFile: output), header: header, output: output)
    self.keys = keys.hexadecimal
    if journal.start.records > 0, journal.start.keys != self.keys {
      throw UsageError(
        "\(output): the journal \(journal.path) is of another corpus (its keys differ); run "
          + "without --resume to start over")
    }
    guard journal.start.records <= sizes.count else {
      throw UsageError(
        "\(output): the journal \(journal.path) counts \(journal.start.records) blocks done of "
          + "\(sizes.count); run without --resume to start over")
    }
    do {
      partial = try ResumableFile(path: output, keepingFirst: journal.start.outputBytes)
    } catch {
      throw CommandFailure(error)
    }
  }

  /// The distances of every block: those done read back from the partial file, the others
  /// computed by `compute` (given the block's index, returning `sizes[index]` distances) and
  /// appended to it.
  func values(_ compute: (Int) throws -> [Double]) throws -> [[Double]] {
    let done = journal.start.records
    var results = try readDone(count: done)
    var lastCheckpoint = ContinuousClock.now
    for block in done..<sizes.count {
      let values = try compute(block)
      precondition(values.count == sizes[block], "a block of another size")
      partial.sink.write(NpyArray.encode(values))
      results.append(values)
      if ContinuousClock.now - lastCheckpoint >= ResumableRun.checkpointInterval {
        try checkpoint(results.count)
        lastCheckpoint = ContinuousClock.now
      }
    }
    return results
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

  /// The distances of the first `count` blocks, from the partial file.
  private func readDone(count: Int) throws -> [[Double]] {
    guard count > 0 else { return [] }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: partial.partialPath))
    } catch {
      throw CommandFailure.io(partial.partialPath, error)
    }
    var offset = 0
    return try sizes[..<count].map { size in
      let length = size * 8
      guard offset + length <= data.count else {
        throw CommandFailure(
          .malformedInput,
          "\(partial.partialPath): shorter than its journal says; run without --resume")
      }
      let values = data[offset..<(offset + length)].withUnsafeBytes { raw in
        (0..<size).map {
          Double(
            bitPattern: UInt64(
              littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)))
        }
      }
      offset += length
      return values
    }
  }
}
