import Foundation

/// Corners of a stroke resampled at equal spacing, by the "straw" methods.
///
/// A straw at point `i` is the distance between points `i − w` and `i + w`; it is short where
/// the ink turns. Both finders take points already resampled at an equal spacing (ShortStraw's
/// is the bounding-box diagonal over 40) and return indices into them, ascending, the first and
/// the last point always included.
///
/// ```swift
/// // An L: ten points down, ten to the right, spacing 1.
/// let xs = Array(repeating: 0.0, count: 10) + (1...10).map(Double.init)
/// let ys = (0..<10).map(Double.init) + Array(repeating: 9.0, count: 10)
/// CornerFinder.shortStraw(xs: xs, ys: ys)   // [0, 9, 19]
/// ```
///
/// Complexity: O(n) for the straws, O(n · c) for the post-processing with c corners.
public enum CornerFinder {
  /// ShortStraw's window: straws span three points either side.
  public static let window = 3
  /// ShortStraw's threshold: a straw below 0.95 of the median is a corner candidate.
  public static let medianFactor = 0.95
  /// ShortStraw's line test: a run is straight when its chord is over 0.95 of its path.
  public static let lineRatio = 0.95

  /// ShortStraw (Wolin, Eoff & Hammond 2008): the local minima of the straws below 0.95 of
  /// their median, then a corner added in the middle half of every run that is not straight and
  /// every corner removed whose two neighbouring runs together are straight.
  ///
  /// Points closer to the ends than the window have no straw and are never corners.
  public static func shortStraw(xs: [Double], ys: [Double]) -> [Int] {
    let n = min(xs.count, ys.count)
    guard n > 2 * window else { return n > 1 ? [0, n - 1] : n == 1 ? [0] : [] }
    let straws = strawLengths(xs: xs, ys: ys, endpoints: false)
    var corners = strawMinima(straws, below: median(straws, in: window..<(n - window)))
    refine(&corners, xs: xs, ys: ys, straws: straws)
    return corners
  }

  /// IStraw (Xiong & LaViola 2009): ShortStraw with its refinements. Straws reach the ends
  /// (shortened windows, scaled), so corners near the ends are found; with times, a point where
  /// the pen slows below a quarter of its median speed is a candidate too (pen-speed minima, as
  /// Sezgin's and IStraw's timing cues); and a candidate whose turn keeps growing when measured
  /// over three times the window is a curve, not a corner, and is dropped (IStraw's curve test,
  /// here as a ratio of turns rather than its difference of angles, see ``curveTurnRatio``), as
  /// is one that turns by less than 10°.
  ///
  /// - Parameters:
  ///   - xs: the points' x, resampled at an equal spacing.
  ///   - ys: the points' y.
  ///   - ts: the times of the points, or empty.
  public static func iStraw(xs: [Double], ys: [Double], ts: [Double] = []) -> [Int] {
    let n = min(xs.count, ys.count)
    guard n > 2 * window else { return n > 1 ? [0, n - 1] : n == 1 ? [0] : [] }
    let straws = strawLengths(xs: xs, ys: ys, endpoints: true)
    let threshold = median(straws, in: 1..<(n - 1))
    var corners = strawMinima(straws, below: threshold)
    if ts.count == n {
      corners = mergedSorted(
        corners, speedMinima(xs: xs, ys: ys, ts: ts, straws: straws, strawLimit: threshold))
    }
    refine(&corners, xs: xs, ys: ys, straws: straws)
    corners = corners.enumerated().filter { index, corner in
      index == 0 || index == corners.count - 1
        || !isCurve(corner, xs: xs, ys: ys, previous: corners[index - 1], next: corners[index + 1])
    }.map(\.element)
    return corners
  }

  /// The straws of every point; with `endpoints`, those within the window of an end use the
  /// window that fits, scaled up to the full window's span; without, they are `+∞`.
  static func strawLengths(xs: [Double], ys: [Double], endpoints: Bool) -> [Double] {
    let n = min(xs.count, ys.count)
    var straws = [Double](repeating: .infinity, count: n)
    for i in 0..<n {
      let reach = min(window, i, n - 1 - i)
      guard reach == window || (endpoints && reach > 0) else { continue }
      let dx = xs[i + reach] - xs[i - reach]
      let dy = ys[i + reach] - ys[i - reach]
      straws[i] = (dx * dx + dy * dy).squareRoot() * Double(window) / Double(reach)
    }
    return straws
  }

  /// The median of the finite straws in `range` (the upper one of an even count), times
  /// ``medianFactor``.
  static func median(_ straws: [Double], in range: Range<Int>) -> Double {
    var values = finite(straws, in: range)
    guard !values.isEmpty else { return 0 }
    return selected(&values, rank: values.count / 2) * medianFactor
  }

  /// The finite values of `values` in `range`, in order, in an array allocated once (`filter`
  /// grows its result as it goes, a reallocation every doubling).
  static func finite(_ values: [Double], in range: Range<Int>) -> [Double] {
    var kept: [Double] = []
    kept.reserveCapacity(range.count)
    for value in values[range] where value.isFinite { kept.append(value) }
    return kept
  }

  /// The value that would stand at `rank` were `values` sorted ascending (Hoare's selection,
  /// the middle value as pivot: O(n) on average where sorting is O(n log n)); `values` is
  /// left reordered.
  static func selected(_ values: inout [Double], rank: Int) -> Double {
    precondition(values.indices.contains(rank), "rank \(rank) outside 0..<\(values.count)")
    return values.withUnsafeMutableBufferPointer { values in
      var (low, high) = (0, values.count - 1)
      while low < high {
        let pivot = values[(low + high) / 2]
        var (i, j) = (low, high)
        while i <= j {
          while values[i] < pivot { i += 1 }
          while values[j] > pivot { j -= 1 }
          if i <= j {
            values.swapAt(i, j)
            i += 1
            j -= 1
          }
        }
        // Now values[low...j] ≤ pivot ≤ values[i...high], and any between equal the pivot.
        if rank <= j {
          high = j
        } else if rank >= i {
          low = i
        } else {
          return values[rank]
        }
      }
      return values[rank]
    }
  }

