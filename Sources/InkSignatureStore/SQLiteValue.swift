import Foundation

/// A value bound to a statement's placeholder: one of SQLite's storage classes, so that no
/// other Swift type can reach SQLite by accident.
enum SQLiteValue {
  case text(String)
  case blob(Data)
  case integer(Int)
  case real(Double)
  case null
}
