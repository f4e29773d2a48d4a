import InkSampling

/// The accumulated costs of one series against eight others of equal length at once, one pair in
/// each lane of a `SIMD8<Double>` ("many pairs at once").
///
/// The recurrence runs row by row over the first series as in the textbook algorithm, keeping two
/// rows; every operation acts on eight independent pairs, so the loop-carried dependency on the
/// left neighbour is shared by eight cells. The eight second series are interleaved sample by
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
      for i in 0..<n {
        let first = lower[i]
        let last = upper[i]
        var left = infinity
        current[first] = infinity
        var diagonal = previous[first]
        // The first two channels' samples of row i, broadcast once a row (the stores to the
        // rows might alias `a` as far as the compiler knows, so it would not hoist them).
        let first0 = SIMD8(repeating: a[i])
        let first1 = channelCount > 1 ? SIMD8(repeating: a[aStride &+ i]) : .zero
        var j = first
        while j <= last {
          // 0 + d² is d² exactly: the first channel starts the sum.
          let firstDifference = first0 - lanes[j]
          var squared = firstDifference * firstDifference
          if channelCount > 1 {
            let difference = first1 - lanes[m &+ j]
            squared += difference * difference
          }
          for c in 2..<max(channelCount, 2) {
            let difference = SIMD8(repeating: a[c &* aStride &+ i]) - lanes[c &* m &+ j]
            squared += difference * difference
          }
          let local = Cost.cost(squared)
          let above = previous[j &+ 1]
          var best = diagonal
          best.replace(with: above, where: above .< best)
          best.replace(with: left, where: left .< best)
          diagonal = above
          left = Recurrence.accumulate(local, best)
          current[j &+ 1] = left
          j &+= 1
        }
        // The next row reads up to its own upper column: cells beyond this row are outside.
        let nextLast = i + 1 < n ? upper[i + 1] : last
        if nextLast > last {
          (current + last + 2).update(repeating: infinity, count: nextLast - last)
        }
        // A separate pass, so that the loop above carries no minimum when nothing is abandoned.
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
  }
}