  /// The ends and, in each run of straws below `threshold`, the point of the shortest.
  static func strawMinima(_ straws: [Double], below threshold: Double) -> [Int] {
    var corners = [0]
    var i = 1
    let n = straws.count
    while i < n - 1 {
      if straws[i] < threshold {
        var best = i
        while i < n - 1, straws[i] < threshold {
          if straws[i] < straws[best] { best = i }
          i += 1
        }
        corners.append(best)
      }
      i += 1
    }
    corners.append(n - 1)
    return corners
  }

  /// The points where the pen speed has a local minimum below a quarter of its median and the
  /// straw is below `strawLimit`.
  static func speedMinima(
    xs: [Double], ys: [Double], ts: [Double], straws: [Double], strawLimit: Double
  ) -> [Int] {
    let n = xs.count
    var speeds = [Double](repeating: .infinity, count: n)
    for i in 1..<(n - 1) {
      let dt = ts[i + 1] - ts[i - 1]
      guard dt > 0 else { continue }
      let dx = xs[i + 1] - xs[i - 1]
      let dy = ys[i + 1] - ys[i - 1]
      speeds[i] = (dx * dx + dy * dy).squareRoot() / dt
    }
    var values = finite(speeds, in: speeds.indices)
    guard !values.isEmpty else { return [] }
    let limit = selected(&values, rank: values.count / 2) / 4
    return (window..<(n - window)).filter { i in
      speeds[i] < limit && speeds[i] <= speeds[i - 1] && speeds[i] <= speeds[i + 1]
        && straws[i] < strawLimit
    }
  }

  /// Two ascending lists merged, candidates within a window of one already there dropped.
  static func mergedSorted(_ corners: [Int], _ extra: [Int]) -> [Int] {
    var merged = corners
    for candidate in extra where !merged.contains(where: { abs($0 - candidate) <= window }) {
      merged.append(candidate)
    }
    return merged.sorted()
  }

  /// ShortStraw's post-processing: a corner added in every run that is not straight, at its
  /// shortest straw in the run's middle half, until all runs are straight or too short; then
  /// corners removed whose neighbours' run is straight.
  static func refine(_ corners: inout [Int], xs: [Double], ys: [Double], straws: [Double]) {
    var changed = true
    while changed {
      changed = false
      var i = 1
      while i < corners.count {
        let a = corners[i - 1]
        let b = corners[i]
        if b - a > 4, !isLine(a, b, xs: xs, ys: ys) {
          let lo = a + (b - a) / 4
          let hi = b - (b - a) / 4
          var best = lo
          for k in lo...hi where straws[k] < straws[best] { best = k }
          if best > a, best < b, straws[best].isFinite {
            corners.insert(best, at: i)
            changed = true
          }
        }
        i += 1
      }
    }
    var i = 1
    while i < corners.count - 1 {
      if isLine(corners[i - 1], corners[i + 1], xs: xs, ys: ys) {
        corners.remove(at: i)
      } else {
        i += 1
      }
    }
  }

  /// Whether the run from point `a` to point `b` is straight: chord over path above
  /// ``lineRatio``.
  static func isLine(_ a: Int, _ b: Int, xs: [Double], ys: [Double]) -> Bool {
    var path = 0.0
    for k in a..<b {
      let dx = xs[k + 1] - xs[k]
      let dy = ys[k + 1] - ys[k]
      path += (dx * dx + dy * dy).squareRoot()
    }
    let dx = xs[b] - xs[a]
    let dy = ys[b] - ys[a]
    return path == 0 || (dx * dx + dy * dy).squareRoot() / path > lineRatio
  }

  /// IStraw's curve test at `corner`, the wide window limited to the neighbouring corners: on
  /// an arc the turn grows in proportion to the window (three times over three times the
  /// window), at a corner it does not (once the window spans the corner's rounding), so a
  /// candidate whose turn over three windows is over ``curveTurnRatio`` times its turn over one
  /// is a curve. A candidate turning less than 10° over one window is none either.
  static func isCurve(
    _ corner: Int, xs: [Double], ys: [Double], previous: Int, next: Int
  ) -> Bool {
    let narrow = angle(at: corner, reach: window, xs: xs, ys: ys, previous: previous, next: next)
    guard narrow <= 170 else { return true }
    let wide = angle(at: corner, reach: 3 * window, xs: xs, ys: ys, previous: previous, next: next)
    return 180 - wide > curveTurnRatio * (180 - narrow)
  }

  /// The ratio of the turns over three windows and one above which a candidate is a curve.
  public static let curveTurnRatio = 2.4

  /// The angle at `corner`, in degrees (180 straight), between the points `reach` before and
  /// after it, not past the neighbouring corners.
  static func angle(
    at corner: Int, reach: Int, xs: [Double], ys: [Double], previous: Int, next: Int
  ) -> Double {
    let a = max(corner - reach, previous)
    let b = min(corner + reach, next)
    let ux = xs[a] - xs[corner]
    let uy = ys[a] - ys[corner]
    let vx = xs[b] - xs[corner]
    let vy = ys[b] - ys[corner]
    let norms = ((ux * ux + uy * uy) * (vx * vx + vy * vy)).squareRoot()
    guard norms > 0 else { return 180 }
    return acos(max(-1, min(1, (ux * vx + uy * vy) / norms))) * 180 / .pi
  }
}
