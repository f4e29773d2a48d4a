import Foundation
import InkSampling

/// A stroke's pen speed on a regular clock, the ground of the fluency figures.
///
/// The speed is the rate of *progress* along the stroke's course: the course is the drawn path
/// smoothed in space by a Gaussian of 0.03 box heights (so that a wiggle across the line is not
/// progress, and the letter's own curves are kept), each position of the stroke resampled every
/// ``interval`` (10 ms) by time is placed at its nearest point of the course, and the distance
/// along the course is differentiated after a Gaussian of one sample (which removes the jitter
/// of timestamps and of the digitiser's grid). A hand moving with intent progresses in pulses
/// that rise and fall slowly (a lognormal pulse for each movement, Plamondon 1995); stop-and-go
/// drawing and a tremor add oscillations of 4–12 Hz. The *movement* is the progress smoothed by
/// a Gaussian of 40 ms, which keeps the pulses of strokes of 0.3 s or more and removes such
/// oscillations. A quicker stroke's own movement is as fast as a tremor, so its steadiness is
/// not judged. The shape's `wobbly` code (its shake) tells a tremor in space.
struct SpeedProfile {
  /// The clock's step, in seconds.
  static let interval = 0.01
  /// Below this duration (seconds) a stroke is too quick to judge its steadiness.
  static let minimumDuration = 0.3
  /// A pause: the speed below this fraction of the stroke's peak speed …
  static let pauseSpeedFraction = 0.05
  /// … for at least this long (seconds).
  static let minimumPause = 0.1
  /// The course's smoothing and sample spacing, in box heights.
  static let courseSmoothing = 0.03
  static let courseSpacing = 0.01

  /// The speed of progress every ``interval``, in box heights a second.
  let speeds: [Double]
  /// The speed of the movement: the progress smoothed by a Gaussian of 40 ms.
  let movementSpeeds: [Double]
  /// The stroke's duration, in seconds.
  let duration: Double

  /// The profile of a stroke (drawing coordinates; `scale` turns them into box heights), or
  /// `nil` when it has no usable time or length: fewer than three samples on the clock, time
  /// that goes backwards, or a dot.
  init?(_ stroke: SampleBuffer, scale: Double) {
    // Only the position and the time are resampled: the rest of the stroke's channels are not
    // read here.
    guard scale > 0, let ts = stroke[.t], let first = ts.first, let last = ts.last, last > first,
      let path = try? SampleBuffer(xs: stroke.xs, ys: stroke.ys, extraChannels: [.t: ts]),
      let clocked = try? path.resampled(interval: Self.interval), clocked.count >= 3,
      let progress = Self.progress(
        of: clocked, along: SampleBuffer(xs: stroke.xs, ys: stroke.ys), scale: scale),
      let speeds = Self.derivative(of: progress, after: Self.progressFilter),
      let movementSpeeds = Self.derivative(of: progress, after: Self.movementFilter)
    else { return nil }
    self.speeds = speeds
    self.movementSpeeds = movementSpeeds
    duration = last - first
  }

  /// The course samples the nearest-point search looks back (0.02 box heights) and ahead
  /// (0.15 box heights, a speed of 15 box heights a second) from the last one, so that where
  /// the course runs over itself (a retraced stem, a closed bowl) the pen is found where it is
  /// along the course, not where the course passes again.
  static let searchBack = 2
  static let searchAhead = 15

