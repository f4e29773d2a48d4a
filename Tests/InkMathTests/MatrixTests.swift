import DuctusTestSupport
import InkMath
import Testing

@Suite("Matrix")
struct MatrixTests {
  @Test func storesRowsInRowMajorOrder() throws {
    let a = try Matrix([[1, 2, 3], [4, 5, 6]])
    #expect(a.rows == 2 && a.columns == 3)
    #expect(a.elements == [1, 2, 3, 4, 5, 6])
    #expect(a[1, 0] == 4)
    #expect(Array(a.row(1)) == [4, 5, 6])
  }

  @Test func transposesBeyondOneCacheBlock() throws {
    var generator = SplitMix64(seed: 1)
    let a = generator.matrix(37, 70)
    let t = a.transposed()
    #expect(t.rows == 70 && t.columns == 37)
    #expect((0..<37).allSatisfy { i in (0..<70).allSatisfy { j in t[j, i] == a[i, j] } })
    #expect(t.transposed() == a)
  }

  @Test func identityHasOnesOnTheDiagonal() throws {
    #expect(try Matrix.identity(2) == Matrix([[1, 0], [0, 1]]))
    #expect(try Matrix.identity(0).elements.isEmpty)
  }

  @Test func rejectsBadSizesWithTypedErrors() {
    #expect(
      throws: InkMathError.dimensionMismatch(
        operation: "Matrix", detail: "row 1 has 1 elements, row 0 has 2")
    ) {
      try Matrix([[1, 2], [3]])
    }
    #expect(
      throws: InkMathError.dimensionMismatch(
        operation: "Matrix", detail: "3 elements for a 2 × 2 matrix")
    ) {
      try Matrix(rows: 2, columns: 2, elements: [1, 2, 3])
    }
    #expect(
      throws: InkMathError.invalidArgument(operation: "Matrix", detail: "negative size -1 × 2")
    ) {
      try Matrix(rows: -1, columns: 2)
    }
    #expect(throws: InkMathError.self) { try Matrix(rows: Int.max, columns: 2) }
  }

  @Test func locatesTheFirstNonFiniteElement() throws {
    let a = try Matrix([[1, 2], [.infinity, .nan]])
    #expect(throws: InkMathError.nonFiniteElement(operation: "test", row: 1, column: 0)) {
      try a.validateFinite(operation: "test")
    }
    let message = InkMathError.nonFiniteElement(operation: "dgesdd", row: 1, column: 0)
      .description
    #expect(message == "dgesdd: non-finite value (NaN or infinity) at row 1, column 0")
  }
}
