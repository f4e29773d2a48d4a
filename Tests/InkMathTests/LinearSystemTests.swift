import InkMath
import Testing

@Suite("Linear solves")
struct LinearSystemTests {
  struct Case: Decodable {
    let kind: String
    let name: String?
    let a: FixtureMatrix
    let b: FixtureMatrix
    let x: FixtureMatrix
    let rank: Int?
    let s: [Double]?
  }

  @Test func matchesNumPyAndSciPy() throws {
    let cases = try FixtureFile<Case>.load("solves")
    #expect(cases.count == 6)
    for test in cases {
      let (a, b) = (try test.a.matrix, try test.b.matrix)
      switch test.kind {
      case "gesv": expectClose(try Matrix.solve(a, b), test.x, "dgesv")
      case "posv": expectClose(try Matrix.solvePositiveDefinite(a, b), test.x, "dposv")
      default:
        let solution = try LeastSquaresSolution(a, b)
        let label = Comment(rawValue: "dgelsd \(test.name ?? "")")
        expectClose(solution.solution, test.x, label)
        #expect(solution.rank == test.rank, label)
        expectClose(solution.singularValues, test.s ?? [], label)
      }
    }
  }

  @Test func reportsSingularAndIndefiniteMatrices() throws {
    let singular = try Matrix([[1, 2], [2, 4]])
    let b = try Matrix([[1], [1]])
    #expect(throws: InkMathError.lapackFailure(routine: "dgesv", info: 2)) {
      try Matrix.solve(singular, b)
    }
    let indefinite = try Matrix([[1, 0], [0, -1]])
    #expect(throws: InkMathError.lapackFailure(routine: "dposv", info: 2)) {
      try Matrix.solvePositiveDefinite(indefinite, b)
    }
  }

  @Test func rejectsMismatchedSystems() throws {
    let a = try Matrix(rows: 2, columns: 3)
    #expect(
      throws: InkMathError.dimensionMismatch(
        operation: "dgesv", detail: "A is 2 × 3, B is 2 × 1")
    ) {
      try Matrix.solve(a, Matrix(rows: 2, columns: 1))
    }
    #expect(
      throws: InkMathError.dimensionMismatch(
        operation: "dgelsd", detail: "A is 2 × 3, B is 3 × 1")
    ) {
      try LeastSquaresSolution(a, Matrix(rows: 3, columns: 1))
    }
    #expect(throws: InkMathError.nonFiniteElement(operation: "dgelsd", row: 0, column: 0)) {
      try LeastSquaresSolution(Matrix([[Double.infinity]]), Matrix([[1]]))
    }
  }
}
