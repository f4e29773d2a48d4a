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

  /// Binds the values, in order, to the placeholders.
  @discardableResult
  func bind(_ values: SQLiteValue...) throws(SQLiteError) -> SQLiteStatement {
    try bind(values)
  }

  /// Binds the values, in order, to the placeholders.
  @discardableResult
  func bind(_ values: [SQLiteValue]) throws(SQLiteError) -> SQLiteStatement {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case .text(let text):
        // With its length, so that a NUL inside the text does not end it.
        // The bytes and a NUL after them, so that an empty text still has an address (NULL
        // would bind NULL); the length passed leaves the NUL out.
        let utf8 = Array(text.utf8) + [0]
        code = utf8.withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) { characters in
            sqlite3_bind_text64(
              handle, index, characters.baseAddress, UInt64(characters.count - 1),
              Self.transient, UInt8(SQLITE_UTF8))
          }
        }
      case .blob(let bytes):
        code = bytes.withUnsafeBytes { buffer in
          // A zero-length blob still binds as a blob, not as NULL.
          sqlite3_bind_blob64(
            handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
            UInt64(buffer.count), Self.transient)
        }
      case .integer(let number):
        code = sqlite3_bind_int64(handle, index, Int64(number))
      case .real(let number):
        code = sqlite3_bind_double(handle, index, number)
      case .null:
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
    // By its length, so that a NUL inside does not end it.
    guard let characters = sqlite3_column_text(handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self)
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
