import DuctusTestSupport
import InkMath
import Testing

@Suite("SVD and symmetric eigendecomposition")
struct DecompositionTests {
  struct SVDCase: Decodable {
    let name: String
    let full: Bool
    let a: FixtureMatrix
    let u: FixtureMatrix
    let s: [Double]
    let vt: FixtureMatrix
    let comparableVectors: [Bool]
  }

  struct EighCase: Decodable {
    let name: String
    let a: FixtureMatrix
    let eigenvalues: [Double]
    let eigenvectors: FixtureMatrix
  }

  /// `U[:, :r]·diag(s)·Vᵀ[:r, :]`.
  static func reconstruct(_ svd: SingularValueDecomposition) throws -> Matrix {
    let r = svd.singularValues.count
    let scaledU = try Matrix(
      rows: svd.u.rows, columns: r,
      elements: (0..<(svd.u.rows * r)).map { svd.u[$0 / r, $0 % r] * svd.singularValues[$0 % r] })
    let leadingVt = try Matrix(
      rows: r, columns: svd.vt.columns, elements: Array(svd.vt.elements[0..<(r * svd.vt.columns)]))
    return try Matrix.gemm(scaledU, leadingVt)
  }

  @Test func svdMatchesNumPy() throws {
    let cases = try FixtureFile<SVDCase>.load("svd")
    #expect(cases.count == 12)
    for test in cases {
      let a = try test.a.matrix
      let svd = try SingularValueDecomposition(of: a, full: test.full).withDeterministicSigns()
      let label = Comment(rawValue: "\(test.name), full: \(test.full)")
      expectClose(svd.singularValues, test.s, label)
      #expect(svd.u.rows == test.u.rows && svd.u.columns == test.u.columns, label)
      #expect(svd.vt.rows == test.vt.rows && svd.vt.columns == test.vt.columns, label)
      #expect(test.comparableVectors.contains(true), label)
      for (k, comparable) in test.comparableVectors.enumerated() where comparable {
        let expectedU = (0..<test.u.rows).map { test.u.data[$0 * test.u.columns + k] }
        let expectedV = Array(test.vt.data[(k * test.vt.columns)..<((k + 1) * test.vt.columns)])
        expectClose((0..<svd.u.rows).map { svd.u[$0, k] }, expectedU, label)
        expectClose(Array(svd.vt.row(k)), expectedV, label)
      }
      // Whatever basis LAPACK picks for repeated or zero singular values, the factors rebuild A
      // and are orthonormal.
      expectClose(try Self.reconstruct(svd).elements, a.elements, relative: 1e-12, label)
      let identityU = try Matrix.identity(svd.u.columns).elements
      let identityV = try Matrix.identity(svd.vt.rows).elements
      expectClose(Matrix.syrk(svd.u, transpose: true).elements, identityU, relative: 1e-12, label)
      expectClose(Matrix.syrk(svd.vt).elements, identityV, relative: 1e-12, label)
    }
  }

  @Test func svdOfEmptyMatrices() throws {
    let thin = try SingularValueDecomposition(of: Matrix(rows: 3, columns: 0))
    #expect(thin.singularValues.isEmpty && thin.u.rows == 3 && thin.u.columns == 0)
    let full = try SingularValueDecomposition(of: Matrix(rows: 0, columns: 2), full: true)
    #expect(full.vt == (try Matrix.identity(2)))
  }

  @Test func eighMatchesNumPy() throws {
    let cases = try FixtureFile<EighCase>.load("eigh")
    #expect(cases.count == 4)
    for test in cases {
      let eigen = try SymmetricEigendecomposition(of: test.a.matrix)
      let label = Comment(rawValue: test.name)
      expectClose(eigen.eigenvalues, test.eigenvalues, label)
      // Fix each eigenvector's sign as the fixture does: largest-magnitude entry positive.
      var columns = eigen.eigenvectors.transposed()
      for k in 0..<columns.rows {
        let largest = columns.row(k).max { abs($0) < abs($1) } ?? 0
        if largest < 0 { for j in 0..<columns.columns { columns[k, j] = -columns[k, j] } }
      }
      expectClose(columns.transposed(), test.eigenvectors, label)
    }
  }

  @Test func rejectsNonFiniteAndNonSquareInput() throws {
    let bad = try Matrix([[1, 0], [.nan, 1]])
    #expect(throws: InkMathError.nonFiniteElement(operation: "dgesdd", row: 1, column: 0)) {
      try SingularValueDecomposition(of: bad)
    }
    #expect(throws: InkMathError.nonFiniteElement(operation: "dsyevd", row: 1, column: 0)) {
      try SymmetricEigendecomposition(of: bad)
    }
    #expect(
      throws: InkMathError.dimensionMismatch(operation: "dsyevd", detail: "2 × 3 is not square")
    ) {
      try SymmetricEigendecomposition(of: Matrix(rows: 2, columns: 3))
    }
  }

  @Test func eigenvaluesOfRotatedDiagonalAreTheDiagonal() throws {
    var generator = SplitMix64(seed: 7)
    let q = generator.rotation(5)
    var diagonal = try Matrix(rows: 5, columns: 5)
    for (i, value) in [4.0, -1, 0.5, 3, 2].enumerated() { diagonal[i, i] = value }
    let a = try Matrix.gemm(Matrix.gemm(q, diagonal, transposeA: true), q)
    let eigen = try SymmetricEigendecomposition(of: a)
    expectClose(eigen.eigenvalues, [-1, 0.5, 2, 3, 4], relative: 1e-13)
  }
}
