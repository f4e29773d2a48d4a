import InkFormats
import _DuctusSupport

/// The records of an input that fall in a shard, one at a time, for `OrderedParallelMap`: a
/// record that cannot be read is handed on as a failure (so it is reported in its place), and a
/// failure of the whole input ends the stream and is kept in `fatal` for the command to throw.
///
/// `claiming` sees every record read, of every shard, in input order (see `FolderOutputNames`):
/// a failure it returns takes the record's place.
final class ShardedRecords {
  private var records: any CorpusReader
  private let input: InkInput
  private let shard: Shard
  private let claim: ((CorpusRecord) -> CommandFailure?)?
  /// The zero-based index, among all the records of the job, of the next record read; after
  /// the end, the number of records read (to start the next input of the job from).
  private(set) var position: Int
  /// The failure that ended the stream early, if any.
  private(set) var fatal: (any Error)?

  /// The records of `input` in `shard`; `position` is the job-wide index of the input's first
  /// record (not 0 when the job reads several inputs in turn).
  init(
    _ input: InkInput, shard: Shard, startingAt position: Int = 0,
    claiming claim: ((CorpusRecord) -> CommandFailure?)? = nil
  ) throws {
    self.records = try input.openRecords()
    self.input = input
    self.shard = shard
    self.position = position
    self.claim = claim
  }

  /// The next record of the shard, a failure in its place, or `nil` at the end.
  func next() -> Result<CorpusRecord, any Error>? {
    while fatal == nil {
      do {
        guard let record = try records.next() else { return nil }
        position += 1
        let refusal = claim?(record)
        if shard.contains(position - 1) { return refusal.map { .failure($0) } ?? .success(record) }
      } catch let error as InkFormatError where error.record != nil {
        position += 1
        if shard.contains(position - 1) { return .failure(input.relocated(error)) }
      } catch {
        fatal = input.relocated(error)
      }
    }
    return nil
  }
}
