import CSQLite
import Foundation

/// One connection to an SQLite file, used from one thread at a time. Every statement with
/// values is prepared and bound (``prepare(_:)``), never spliced into SQL text.
final class SQLiteConnection {
  private let handle: OpaquePointer

  /// Opens (and, with `create`, creates) the file. Waits up to `busyTimeout` seconds for
  /// another connection's lock before a statement fails with `SQLITE_BUSY`.
  init(path: String, create: Bool, busyTimeout: Double) throws(SQLiteError) {
    var opened: OpaquePointer?
    let flags =
      SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
      | SQLITE_OPEN_NOFOLLOW
    let code = sqlite3_open_v2(path, &opened, flags, nil)
    guard code == SQLITE_OK, let opened else {
      let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(opened)
      throw SQLiteError(code: code & 0xFF, message: message)
    }
    handle = opened
    sqlite3_extended_result_codes(handle, 0)
    sqlite3_busy_timeout(handle, Int32(clamping: Int(busyTimeout * 1000)))
  }

  deinit { sqlite3_close_v2(handle) }

  /// Runs SQL without values (schema statements, pragmas), statement after statement.
  func execute(_ sql: String) throws(SQLiteError) {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    guard code == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? lastMessage
      sqlite3_free(message)
      throw SQLiteError(code: code & 0xFF, message: text)
    }
  }

  /// A prepared statement of `sql`, whose `?` placeholders are bound by position.
  func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else { throw failure(code) }
    return SQLiteStatement(statement, connection: self)
  }

  /// Runs `body` in one transaction that takes the write lock at once (`BEGIN IMMEDIATE`, so
  /// that two writers wait for each other instead of failing at their first write), committed
  /// when `body` returns and rolled back when it throws.
  func transaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError)
    -> Result
  {
    try inTransaction(beginning: "BEGIN IMMEDIATE", body)
  }

  /// Runs `body` in one read transaction (`BEGIN DEFERRED`): every statement of it sees the
  /// same snapshot of the file, and no write lock is taken.
  func readTransaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError)
    -> Result
  {
    try inTransaction(beginning: "BEGIN DEFERRED", body)
  }

  private func inTransaction<Result>(
    beginning begin: String, _ body: () throws(SQLiteError) -> Result
  ) throws(SQLiteError) -> Result {
    try execute(begin)
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// The rows changed by the last statement.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// SQLite's message for the last failure.
  var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

  /// The error of a failed call with `code`.
  func failure(_ code: Int32) -> SQLiteError {
    SQLiteError(code: code & 0xFF, message: lastMessage)
  }
}
