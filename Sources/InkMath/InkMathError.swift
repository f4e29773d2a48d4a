/// Why an InkMath operation refused its input or could not finish.
///
/// InkMath never traps on bad sizes or values: every public entry point checks its arguments and
/// throws one of these cases, naming the operation and the offending row, column or routine.
public enum InkMathError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The shapes of the operands do not fit together (`detail` gives both shapes).
  case dimensionMismatch(operation: String, detail: String)
  /// An element is NaN or infinite; `row` and `column` locate the first one found.
  case nonFiniteElement(operation: String, row: Int, column: Int)
  /// A LAPACK routine returned a non-zero `info` (negative: bad argument; positive: the
  /// algorithm failed, e.g. a singular or non-positive-definite matrix, or no convergence).
  case lapackFailure(routine: String, info: Int)
  /// A scalar argument is out of range (a negative size, `k` larger than the point count…).
  case invalidArgument(operation: String, detail: String)

  /// A one-line message for a person.
  public var description: String {
    switch self {
    case .dimensionMismatch(let operation, let detail):
      return "\(operation): dimension mismatch: \(detail)"
    case .nonFiniteElement(let operation, let row, let column):
      return "\(operation): non-finite value (NaN or infinity) at row \(row), column \(column)"
    case .lapackFailure(let routine, let info):
      let reason =
        info < 0
        ? "argument \(-info) had an illegal value"
        : "the algorithm failed (singular, not positive definite, or no convergence)"
      return "LAPACK \(routine) returned info = \(info): \(reason)"
    case .invalidArgument(let operation, let detail):
      return "\(operation): invalid argument: \(detail)"
    }
  }
}
