import CLinearAlgebra

/// Shared plumbing for the LAPACKE calls: option characters and `info` checking.
enum LAPACK {
  /// A LAPACKE option character (`jobz`, `uplo`…), which Swift imports as `CChar`.
  static func option(_ character: Unicode.Scalar) -> CChar {
    CChar(bitPattern: UInt8(ascii: character))
  }

  /// Throws ``InkMathError/lapackFailure(routine:info:)`` unless `info` is 0.
  static func check(_ info: Int32, routine: String) throws {
    guard info == 0 else { throw InkMathError.lapackFailure(routine: routine, info: Int(info)) }
  }

  /// Throws when `value` does not fit LAPACK's 32-bit integer.
  static func index(_ value: Int, operation: String) throws -> Int32 {
    guard let converted = Int32(exactly: value) else {
      throw InkMathError.invalidArgument(
        operation: operation, detail: "size \(value) exceeds LAPACK's 32-bit index")
    }
    return converted
  }
}
