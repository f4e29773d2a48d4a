import CSQLite
import Foundation

/// A prepared statement: values bound by position (from 1), then stepped row by row.
final class SQLiteStatement {
  private let handle: OpaquePointer
  private let connection: SQLiteConnection

  init(_ handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
  }

  deinit { sqlite3_finalize(handle) }

  /// SQLite copies bound text and bytes (`SQLITE_TRANSIENT`).
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  /// Binds the values, in order, to the placeholders: `String`, `Data`, `Int`, `Double` or
  /// `nil` (NULL).
  @discardableResult
  func bind(_ values: Any?...) throws(SQLiteError) -> SQLiteStatement {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case let text as String:
        code = sqlite3_bind_text(handle, index, text, -1, Self.transient)
      case let bytes as Data:
        code = bytes.withUnsafeBytes { buffer in
          // A zero-length blob still binds as a blob, not as NULL.
          sqlite3_bind_blob64(
            handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
            UInt64(buffer.count),
            Self.transient)
        }
      case let number as Int:
        code = sqlite3_bind_int64(handle, index, Int64(number))
      case let number as Double:
        code = sqlite3_bind_double(handle, index, number)
      default:
        code = sqlite3_bind_null(handle, index)
      }
      guard code == SQLITE_OK else { throw connection.failure(code) }
    }
    return self
  }

  /// Steps to the next row: `true` with a row to read, `false` when the statement is done.
  func step() throws(SQLiteError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw connection.failure(code)
    }
  }

  /// Runs a statement that returns no rows.
  func run() throws(SQLiteError) {
    while try step() {}
  }

  /// The text of a column of the current row (from 0).
  func text(_ column: Int32) -> String {
    sqlite3_column_text(handle, column).map { String(cString: $0) } ?? ""
  }

  /// The bytes of a column of the current row.
  func data(_ column: Int32) -> Data {
    let count = Int(sqlite3_column_bytes(handle, column))
    guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return Data() }
    return Data(bytes: bytes, count: count)
  }

  /// The integer of a column of the current row.
  func integer(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

  /// The number of a column of the current row.
  func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
}
