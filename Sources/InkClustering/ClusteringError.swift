/// Why a clustering call refused its input.
///
/// Every public entry point of InkClustering checks its arguments and throws one of these cases,
/// naming the operation and the problem in one line, instead of trapping.
public enum ClusteringError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A count, size or option is out of range (`k` larger than the point count, no points…).
  case invalidArgument(operation: String, detail: String)
  /// The shapes of the inputs do not fit together (a distance matrix that is not square, initial
  /// centres of another dimension, labels of another length).
  case dimensionMismatch(operation: String, detail: String)
  /// An input value is NaN or infinite, or a distance is negative; `index` is the first one, in
  /// storage order.
  case invalidValue(operation: String, index: Int, detail: String)

  /// A one-line message for a person.
  public var description: String {
    switch self {
    case .invalidArgument(let operation, let detail):
      return "\(operation): \(detail)"
    case .dimensionMismatch(let operation, let detail):
      return "\(operation): dimension mismatch: \(detail)"
    case .invalidValue(let operation, let index, let detail):
      return "\(operation): value \(index) \(detail)"
    }
  }
}
