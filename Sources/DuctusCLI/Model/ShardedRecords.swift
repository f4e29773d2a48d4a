import _DuctusSupport
import InkFormats

/// The records of an input that fall in a shard, one at a time, for `OrderedParallelMap`: a
/// record that cannot be read is handed on as a failure (so it is reported in its place), and a
/// failure of the whole input ends the stream and is kept in `fatal` for the command to throw.
final class ShardedRecords {
  private var records: any CorpusReader
  private let input: InkInput
  private let shard: Shard
  private var position = 0
  /// The failure that ended the stream early, if any.
  private(set) var fatal: (any Error)?

  /// The records of `input` in `shard`.
  init(_ input: InkInput, shard: Shard) throws {
    self.records = try input.openRecords()
    self.input = input
    self.shard = shard
  }

  /// The next record of the shard, a failure in its place, or `nil` at the end.
  func next() -> Result<CorpusRecord, any Error>? {
    while fatal == nil {
      defer { position += 1 }
      do {
        guard let record = try records.next() else { return nil }
        if shard.contains(position) { return .success(record) }
      } catch let error as InkFormatError where error.record != nil {
        if shard.contains(position) { return .failure(input.relocated(error)) }
      } catch {
        fatal = input.relocated(error)
      }
    }
    return nil
  }
}
