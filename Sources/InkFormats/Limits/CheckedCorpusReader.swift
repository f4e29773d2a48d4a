import Foundation

/// A corpus whose records are checked against read limits and value ranges as they come
/// (``InkReadLimits/check(_:)``): a record that fails is an error naming it, and the next call
/// goes on with the next record.
struct CheckedCorpusReader: CorpusReader {
  /// The records as the format's reader gives them.
  var records: any CorpusReader
  /// The limits.
  let limits: InkReadLimits
  /// The file, for errors.
  let file: String

  mutating func next() throws -> CorpusRecord? {
    guard let record = try records.next() else { return nil }
    do {
      try limits.check(record.drawing)
    } catch {
      throw error.located(file: file, record: record.key)
    }
    return record
  }
}
