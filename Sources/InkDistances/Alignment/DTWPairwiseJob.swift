import InkMath
import InkSampling

/// Many accumulated-cost distances (DTW, or the discrete Fréchet distance through
/// ``MaximumCostRecurrence``) between prepared row series and prepared column series, spread over
/// all cores with InkMath's `ParallelLoop`.
///
/// Each row's columns are sorted by length and cut into groups of up to eight series of equal
/// length; a group of two or more runs through ``DTWLaneKernel`` (eight pairs in the lanes of
/// one vector), a lone column through the recurrence's single-pair kernel. With open-begin or
/// open-end matching every pair runs through ``DTWFullMatrixKernel``. Each chunk of work packs
/// its groups into one ``DTWLaneKernel/Workspace`` allocated once, and writes its distances
/// straight into the result.
struct DTWPairwiseJob<Recurrence: AccumulatedCostRecurrence>: Sendable {
  /// The constraint, local cost and reported distance (for the discrete Fréchet distance: no
  /// constraint, squared Euclidean costs, the square root at the end).
  let dtw: DynamicTimeWarping
  let rows: [DTWPreparedSeries]
  let columns: [DTWPreparedSeries]
  let limit: Double

  /// One unit of parallel work: a row and up to eight columns of equal length, the columns
  /// being `order[columns]`.
  private struct Item: Sendable {
    var row: Int
    var columns: Range<Int>
  }

  /// The distances, row-major `rows.count × columns.count`; entries outside each row's
  /// `columnRange` are NaN.
  func run(columnRange: (Int) -> Range<Int>) throws(DTWError) -> [Double] {
    try checkWindows()
    let (order, items) = self.items(columnRange: columnRange)
    let reversedColumns =
      dtw.openBegin || dtw.openEnd ? [] : columns.map { $0.reversed() }
    var result = [Double](repeating: .nan, count: rows.count * columns.count)
    let capacity = columns.map(\.count).max() ?? 0
    let channelCount = columns.first?.channelCount ?? 0
    result.withUnsafeMutableBufferPointer { buffer in
      let output = DisjointWriteBuffer(buffer)
      // Many chunks a core: items of unequal lengths cost unequal times.
      ParallelLoop.forEachChunk(of: items.indices, chunksPerCore: 8) { chunk in
        let workspace = DTWLaneKernel.Workspace(channelCount: channelCount, capacity: capacity)
        for item in items[chunk] {
          write(
            item, order: order, reversedColumns: reversedColumns, workspace: workspace,
            to: output)
        }
      }
    }
    return result
  }

  /// The distances of one tile of the all-pairs job whose rows and columns start at the given
  /// series indices: pairs `i < j` computed, the diagonal 0, a diagonal tile's lower half
  /// mirrored; row-major `rows.count × columns.count`.
  func tileValues(rowStart: Int, columnStart: Int) throws(DTWError) -> [Double] {
    let columnCount = columns.count
    var values = try run { row in
      max(0, min(columnCount, rowStart + row + 1 - columnStart))..<columnCount
    }
    for r in rows.indices {
      let i = rowStart + r
      for c in 0..<columnCount where columnStart + c <= i {
        let j = columnStart + c
        values[r * columnCount + c] =
          i == j ? 0 : values[(j - rowStart) * columnCount + i - columnStart]
      }
    }
    return values
  }

  /// The work items: each row's columns sorted by length, cut into equal-length groups of up
  /// to eight, as ranges of one array of column indices.
  private func items(columnRange: (Int) -> Range<Int>) -> (order: [Int], items: [Item]) {
    var order = [Int]()
    var items = [Item]()
    for row in rows.indices {
      let start = order.count
      order += columnRange(row).sorted {
        (columns[$0].count, $0) < (columns[$1].count, $1)
      }
      var first = start
      while first < order.count {
        var end = first + 1
        let length = columns[order[first]].count
        while end < order.count && end - first < SIMD8<Double>.scalarCount
          && columns[order[end]].count == length
        {
          end += 1
        }
        items.append(Item(row: row, columns: first..<end))
        first = end
      }
    }
    return (order, items)
  }

  /// Computes one item's pairs and writes their distances.
  private func write(
    _ item: Item, order: [Int], reversedColumns: [DTWPreparedSeries],
    workspace: borrowing DTWLaneKernel.Workspace, to output: DisjointWriteBuffer<Double>
  ) {
    let a = rows[item.row]
    let indices = order[item.columns]
    let base = item.row * columns.count
    let m = columns[indices[indices.startIndex]].count
    // The windows were checked by `checkWindows`, so building them cannot fail here.
    guard let window = try? dtw.window(rows: a.count, columns: m) else { return }
    let takesRoot = dtw.localCost == .euclidean
    if dtw.openBegin || dtw.openEnd {
      for column in indices {
        let outcome = DTWFullMatrixKernel.run(
          a, columns[column], window: window, cost: dtw.localCost, openBegin: dtw.openBegin,
          openEnd: dtw.openEnd, limit: limit, tracesPath: false)
        output[base + column] = dtw.reportedDistance(
          outcome?.accumulatedCost ?? .infinity, limit: limit)
      }
      return
    }
    if indices.count == 1 {
      let column = indices[indices.startIndex]
      let accumulated = Recurrence.singlePair(
        a, reversedColumns[column], window: window, takesRoot: takesRoot, limit: limit)
      output[base + column] = dtw.reportedDistance(accumulated, limit: limit)
      return
    }
    DTWLaneKernel.interleave(columns, indices, into: workspace)
    let accumulated = DTWLaneKernel.run(
      Recurrence.self, a, columnCount: m, in: workspace, window: window, takesRoot: takesRoot,
      limit: limit)
    for (lane, column) in indices.enumerated() {
      output[base + column] = dtw.reportedDistance(accumulated[lane], limit: limit)
    }
  }

  /// Builds the window of every pair of lengths once, so that an infeasible Itakura
  /// parallelogram or an open-ended constraint is reported before any work starts.
  func checkWindows() throws(DTWError) {
    let rowLengths = Set(rows.map(\.count))
    let columnLengths = Set(columns.map(\.count))
    if case .itakura = dtw.constraint {
      for n in rowLengths {
        for m in columnLengths { _ = try dtw.window(rows: n, columns: m) }
      }
    } else if let n = rowLengths.first, let m = columnLengths.first {
      _ = try dtw.window(rows: n, columns: m)
    }
  }
}
