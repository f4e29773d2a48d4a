import InkMath
import Testing

/// The relative tolerance of the comparisons with NumPy/SciPy/scikit-learn.
let referenceTolerance = 1e-9

/// Expects `actual` to match `expected` element by element within `relative` times the largest
/// magnitude in `expected` (so that entries near zero are judged on the matrix's scale).
func expectClose(
  _ actual: [Double], _ expected: [Double], relative: Double = referenceTolerance,
  _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(actual.count == expected.count, comment, sourceLocation: sourceLocation)
  let scale = expected.reduce(0) { max($0, abs($1)) }
  let worst = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
  #expect(
    worst <= relative * scale, "largest difference \(worst), scale \(scale). \(comment ?? "")",
    sourceLocation: sourceLocation)
}

/// ``expectClose(_:_:relative:_:sourceLocation:)`` for matrices, which must also agree in shape.
func expectClose(
  _ actual: Matrix, _ expected: FixtureMatrix, relative: Double = referenceTolerance,
  _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    actual.rows == expected.rows && actual.columns == expected.columns,
    "shape \(actual.rows) × \(actual.columns) vs \(expected.rows) × \(expected.columns)",
    sourceLocation: sourceLocation)
  expectClose(
    actual.elements, expected.data, relative: relative, comment, sourceLocation: sourceLocation)
}
