/// The records of one file, with every error of `next()` naming the file by the path it was
/// opened with (readers that name it relative to a root, or not at all, are located here), as
/// ``FolderCorpusReader`` does for the files of a folder.
struct LocatedCorpusReader: CorpusReader {
  /// The file's reader.
  var records: any CorpusReader
  /// The path errors name.
  let path: String

  mutating func next() throws -> CorpusRecord? {
    do {
      return try records.next()
    } catch let error as InkFormatError {
      throw error.located(file: path)
    }
  }
}
