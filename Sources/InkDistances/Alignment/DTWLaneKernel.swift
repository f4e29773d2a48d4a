import InkSampling

/// The distances of one series to eight others of equal length at once, one pair in each lane of
/// a `SIMD8<Double>` ("many pairs at once").
///
/// The recursion runs row by row over the first series as in the textbook algorithm; every
/// operation acts on eight independent pairs, so the loop-carried dependency on the left
/// neighbour is shared by eight cells. The eight second series are interleaved sample by sample
/// (``interleave(_:)``); the first series' samples are broadcast.
enum DTWLaneKernel {
  /// Eight series of equal length interleaved: `values[c * count + j]` holds sample `j` of
  /// channel `c` of the eight series, one a lane.
  struct InterleavedSeries {
    var count: Int
    var values: [SIMD8<Double>]
  }

  /// Interleaves up to eight prepared series of equal length; missing lanes repeat lane 0.
  static func interleave(_ series: [DTWPreparedSeries]) -> InterleavedSeries {
    let count = series[0].count
    let channelCount = series[0].channelCount
    let laneCount = SIMD8<Double>.scalarCount
    var values = [SIMD8<Double>](repeating: .zero, count: channelCount * count)
    values.withUnsafeMutableBytes { raw in
      let scalars = raw.bindMemory(to: Double.self)
      for lane in 0..<laneCount {
        series[lane < series.count ? lane : 0].values.withUnsafeBufferPointer { source in
          let stride = count + DTWPreparedSeries.padding
          for c in 0..<channelCount {
            for j in 0..<count {
              scalars[(c &* count &+ j) &* laneCount &+ lane] = source[c &* stride &+ j]
            }
          }
        }
      }
    }
    return InterleavedSeries(count: count, values: values)
  }

  /// The accumulated costs at the end cell for the eight pairs; all infinite once every lane's
  /// row minimum exceeds `limit` (every path visits every row).
  static func run(
    _ a: DTWPreparedSeries, _ lanes: InterleavedSeries, window: DTWWindow, takesRoot: Bool,
    limit: Double
  ) -> SIMD8<Double> {
    let n = a.count
    let m = lanes.count
    let channelCount = a.channelCount
    let infinity = SIMD8<Double>(repeating: .infinity)
    let limits = SIMD8<Double>(repeating: limit)
    let checksLimit = limit < .infinity
    // Two rows of m + 2 slots (slot j + 1 holds column j) and the broadcast samples of a row.
    let scratch = UnsafeMutablePointer<SIMD8<Double>>.allocate(capacity: 2 * (m + 2) + channelCount)
    defer { scratch.deallocate() }
    scratch.initialize(repeating: infinity, count: 2 * (m + 2) + channelCount)
    var previous = scratch
    var current = scratch + (m + 2)
    let broadcast = scratch + 2 * (m + 2)
    previous[0] = .zero
    return lanes.values.withUnsafeBufferPointer { b in
      for i in 0..<n {
        for c in 0..<channelCount { broadcast[c] = SIMD8(repeating: a[channel: c, sample: i]) }
        let lower = window.lower[i]
        let upper = window.upper[i]
        var left = infinity
        var rowMinimum = infinity
        current[lower] = infinity
        for j in lower...upper {
          var squared = SIMD8<Double>.zero
          for c in 0..<channelCount {
            let difference = broadcast[c] - b[c &* m &+ j]
            squared += difference * difference
          }
          let local = takesRoot ? squared.squareRoot() : squared
          var best = previous[j]
          best.replace(with: previous[j + 1], where: previous[j + 1] .< best)
          best.replace(with: left, where: left .< best)
          left = local + best
          current[j + 1] = left
          rowMinimum.replace(with: left, where: left .< rowMinimum)
        }
        // The next row reads up to its own upper column: cells beyond this row are outside.
        let nextUpper = i + 1 < n ? window.upper[i + 1] : upper
        if nextUpper > upper {
          (current + upper + 2).update(repeating: infinity, count: nextUpper - upper)
        }
        if checksLimit && all(rowMinimum .> limits) { return infinity }
        swap(&previous, &current)
      }
      return previous[m]
    }
  }
}
