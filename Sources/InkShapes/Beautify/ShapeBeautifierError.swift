/// Why a drawing could not be beautified with the shapes given: a shape names a stroke the
/// drawing does not have or another shape's, or its parameters give no ideal outline.
public struct ShapeBeautifierError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The position of the shape at fault in the list given.
  public var shape: Int
  /// Its kind.
  public var kind: ShapeKind
  /// What is wrong.
  public var problem: String

  /// An error about shape `shape` (its position in the list) of `kind`.
  public init(shape: Int, kind: ShapeKind, problem: String) {
    self.shape = shape
    self.kind = kind
    self.problem = problem
  }

  /// One line: `shape 2 (circle): stroke 7 is not in the drawing, which has 5`.
  public var description: String { "shape \(shape) (\(kind.rawValue)): \(problem)" }
}
