/// A stream of corpus records, read one at a time so that a corpus never has to fit in memory.
///
/// Every importer that can hold more than one drawing (Ductus NDJSON, Quick, Draw! NDJSON,
/// UNIPEN, $1 XML folders, SVC2004 folders …) provides one. A malformed record throws an
/// `InkFormatError` naming the file and the record; the caller decides whether to stop or skip
/// (a reader stays usable after a record-level error).
public protocol CorpusReader {
  /// The next record, or `nil` at the end of the corpus.
  mutating func next() throws -> CorpusRecord?
}
