import InkSampling

/// The accumulated costs of one series against eight others of equal length at once, one pair in
/// each lane of a `SIMD8<Double>` ("many pairs at once").
///
/// The recurrence runs over the first series as in the textbook algorithm, keeping two rows in
/// memory but computing two rows a pass over the columns (the second from the first's cells in
/// registers); every operation acts on eight independent pairs, so the loop-carried dependency on
/// the left neighbour is shared by eight cells, and the two rows' dependencies interleave. The eight second series are interleaved sample by
/// sample into a ``Workspace`` (``interleave(_:_:into:)``); the first series' samples are
/// broadcast. The recurrence itself (a sum for DTW, a maximum for the discrete Fréchet distance)
/// is a type parameter, so both share this loop. The minimum of the predecessors is reduced with
/// `replace(with:where:)`, several times faster than `pointwiseMin`.
enum DTWLaneKernel {
  /// Scratch memory of one thread, reused from run to run: the interleaved second series and the
  /// two rows, sized for series of up to `capacity` samples.
  struct Workspace: ~Copyable {
    /// `lanes[c * count + j]` holds sample `j` of channel `c` of the eight series, one a lane.
    let lanes: UnsafeMutablePointer<SIMD8<Double>>
    /// Two rows of `capacity + 2` slots (slot `j + 1` holds column `j`).
    let rows: UnsafeMutablePointer<SIMD8<Double>>
    /// The longest series the workspace holds.
    let capacity: Int
    /// The number of channels.
    let channelCount: Int

    /// A workspace for eight series of up to `capacity` samples of `channelCount` channels.
    init(channelCount: Int, capacity: Int) {
      self.capacity = capacity
      self.channelCount = channelCount
      lanes = .allocate(capacity: max(1, channelCount * capacity))
      rows = .allocate(capacity: 2 * (capacity + 2))
    }

    deinit {
      lanes.deallocate()
      rows.deallocate()
    }
  }

  /// Interleaves up to eight series of equal length, `columns[indices]`, into the workspace's
  /// lanes; missing lanes repeat the first series.
  static func interleave(
    _ columns: [DTWPreparedSeries], _ indices: ArraySlice<Int>, into workspace: borrowing Workspace
  ) {
    let laneCount = SIMD8<Double>.scalarCount
    let first = columns[indices[indices.startIndex]]
    let count = first.count
    let channelCount = first.channelCount
    let scalars = UnsafeMutableRawPointer(workspace.lanes)
    for lane in 0..<laneCount {
      let index = lane < indices.count ? indices[indices.startIndex + lane] : indices.first!
      columns[index].values.withUnsafeBufferPointer { source in
        let stride = count + DTWPreparedSeries.padding
        for c in 0..<channelCount {
          for j in 0..<count {
            scalars.storeBytes(
              of: source[c &* stride &+ j],
              toByteOffset: ((c &* count &+ j) &* laneCount &+ lane) &* MemoryLayout<Double>.stride,
              as: Double.self)
          }
        }
      }
    }
  }

  /// The accumulated costs at the end cell for the eight pairs of `a` and the series interleaved
  /// in `workspace` (`columnCount` samples each); all infinite once every lane's row minimum
  /// exceeds `limit` (every path visits every row).
  static func run<Recurrence: AccumulatedCostRecurrence>(
    _ recurrence: Recurrence.Type, _ a: DTWPreparedSeries, columnCount: Int,
    in workspace: borrowing Workspace, window: DTWWindow, takesRoot: Bool, limit: Double
  ) -> SIMD8<Double> {
    a.values.withUnsafeBufferPointer { aValues in
      window.lower.withUnsafeBufferPointer { lower in
        window.upper.withUnsafeBufferPointer { upper in
          let rows = Rows(
            a: aValues.baseAddress!, rowCount: a.count, aStride: a.stride,
            columnCount: columnCount, lanes: workspace.lanes, scratch: workspace.rows,
            lower: lower.baseAddress!, upper: upper.baseAddress!, limit: limit)
          // A channel count and a root known at compile time leave the inner loop without
          // a loop over channels or a test.
          return takesRoot
            ? rows.run(recurrence, a.channelCount, SquareRoot.self)
            : rows.run(recurrence, a.channelCount, SquaredDistance.self)
        }
      }
    }
  }

  /// A channel count fixed by a type, so that the specialised loop knows it (`nil`: any count,
  /// read at run time).
  private protocol ChannelCount { static var fixed: Int? { get } }
  private enum OneChannel: ChannelCount { static var fixed: Int? { 1 } }
  private enum TwoChannels: ChannelCount { static var fixed: Int? { 2 } }
  private enum AnyChannels: ChannelCount { static var fixed: Int? { nil } }