  /// The distance (box heights) along the stroke's smoothed course of each clocked sample,
  /// found by a nearest-point search that moves forward with the pen.
  static func progress(of clocked: SampleBuffer, along stroke: SampleBuffer, scale: Double)
    -> [Double]?
  {
    let spacing = courseSpacing / scale
    guard stroke.pathLength > spacing, let course = try? stroke.resampled(spacing: spacing),
      course.count >= 2
    else { return nil }
    guard let cx = try? courseFilter.apply(course.xs), let cy = try? courseFilter.apply(course.ys)
    else {
      return nil
    }
    var along = [Double](repeating: 0, count: cx.count)
    for i in cx.indices.dropFirst() {
      along[i] = along[i - 1] + hypot(cx[i] - cx[i - 1], cy[i] - cy[i - 1]) * scale
    }
    var progress = [Double](repeating: 0, count: clocked.count)
    var j = 0
    for k in 0..<clocked.count {
      let (x, y) = (clocked.xs[k], clocked.ys[k])
      var best = Double.infinity
      var bestIndex = j
      for i in max(j - Self.searchBack, 0)..<min(j + Self.searchAhead, cx.count) {
        let d = (cx[i] - x) * (cx[i] - x) + (cy[i] - y) * (cy[i] - y)
        if d < best { (best, bestIndex) = (d, i) }
      }
      j = bestIndex
      // Between course samples: the nearer of the two segments at the nearest sample.
      var position = along[j]
      var nearest = Double.infinity
      for i in [j - 1, j] where i >= 0 && i + 1 < cx.count {
        let (dx, dy) = (cx[i + 1] - cx[i], cy[i + 1] - cy[i])
        let squared = dx * dx + dy * dy
        guard squared > 0 else { continue }
        let t = min(max(((x - cx[i]) * dx + (y - cy[i]) * dy) / squared, 0), 1)
        let (ex, ey) = (x - cx[i] - t * dx, y - cy[i] - t * dy)
        if ex * ex + ey * ey < nearest {
          nearest = ex * ex + ey * ey
          position = along[i] + t * (along[i + 1] - along[i])
        }
      }
      progress[k] = position
    }
    return progress
  }

  /// The course's smoothing, the progress's (one sample) and the movement's (40 ms), each
  /// made once.
  static let courseFilter = GaussianFilter(sigma: courseSmoothing / courseSpacing, mode: .nearest)
  static let progressFilter = GaussianFilter(sigma: 1, mode: .nearest)
  static let movementFilter = GaussianFilter(sigma: 0.04 / interval, mode: .nearest)

  /// The rate of change of a clocked series after a Gaussian filter, by central differences,
  /// a second.
  static func derivative(of values: [Double], after filter: GaussianFilter) -> [Double]? {
    guard let smooth = try? filter.apply(values) else {
      return nil
    }
    return smooth.indices.map { k in
      let (a, b) = (max(k - 1, 0), min(k + 1, smooth.count - 1))
      return (smooth[b] - smooth[a]) / (Double(b - a) * interval)
    }
  }

  /// 1 − the RMS of the speed's departure from the movement's speed over the RMS of the
  /// movement's speed: near 1 for a smooth movement, falling to 0 as oscillations grow to the
  /// size of the movement; `nil` for a stroke shorter than ``minimumDuration`` or without
  /// movement.
  var steadiness: Double? {
    guard duration >= Self.minimumDuration else { return nil }
    var unsteadiness = 0.0
    var total = 0.0
    for (speed, movement) in zip(speeds, movementSpeeds) {
      unsteadiness += (speed - movement) * (speed - movement)
      total += movement * movement
    }
    guard total > 0 else { return nil }
    return max(0, 1 - (unsteadiness / total).squareRoot())
  }

  /// The pauses within the stroke: runs of at least ``minimumPause`` seconds with the speed
  /// below ``pauseSpeedFraction`` of its peak, as a count and their total seconds.
  func pauses() -> (count: Int, seconds: Double) {
    guard let peak = speeds.max(), peak > 0 else { return (0, 0) }
    let slow = speeds.map { $0 < Self.pauseSpeedFraction * peak }
    var count = 0
    var seconds = 0.0
    var run = 0
    // The start and the end of a stroke are slow by nature; only stops in between count.
    let firstMoving = slow.firstIndex(of: false) ?? slow.count
    let lastMoving = slow.lastIndex(of: false) ?? -1
    guard firstMoving < lastMoving else { return (0, 0) }
    for k in firstMoving...lastMoving {
      if slow[k] {
        run += 1
      } else {
        if Double(run) * Self.interval >= Self.minimumPause {
          count += 1
          seconds += Double(run) * Self.interval
        }
        run = 0
      }
    }
    return (count, seconds)
  }
}
