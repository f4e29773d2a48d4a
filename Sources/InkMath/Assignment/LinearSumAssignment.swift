/// The linear sum assignment problem: pair rows with columns of a cost matrix, each at most once,
/// so that the total cost is least — SciPy's `scipy.optimize.linear_sum_assignment`.
///
/// Solved by shortest augmenting paths with row and column potentials (the Hungarian method in
/// the form of Jonker and Volgenant 1987, as Crouse 2016 describes SciPy's solver), O(n²m) for
/// an n × m matrix with n ≤ m. A rectangular matrix assigns every row of the shorter side; the
/// longer side keeps some unassigned. Costs may be any finite numbers, negative included.
///
/// ```swift
/// let pairs = try LinearSumAssignment.solve(rows: 3, columns: 3, costs: [4, 1, 3, 2, 0, 5, 3, 2, 2])
/// pairs.map(\.column)   // [1, 0, 2], total 5
/// ```
public enum LinearSumAssignment {
  /// One chosen pair of a row and a column.
  public struct Pair: Hashable, Sendable {
    /// The row.
    public var row: Int
    /// The column assigned to it.
    public var column: Int
  }

  /// The optimal pairs of a row-major `rows × columns` cost matrix, sorted by row.
  ///
  /// - Throws: ``InkMathError`` when the cost count does not match the shape or a cost is NaN
  ///   or infinite.
  public static func solve(rows: Int, columns: Int, costs: [Double]) throws(InkMathError) -> [Pair]
  {
    guard rows >= 0, columns >= 0, costs.count == rows * columns else {
      throw .dimensionMismatch(
        operation: "linearSumAssignment",
        detail:
          "a \(rows) × \(columns) cost matrix needs \(rows * columns) costs, not \(costs.count)")
    }
    if let bad = costs.firstIndex(where: { !$0.isFinite }) {
      throw .nonFiniteElement(
        operation: "linearSumAssignment", row: bad / columns, column: bad % columns)
    }
    guard rows > 0, columns > 0 else { return [] }
    // Work with at most as many rows as columns.
    let transposed = rows > columns
    let n = transposed ? columns : rows
    let m = transposed ? rows : columns
    func cost(_ i: Int, _ j: Int) -> Double {
      transposed ? costs[j * columns + i] : costs[i * columns + j]
    }
    // 1-based potentials u (rows), v (columns); way[j] the previous column on the path;
    // rowOf[j] the row assigned to column j (0: none), as in the classic formulation.
    var u = [Double](repeating: 0, count: n + 1)
    var v = [Double](repeating: 0, count: m + 1)
    var rowOf = [Int](repeating: 0, count: m + 1)
    var way = [Int](repeating: 0, count: m + 1)
    for i in 1...n {
      rowOf[0] = i
      var j0 = 0
      var minimum = [Double](repeating: .infinity, count: m + 1)
      var used = [Bool](repeating: false, count: m + 1)
      repeat {
        used[j0] = true
        let i0 = rowOf[j0]
        var delta = Double.infinity
        var j1 = 0
        for j in 1...m where !used[j] {
          let reduced = cost(i0 - 1, j - 1) - u[i0] - v[j]
          if reduced < minimum[j] {
            minimum[j] = reduced
            way[j] = j0
          }
          if minimum[j] < delta {
            delta = minimum[j]
            j1 = j
          }
        }
        for j in 0...m {
          if used[j] {
            u[rowOf[j]] += delta
            v[j] -= delta
          } else {
            minimum[j] -= delta
          }
        }
        j0 = j1
      } while rowOf[j0] != 0
      repeat {
        let j1 = way[j0]
        rowOf[j0] = rowOf[j1]
        j0 = j1
      } while j0 != 0
    }
    var pairs: [Pair] = []
    for j in 1...m where rowOf[j] != 0 {
      let row = rowOf[j] - 1
      let column = j - 1
      pairs.append(transposed ? Pair(row: column, column: row) : Pair(row: row, column: column))
    }
    return pairs.sorted { $0.row < $1.row }
  }
}
