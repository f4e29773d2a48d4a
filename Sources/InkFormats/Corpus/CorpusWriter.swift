/// A sink of corpus records, written one at a time so that a corpus never has to fit in memory.
///
/// Records go to a temporary file beside the destination; `finish()` moves it into place, so a
/// reader never sees half a corpus. A writer that is dropped without `finish()` leaves the
/// destination as it was. A destination that is not a regular file (a FIFO, a device,
/// `/dev/stdout`) is written in place, as the records come (see `AtomicFile`).
public protocol CorpusWriter {
  /// Appends a record.
  mutating func write(_ record: CorpusRecord) throws
  /// Completes the corpus and moves it into place.
  mutating func finish() throws
}
