import DuctusTestSupport
import InkMath
import Testing

@Suite("PCA")
struct PrincipalComponentAnalysisTests {
  struct Case: Decodable {
    let name: String
    let solver: String
    let componentCount: Int?
    let data: FixtureMatrix
    let mean: [Double]
    let components: FixtureMatrix
    let explainedVariance: [Double]
    let explainedVarianceRatio: [Double]
    let singularValues: [Double]
    let noiseVariance: Double
    let comparableComponents: [Bool]
    let newData: FixtureMatrix
    let transformed: FixtureMatrix
    let inverse: FixtureMatrix
  }

  @Test func matchesScikitLearn() throws {
    let cases = try FixtureFile<Case>.load("pca")
    #expect(cases.count == 16)
    for test in cases {
      let solver = try #require(PrincipalComponentAnalysis.Solver(rawValue: test.solver))
      let pca = try PrincipalComponentAnalysis(
        fitting: test.data.matrix, componentCount: test.componentCount, solver: solver)
      let label = Comment(rawValue: "\(test.name) \(test.solver) \(test.componentCount ?? -1)")
      expectClose(pca.mean, test.mean, label)
      // Variances of rank-deficient data are zero up to rounding: judge them on the largest.
      expectClose(pca.explainedVariance, test.explainedVariance, label)
      expectClose(pca.explainedVarianceRatio, test.explainedVarianceRatio, label)
      expectClose(pca.singularValues, test.singularValues, relative: 1e-8, label)
      #expect(
        abs(pca.noiseVariance - test.noiseVariance) <= 1e-9 * test.explainedVariance[0], label)
      #expect(pca.sampleCount == test.data.rows)
      #expect(pca.components.rows == test.components.rows, label)
      let comparable = test.comparableComponents.prefix(pca.components.rows)
      for (k, isComparable) in comparable.enumerated() where isComparable {
        let expected = test.components.data[
          (k * test.components.columns)..<((k + 1) * test.components.columns)]
        expectClose(Array(pca.components.row(k)), Array(expected), label)
      }
      if comparable.allSatisfy({ $0 }) {
        let scores = try pca.transform(test.newData.matrix)
        expectClose(scores, test.transformed, label)
        expectClose(try pca.inverseTransform(scores), test.inverse, label)
      }
    }
  }

  /// Rotating the data rotates the components and leaves the variances unchanged.
  @Test func rotatingTheDataRotatesTheComponents() throws {
    var generator = SplitMix64(seed: 21)
    var data = generator.matrix(300, 4)
    for i in 0..<300 { for j in 0..<4 { data[i, j] *= [4.0, 2, 1, 0.5][j] } }
    let rotation = generator.rotation(4)
    let rotated = try Matrix.gemm(data, rotation)
    for solver in PrincipalComponentAnalysis.Solver.allCases {
      let before = try PrincipalComponentAnalysis(fitting: data, solver: solver)
      let after = try PrincipalComponentAnalysis(fitting: rotated, solver: solver)
      expectClose(after.explainedVariance, before.explainedVariance, relative: 1e-12)
      let expected = try Matrix.gemm(before.components, rotation)
      for k in 0..<4 {
        let sign =
          zip(after.components.row(k), expected.row(k)).reduce(0) { $0 + $1.0 * $1.1 } < 0
          ? -1.0 : 1
        expectClose(
          after.components.row(k).map { $0 * sign }, Array(expected.row(k)), relative: 1e-9)
      }
    }
  }

  @Test func solversAgreeAndRoundTripWithAllComponents() throws {
    var generator = SplitMix64(seed: 22)
    let data = try Matrix.gemm(generator.matrix(120, 5), generator.matrix(5, 5))
    let eigh = try PrincipalComponentAnalysis(fitting: data, solver: .covarianceEigh)
    let svd = try PrincipalComponentAnalysis(fitting: data, solver: .fullSVD)
    expectClose(eigh.components.elements, svd.components.elements, relative: 1e-9)
    expectClose(eigh.explainedVariance, svd.explainedVariance, relative: 1e-12)
    #expect(abs(eigh.explainedVarianceRatio.reduce(0, +) - 1) < 1e-12)
    let roundTrip = try eigh.inverseTransform(eigh.transform(data))
    expectClose(roundTrip.elements, data.elements, relative: 1e-12)
  }

  @Test func constantDataHasNoVarianceAndNoNaN() throws {
    let data = try Matrix(rows: 4, columns: 2, repeating: 3)
    let pca = try PrincipalComponentAnalysis(fitting: data)
    #expect(pca.explainedVariance == [0, 0])
    #expect(pca.explainedVarianceRatio == [0, 0])
  }

  @Test func rejectsBadInput() throws {
    #expect(
      throws: InkMathError.invalidArgument(
        operation: "PCA", detail: "1 rows; the sample covariance needs at least 2")
    ) {
      try PrincipalComponentAnalysis(fitting: Matrix([[1, 2]]))
    }
    let data = try Matrix([[1, 2], [3, 5], [0, 1]])
    #expect(
      throws: InkMathError.invalidArgument(
        operation: "PCA", detail: "componentCount 3 is outside 0…2")
    ) {
      try PrincipalComponentAnalysis(fitting: data, componentCount: 3)
    }
    #expect(throws: InkMathError.nonFiniteElement(operation: "PCA", row: 1, column: 0)) {
      try PrincipalComponentAnalysis(fitting: Matrix([[1, 2], [.infinity, 0]]))
    }
    let pca = try PrincipalComponentAnalysis(fitting: data, componentCount: 1)
    #expect(
      throws: InkMathError.dimensionMismatch(
        operation: "PCA.transform", detail: "3 features, fitted on 2")
    ) {
      try pca.transform(Matrix(rows: 1, columns: 3))
    }
    #expect(throws: InkMathError.self) { try pca.inverseTransform(Matrix(rows: 1, columns: 2)) }
  }
}
