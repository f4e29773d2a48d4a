/// Why a ``DetectedShape``'s parameters give no ideal outline: a key its kind needs is absent or
/// malformed, or the outline it gives has no size.
public struct IdealShapeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of the shape.
  public var kind: ShapeKind
  /// What is wrong, e.g. `the key "center" is missing`.
  public var problem: String

  /// An error about a shape of `kind`.
  public init(kind: ShapeKind, problem: String) {
    self.kind = kind
    self.problem = problem
  }

  /// One line: `a circle has no ideal outline: the key "center" is missing`.
  public var description: String {
    "a shape of kind \(kind.rawValue) has no ideal outline: \(problem)"
  }
}
