/// A failure of an SQLite call: its result code and SQLite's message.
struct SQLiteError: Error, Hashable, Sendable {
  /// The primary result code (`SQLITE_BUSY`, `SQLITE_NOTADB`, `SQLITE_CORRUPT` …).
  var code: Int32
  /// SQLite's message.
  var message: String
}
