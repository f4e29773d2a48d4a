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
    let abandoned = fill(
      &matrix, a, b, window: window, offsets: offsets, squared: cost == .squaredEuclidean,
      openBegin: openBegin, limit: limit)
    if abandoned { return nil }
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

  /// Fills the window's cells row by row (`matrix[offsets[i] + j − lower[i]] = D(i, j)`), the
  /// neighbours read straight from the previous row and the cell to the left; returns whether
  /// a row's cells all exceeded `limit`. A row's local costs come first, eight columns at a
  /// time (each channel of the second series is contiguous and padded) and their square roots
  /// in a loop of their own, so that neither waits on the recurrence along the row.
  private static func fill(
    _ matrix: inout [Double], _ a: DTWPreparedSeries, _ b: DTWPreparedSeries, window: DTWWindow,
    offsets: [Int], squared: Bool, openBegin: Bool, limit: Double
  ) -> Bool {
    let (channels, aStride, bStride) = (a.channelCount, a.stride, b.stride)
    let lanes = SIMD8<Double>.scalarCount
    let widest = (0..<a.count).reduce(0) { max($0, window.upper[$1] - window.lower[$1] + 1) }
    let costs = UnsafeMutablePointer<Double>.allocate(capacity: widest + lanes)
    defer { costs.deallocate() }
    return matrix.withUnsafeMutableBufferPointer { m in
      a.values.withUnsafeBufferPointer { av in
        b.values.withUnsafeBufferPointer { bv in
          let bBase = UnsafeRawPointer(bv.baseAddress!)
          for i in 0..<a.count {
            let (lower, upper, offset) = (window.lower[i], window.upper[i], offsets[i])
            var column = lower
            while column <= upper {
              var sum = SIMD8<Double>()
              for c in 0..<channels {
                let difference =
                  SIMD8(repeating: av[c &* aStride &+ i])
                  - bBase.loadUnaligned(
                    fromByteOffset: (c &* bStride &+ column) &* MemoryLayout<Double>.stride,
                    as: SIMD8<Double>.self)
                sum = addingSquare(sum, difference)
              }
              UnsafeMutableRawPointer(costs + (column &- lower)).storeBytes(
                of: sum, as: SIMD8<Double>.self)
              column &+= lanes
            }
            if !squared {
              for k in 0...(upper - lower) { costs[k] = costs[k].squareRoot() }
            }
            // The previous row's admissible columns (none above the first row).
            let (previousLower, previousUpper, previousOffset) =
              i > 0 ? (window.lower[i - 1], window.upper[i - 1], offsets[i - 1]) : (0, -1, 0)
            var left = Double.infinity
            var rowMinimum = Double.infinity
            // D(i, j) of a column whose neighbours above may lie outside the previous row.
            func edgeCell(_ j: Int) -> Double {
              let diagonal: Double
              let up: Double
              if i == 0 {
                diagonal = openBegin || j == 0 ? 0 : .infinity
                up = openBegin ? 0 : .infinity
              } else {
                diagonal =
                  j - 1 >= previousLower && j - 1 <= previousUpper
                  ? m[previousOffset + j - 1 - previousLower] : .infinity
                up =
                  j >= previousLower && j <= previousUpper
                  ? m[previousOffset + j - previousLower] : .infinity
              }
              return costs[j &- lower] + min(diagonal, up, left)
            }
            // The columns whose diagonal and upper neighbours both lie in the previous row.
            let interiorStart = i == 0 ? lower : max(lower, previousLower + 1)
            let interiorEnd = i == 0 ? lower : max(interiorStart, min(upper, previousUpper) + 1)
            var j = lower
            while j < interiorStart {
              left = edgeCell(j)
              m[offset &+ j &- lower] = left
              rowMinimum = min(rowMinimum, left)
              j &+= 1
            }
            while j < interiorEnd {
              let above = previousOffset &+ j &- previousLower
              left = costs[j &- lower] + min(m[above &- 1], m[above], left)
              m[offset &+ j &- lower] = left
              rowMinimum = min(rowMinimum, left)
              j &+= 1
            }
            while j <= upper {
              left = edgeCell(j)
              m[offset &+ j &- lower] = left
              rowMinimum = min(rowMinimum, left)
              j &+= 1
            }
            if rowMinimum > limit { return true }
          }
          return false
        }
      }
    }
  }
}
