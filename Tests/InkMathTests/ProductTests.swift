import InkMath
import Testing

@Suite("GEMM and SYRK")
struct ProductTests {
  struct Case: Decodable {
    let kind: String
    let transposeA: Bool?
    let transposeB: Bool?
    let transpose: Bool?
    let alpha: Double
    let beta: Double?
    let a: FixtureMatrix
    let b: FixtureMatrix?
    let c: FixtureMatrix?
    let expected: FixtureMatrix
  }

  @Test func matchesNumPy() throws {
    let cases = try FixtureFile<Case>.load("products")
    #expect(cases.count == 10)
    for test in cases {
      if test.kind == "gemm", let b = test.b, let c = test.c {
        let product = try Matrix.gemm(
          test.a.matrix, b.matrix, transposeA: test.transposeA ?? false,
          transposeB: test.transposeB ?? false, alpha: test.alpha, beta: test.beta ?? 0,
          c: c.matrix)
        expectClose(product, test.expected, "gemm \(test.transposeA!) \(test.transposeB!)")
      } else {
        let product = Matrix.syrk(
          try test.a.matrix, transpose: test.transpose ?? false, alpha: test.alpha)
        expectClose(product, test.expected, "syrk \(test.a.rows) × \(test.a.columns)")
        #expect(product == product.transposed(), "SYRK output is exactly symmetric")
      }
    }
  }

  @Test func rejectsMismatchedShapes() throws {
    let a = try Matrix(rows: 2, columns: 3)
    #expect(
      throws: InkMathError.dimensionMismatch(
        operation: "gemm", detail: "op(A) is 2 × 3, op(B) is 2 × 3")
    ) {
      try Matrix.gemm(a, a)
    }
    #expect(throws: InkMathError.invalidArgument(operation: "gemm", detail: "beta ≠ 0 needs C")) {
      try Matrix.gemm(a, a, transposeB: true, beta: 1)
    }
    #expect(throws: InkMathError.self) {
      try Matrix.gemm(a, a, transposeB: true, beta: 1, c: a)
    }
  }

  @Test func emptyInnerDimensionLeavesBetaTimesC() throws {
    let a = try Matrix(rows: 2, columns: 0)
    let c = try Matrix([[1, 2], [3, 4]])
    #expect(try Matrix.gemm(a, a, transposeB: true, beta: 2, c: c) == Matrix([[2, 4], [6, 8]]))
    #expect(try Matrix.gemm(a, a, transposeB: true) == Matrix(rows: 2, columns: 2))
    #expect(Matrix.syrk(a) == (try Matrix(rows: 2, columns: 2)))
    let noRows = try Matrix(rows: 0, columns: 3)
    #expect(try Matrix.gemm(noRows, Matrix(rows: 3, columns: 2)) == Matrix(rows: 0, columns: 2))
  }

  @Test func productOfRowsIsTheBlockOfTheFullProduct() throws {
    let fixture = try FixtureFile<Case>.load("products").first {
      $0.kind == "gemm" && $0.transposeA == false && $0.transposeB == true
    }
    let test = try #require(fixture)
    let (a, b) = (try test.a.matrix, try #require(test.b).matrix)
    let full = try Matrix.gemm(a, b, transposeB: true, alpha: test.alpha)
    for rows in [0..<a.rows, 1..<a.rows, 0..<1, 2..<2] {
      var block = [Double](repeating: .nan, count: rows.count * b.rows + 1)
      block.withUnsafeMutableBufferPointer {
        a.productOfRows(rows, withTransposeOf: b, alpha: test.alpha, into: $0)
      }
      let expected = rows.flatMap { i in (0..<b.rows).map { full[i, $0] } }
      expectClose(Array(block.prefix(rows.count * b.rows)), expected, "rows \(rows)")
      #expect(block.last!.isNaN, "nothing written past the block")
    }
    let empty = try Matrix(rows: 3, columns: 0)
    var zeros = [Double](repeating: 7, count: 9)
    zeros.withUnsafeMutableBufferPointer {
      empty.productOfRows(0..<3, withTransposeOf: empty, into: $0)
    }
    #expect(zeros == [Double](repeating: 0, count: 9))
  }
}
