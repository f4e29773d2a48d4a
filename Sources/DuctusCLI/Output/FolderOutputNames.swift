import InkFormats

/// The files a batch writes into a folder, one a record, named after the records' keys
/// (`render -o folder/`, `convert corpus folder/`): two records must never write one file.
///
/// The first record, in input order, whose key makes a name has it; a later record that makes
/// the same name (the same key again, or another key that makes the same name, such as `a/b`
/// and `a_b` for a picture) is not written and is reported as a failed record (exit 1). Every
/// process of a sharded job reads every record, so each agrees on who has a name: the shards'
/// outputs never overwrite each other.
final class FolderOutputNames {
  private let source: String
  private let name: (String) -> String
  /// The key of the record that has each name.
  private var owners: [String: String] = [:]

  /// Names for the records of `source` (the input's name in messages); `name` makes the file
  /// name (below the folder, with its extension) of a key.
  init(source: String, name: @escaping (String) -> String) {
    self.source = source
    self.name = name
  }

  /// Gives the record its file name, or the failure that reports it when an earlier record has
  /// the name.
  func claim(_ record: CorpusRecord) -> CommandFailure? {
    let file = name(record.key)
    guard let owner = owners[file] else {
      owners[file] = record.key
      return nil
    }
    let cause =
      owner == record.key
      ? "an earlier record has the same key, and so the same file"
      : "an earlier record, \(owner), has a key that makes the same file name"
    return CommandFailure.record(
      .malformedInput, file: source, record: record.key,
      "\(cause), \(file); this one was not written")
  }
}
