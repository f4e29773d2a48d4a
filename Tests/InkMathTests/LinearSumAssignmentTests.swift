import DuctusTestSupport
import Foundation
import InkMath
import Testing

@Suite("Linear sum assignment against SciPy")
struct LinearSumAssignmentTests {
  struct Case: Decodable {
    var rows: Int
    var columns: Int
    var kind: String
    var costs: [Double]
    var assignedRows: [Int]
    var assignedColumns: [Int]
    var total: Double
  }

  @Test func matchesSciPy() throws {
    for c in try Fixture.decode([Case].self, from: "assignment/cases.json") {
      let pairs = try LinearSumAssignment.solve(rows: c.rows, columns: c.columns, costs: c.costs)
      let total = pairs.reduce(0) { $0 + c.costs[$1.row * c.columns + $1.column] }
      #expect(
        abs(total - c.total) <= 1e-9 * max(1, abs(c.total)), "\(c.rows)×\(c.columns) \(c.kind)")
      #expect(pairs.count == min(c.rows, c.columns))
      #expect(Set(pairs.map(\.column)).count == pairs.count)
      if c.kind != "integer" {
        // Continuous random costs have one optimum: the pairs themselves agree.
        #expect(pairs.map(\.row) == c.assignedRows, "\(c.rows)×\(c.columns)")
        #expect(pairs.map(\.column) == c.assignedColumns, "\(c.rows)×\(c.columns)")
      }
    }
  }

  @Test func smallCasesByExhaustion() throws {
    var state: UInt64 = 99
    func random() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1
      return Double(state >> 40)
    }
    func permutations(_ items: [Int]) -> [[Int]] {
      guard items.count > 1 else { return [items] }
      return items.indices.flatMap { i in
        var rest = items
        let head = rest.remove(at: i)
        return permutations(rest).map { [head] + $0 }
      }
    }
    for n in 1...6 {
      let costs = (0..<(n * n)).map { _ in random() }
      let pairs = try LinearSumAssignment.solve(rows: n, columns: n, costs: costs)
      let best = permutations(Array(0..<n)).map { p in
        p.enumerated().reduce(0) { $0 + costs[$1.offset * n + $1.element] }
      }.min()!
      #expect(pairs.reduce(0) { $0 + costs[$1.row * n + $1.column] } == best)
    }
  }

  @Test func edgeCases() throws {
    #expect(try LinearSumAssignment.solve(rows: 0, columns: 3, costs: []).isEmpty)
    #expect(throws: InkMathError.self) {
      try LinearSumAssignment.solve(rows: 2, columns: 2, costs: [1, 2, 3])
    }
    #expect(throws: InkMathError.self) {
      try LinearSumAssignment.solve(rows: 1, columns: 2, costs: [1, .nan])
    }
  }
}