  /// The local cost from the squared distance, fixed by a type: the distance itself
  /// (``SquareRoot``, Euclidean) or the squared distance (``SquaredDistance``).
  private protocol LocalCost { static func cost(_ squared: SIMD8<Double>) -> SIMD8<Double> }
  private enum SquareRoot: LocalCost {
    @inline(__always)
    static func cost(_ squared: SIMD8<Double>) -> SIMD8<Double> { squared.squareRoot() }
  }
  private enum SquaredDistance: LocalCost {
    @inline(__always)
    static func cost(_ squared: SIMD8<Double>) -> SIMD8<Double> { squared }
  }

  /// The pointers and sizes of one run.
  private struct Rows {
    let a: UnsafePointer<Double>
    let rowCount: Int
    let aStride: Int
    let columnCount: Int
    let lanes: UnsafeMutablePointer<SIMD8<Double>>
    let scratch: UnsafeMutablePointer<SIMD8<Double>>
    let lower: UnsafePointer<Int>
    let upper: UnsafePointer<Int>
    let limit: Double

    /// ``run(_:_:channelCount:_:)`` for a channel count known at compile time where it is one
    /// or two.
    func run<Recurrence: AccumulatedCostRecurrence, Cost: LocalCost>(
      _ recurrence: Recurrence.Type, _ channelCount: Int, _ cost: Cost.Type
    ) -> SIMD8<Double> {
      switch channelCount {
      case 2: run(recurrence, TwoChannels.self, channelCount: 2, cost)
      case 1: run(recurrence, OneChannel.self, channelCount: 1, cost)
      default: run(recurrence, AnyChannels.self, channelCount: channelCount, cost)
      }
    }

    func run<Recurrence: AccumulatedCostRecurrence, Channels: ChannelCount, Cost: LocalCost>(
      _ recurrence: Recurrence.Type, _ channels: Channels.Type, channelCount: Int,
      _ cost: Cost.Type
    ) -> SIMD8<Double> {
      let channelCount = Channels.fixed ?? channelCount
      let n = rowCount
      let m = columnCount
      let infinity = SIMD8<Double>(repeating: .infinity)
      let limits = SIMD8<Double>(repeating: limit)
      let checksLimit = limit < .infinity
      scratch.initialize(repeating: infinity, count: 2 * (m + 2))
      var previous = scratch
      var current = scratch + (m + 2)
      previous[0] = .zero
      var i = 0
      while i < n {
        if i + 1 < n && lower[i] <= lower[i + 1] && upper[i] <= upper[i + 1]
          && lower[i + 1] <= upper[i] + 1
        {
          advanceTwoRows(recurrence, channels, channelCount, cost, i, previous, current)
          i += 2
        } else {
          advanceOneRow(recurrence, channels, channelCount, cost, i, previous, current)
          i += 1
        }
        let first = lower[i - 1]
        let last = upper[i - 1]
        // The next row reads up to its own upper column: cells beyond this row are outside.
        let nextLast = i < n ? upper[i] : last
        if nextLast > last {
          (current + last + 2).update(repeating: infinity, count: nextLast - last)
        }
        // A separate pass, so that the loop carries no minimum when nothing is abandoned. Row
        // minima never decrease (local costs are not negative), so checking the second of two
        // rows abandons exactly where checking each row would.
        if checksLimit {
          var rowMinimum = infinity
          for slot in (first + 1)...(last + 1) {
            rowMinimum.replace(with: current[slot], where: current[slot] .< rowMinimum)
          }
          if all(rowMinimum .> limits) { return infinity }
        }
        swap(&previous, &current)
      }
      return previous[m]
    }

    /// The squared distances of row `i`'s sample (its first two channels broadcast in `first0`
    /// and `first1`) to column `j`'s eight samples.
    @inline(__always)
    private func squaredDistances<Channels: ChannelCount>(
      _ channels: Channels.Type, _ channelCount: Int, row i: Int, _ first0: SIMD8<Double>,
      _ first1: SIMD8<Double>, column j: Int
    ) -> SIMD8<Double> {
      let channelCount = Channels.fixed ?? channelCount
      // 0 + d² is d² exactly: the first channel starts the sum.
      let firstDifference = first0 - lanes[j]
      var squared = firstDifference * firstDifference
      if channelCount > 1 {
        let difference = first1 - lanes[columnCount &+ j]
        squared = addingSquare(squared, difference)
      }
      for c in 2..<max(channelCount, 2) {
        let difference = SIMD8(repeating: a[c &* aStride &+ i]) - lanes[c &* columnCount &+ j]
        squared = addingSquare(squared, difference)
      }
      return squared
    }

