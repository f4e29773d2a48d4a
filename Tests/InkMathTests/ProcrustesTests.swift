import DuctusTestSupport
import InkMath
import Testing

@Suite("Procrustes")
struct ProcrustesTests {
  struct Case: Decodable {
    let name: String
    let reference: FixtureMatrix
    let shape: FixtureMatrix
    let standardizedReference: FixtureMatrix
    let standardizedTransformed: FixtureMatrix
    let disparity: Double
    let orthogonalRotation: FixtureMatrix
    let orthogonalScale: Double
  }

  @Test func matchesSciPy() throws {
    let cases = try FixtureFile<Case>.load("procrustes")
    #expect(cases.count == 2)
    for test in cases {
      let (reference, shape) = (try test.reference.matrix, try test.shape.matrix)
      let label = Comment(rawValue: test.name)
      let fit = try ProcrustesSuperimposition(reference: reference, shape: shape)
      #expect(abs(fit.disparity - test.disparity) <= 1e-9 * test.disparity, label)
      // SciPy reports both configurations centred and scaled to unit norm (by the reference's
      // norm for the transformed one); undo that framing on InkMath's result.
      let mean = (0..<reference.columns).map { j in
        (0..<reference.rows).reduce(0) { $0 + reference[$1, j] } / Double(reference.rows)
      }
      var norm = 0.0
      for i in 0..<reference.rows {
        for j in 0..<reference.columns {
          norm += (reference[i, j] - mean[j]) * (reference[i, j] - mean[j])
        }
      }
      var standardized = fit.transformed
      for i in 0..<standardized.rows {
        for j in 0..<standardized.columns {
          standardized[i, j] = (standardized[i, j] - mean[j]) / norm.squareRoot()
        }
      }
      expectClose(standardized, test.standardizedTransformed, label)
      let orthogonal = try OrthogonalProcrustes(reference, shape)
      expectClose(orthogonal.rotation, test.orthogonalRotation, label)
      #expect(abs(orthogonal.scale - test.orthogonalScale) <= 1e-9 * test.orthogonalScale, label)
    }
  }

  /// A shape that is an exact similarity transform of the reference is recovered exactly.
  @Test func recoversAKnownSimilarityTransform() throws {
    var generator = SplitMix64(seed: 41)
    let shape = generator.matrix(15, 3)
    let rotation = generator.rotation(3)
    var reference = try Matrix.gemm(shape, rotation, alpha: 2.5)
    for i in 0..<reference.rows { for j in 0..<3 { reference[i, j] += [1, -4, 0.25][j] } }
    let fit = try ProcrustesSuperimposition(
      reference: reference, shape: shape, allowsReflection: false)
    #expect(abs(fit.scale - 2.5) < 1e-12)
    #expect(fit.disparity < 1e-24)
    expectClose(fit.rotation.elements, rotation.elements, relative: 1e-12)
    expectClose(fit.translation, [1, -4, 0.25], relative: 1e-12)
    expectClose(fit.transformed.elements, reference.elements, relative: 1e-12)
  }

  /// A mirror image fits perfectly with a reflection and imperfectly without one.
  @Test func reflectionIsOnlyUsedWhenAllowed() throws {
    var generator = SplitMix64(seed: 42)
    let shape = generator.matrix(12, 2)
    var mirrored = shape
    for i in 0..<mirrored.rows { mirrored[i, 0] = -mirrored[i, 0] }
    let free = try ProcrustesSuperimposition(reference: mirrored, shape: shape)
    #expect(free.disparity < 1e-24)
    let proper = try ProcrustesSuperimposition(
      reference: mirrored, shape: shape, allowsReflection: false)
    #expect(proper.disparity > 1e-3)
    let r = proper.rotation
    #expect(abs(r[0, 0] * r[1, 1] - r[0, 1] * r[1, 0] - 1) < 1e-12)
    let unscaled = try ProcrustesSuperimposition(
      reference: mirrored, shape: shape, allowsScaling: false)
    #expect(unscaled.scale == 1)
    #expect(unscaled.disparity < 1e-24)
  }

  @Test func rejectsDegenerateAndMismatchedConfigurations() throws {
    let points = try Matrix([[0, 0], [1, 0], [0, 1]])
    #expect(
      throws: InkMathError.invalidArgument(
        operation: "procrustes", detail: "a configuration has all its points equal")
    ) {
      try ProcrustesSuperimposition(
        reference: points, shape: Matrix(rows: 3, columns: 2, repeating: 1))
    }
    #expect(throws: InkMathError.self) {
      try ProcrustesSuperimposition(reference: points, shape: Matrix(rows: 2, columns: 2))
    }
    #expect(
      throws: InkMathError.nonFiniteElement(operation: "orthogonalProcrustes", row: 0, column: 0)
    ) {
      try OrthogonalProcrustes(Matrix([[.nan, 0]]), Matrix([[1, 0]]))
    }
  }
}
