import InkSampling

/// The reference dynamic-programming recursion over the admissible cells, kept in memory so that
/// the best warping path can be traced back; it also serves open-begin and open-end matching.
///
/// `D(i, j) = cost(i, j) + min(D(i−1, j−1), D(i−1, j), D(i, j−1))` with `D(−1, −1) = 0` and every
/// other cell outside the window infinite; open-begin matching sets `D(−1, j) = 0` for every `j`.
/// The path is traced as tslearn traces it: from the end cell, step to the cheapest of the
/// diagonal, upper and left neighbours, preferring them in that order on ties.
enum DTWFullMatrixKernel {
  /// The outcome of one run: the accumulated cost at the end cell, the end column, and the path.
  struct Outcome {
    var accumulatedCost: Double
    var endColumn: Int
    var path: WarpingPath?
  }

  /// Runs the recursion; returns `nil` when every cell of a row exceeds `limit`.
  static func run(
    _ a: DTWPreparedSeries, _ b: DTWPreparedSeries, window: DTWWindow, cost: DTWLocalCost,
    openBegin: Bool, openEnd: Bool, limit: Double, tracesPath: Bool
  ) -> Outcome? {
    let n = a.count
    var offsets = [Int](repeating: 0, count: n + 1)
    for i in 0..<n { offsets[i + 1] = offsets[i] + window.upper[i] - window.lower[i] + 1 }
    var matrix = [Double](repeating: .infinity, count: offsets[n])
    func accumulated(_ i: Int, _ j: Int) -> Double {
      if i < 0 { return openBegin || j < 0 ? 0 : .infinity }
      guard j >= window.lower[i], j <= window.upper[i] else { return .infinity }
      return matrix[offsets[i] + j - window.lower[i]]
    }
    for i in 0..<n {
      var rowMinimum = Double.infinity
      for j in window.lower[i]...window.upper[i] {
        let local = cost.cost(squaredDistance: a.squaredDistance(i, b, j))
        let best = min(accumulated(i - 1, j - 1), accumulated(i - 1, j), accumulated(i, j - 1))
        let value = local + best
        matrix[offsets[i] + j - window.lower[i]] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return nil }
    }
    var endColumn = b.count - 1
    if openEnd {
      for j in window.lower[n - 1]...window.upper[n - 1]
      where accumulated(n - 1, j) < accumulated(n - 1, endColumn) {
        endColumn = j
      }
    }
    let total = accumulated(n - 1, endColumn)
    guard tracesPath else { return Outcome(accumulatedCost: total, endColumn: endColumn) }
    var firstIndices = [n - 1]
    var secondIndices = [endColumn]
    var (i, j) = (n - 1, endColumn)
    while openBegin ? i != 0 : (i, j) != (0, 0) {
      if i == 0 {
        j -= 1
      } else if j == 0 {
        i -= 1
      } else {
        let diagonal = accumulated(i - 1, j - 1)
        let up = accumulated(i - 1, j)
        let left = accumulated(i, j - 1)
        if diagonal <= up && diagonal <= left {
          (i, j) = (i - 1, j - 1)
        } else if up <= left {
          i -= 1
        } else {
          j -= 1
        }
      }
      firstIndices.append(i)
      secondIndices.append(j)
    }
    let path = WarpingPath(
      firstIndices: firstIndices.reversed(), secondIndices: secondIndices.reversed())
    return Outcome(accumulatedCost: total, endColumn: endColumn, path: path)
  }
}