    /// Row `i` from row `i - 1` in `previous` into `current` (slot `j + 1` for column `j`).
    @inline(__always)
    private func advanceOneRow<
      Recurrence: AccumulatedCostRecurrence, Channels: ChannelCount, Cost: LocalCost
    >(
      _ recurrence: Recurrence.Type, _ channels: Channels.Type, _ channelCount: Int,
      _ cost: Cost.Type, _ i: Int, _ previous: UnsafeMutablePointer<SIMD8<Double>>,
      _ current: UnsafeMutablePointer<SIMD8<Double>>
    ) {
      let channelCount = Channels.fixed ?? channelCount
      let infinity = SIMD8<Double>(repeating: .infinity)
      let first = lower[i]
      var left = infinity
      current[first] = infinity
      var diagonal = previous[first]
      // The first two channels' samples of row i, broadcast once a row (the stores to the
      // rows might alias `a` as far as the compiler knows, so it would not hoist them).
      let first0 = SIMD8(repeating: a[i])
      let first1 = channelCount > 1 ? SIMD8(repeating: a[aStride &+ i]) : .zero
      var j = first
      while j <= upper[i] {
        let local = Cost.cost(
          squaredDistances(channels, channelCount, row: i, first0, first1, column: j))
        let above = previous[j &+ 1]
        var best = diagonal
        best.replace(with: above, where: above .< best)
        best.replace(with: left, where: left .< best)
        diagonal = above
        left = Recurrence.accumulate(local, best)
        current[j &+ 1] = left
        j &+= 1
      }
    }

    /// Rows `i` and `i + 1` in one pass over the columns, from row `i - 1` in `previous` into
    /// `current` (row `i + 1`; row `i` lives in registers only), for windows that move right or
    /// stay (`lower[i] <= lower[i + 1] <= upper[i] + 1`, `upper[i] <= upper[i + 1]`).
    ///
    /// Row `i + 1`'s cell in column `j` needs row `i`'s cells in columns `j - 1` and `j`, both
    /// just computed: the pass loads each column's samples and the row above once for two cells
    /// and stores one, and the two rows' left-to-right dependencies interleave, so that neither
    /// waits on the other's latency. Every cell is computed with the same operations in the same
    /// order as by ``advanceOneRow(_:_:_:_:_:_:_:)``, so the results are the same to the bit.
    @inline(__always)
    private func advanceTwoRows<
      Recurrence: AccumulatedCostRecurrence, Channels: ChannelCount, Cost: LocalCost
    >(
      _ recurrence: Recurrence.Type, _ channels: Channels.Type, _ channelCount: Int,
      _ cost: Cost.Type, _ i: Int, _ previous: UnsafeMutablePointer<SIMD8<Double>>,
      _ current: UnsafeMutablePointer<SIMD8<Double>>
    ) {
      let channelCount = Channels.fixed ?? channelCount
      let infinity = SIMD8<Double>(repeating: .infinity)
      let first = lower[i]
      let last = upper[i]
      let nextFirst = lower[i &+ 1]
      let nextLast = upper[i &+ 1]
      let sample0 = SIMD8(repeating: a[i])
      let sample1 = channelCount > 1 ? SIMD8(repeating: a[aStride &+ i]) : .zero
      let nextSample0 = SIMD8(repeating: a[i &+ 1])
      let nextSample1 = channelCount > 1 ? SIMD8(repeating: a[aStride &+ i &+ 1]) : .zero
      // Row i's running cells: `diagonal` and `above` from row i - 1, `left` its own; row
      // i + 1's diagonal is row i's left, its above row i's new cell.
      var diagonal = previous[first]
      var left = infinity
      var nextLeft = infinity
      current[nextFirst] = infinity
      var j = first
      // Row i alone, left of row i + 1's window.
      while j < nextFirst {
        let local = Cost.cost(
          squaredDistances(channels, channelCount, row: i, sample0, sample1, column: j))
        let above = previous[j &+ 1]
        var best = diagonal
        best.replace(with: above, where: above .< best)
        best.replace(with: left, where: left .< best)
        diagonal = above
        left = Recurrence.accumulate(local, best)
        j &+= 1
      }
      // Both rows.
      while j <= last {
        let local = Cost.cost(
          squaredDistances(channels, channelCount, row: i, sample0, sample1, column: j))
        let nextLocal = Cost.cost(
          squaredDistances(
            channels, channelCount, row: i &+ 1, nextSample0, nextSample1, column: j))
        let above = previous[j &+ 1]
        var best = diagonal
        best.replace(with: above, where: above .< best)
        best.replace(with: left, where: left .< best)
        diagonal = above
        let cell = Recurrence.accumulate(local, best)
        var nextBest = left
        nextBest.replace(with: cell, where: cell .< nextBest)
        nextBest.replace(with: nextLeft, where: nextLeft .< nextBest)
        left = cell
        nextLeft = Recurrence.accumulate(nextLocal, nextBest)
        current[j &+ 1] = nextLeft
        j &+= 1
      }
      // Row i + 1 alone, right of row i's window, where the cell above is outside (infinite,
      // never below the best).
      while j <= nextLast {
        let nextLocal = Cost.cost(
          squaredDistances(
            channels, channelCount, row: i &+ 1, nextSample0, nextSample1, column: j))
        var nextBest = left
        nextBest.replace(with: nextLeft, where: nextLeft .< nextBest)
        left = infinity
        nextLeft = Recurrence.accumulate(nextLocal, nextBest)
        current[j &+ 1] = nextLeft
        j &+= 1
      }
    }
  }
}
