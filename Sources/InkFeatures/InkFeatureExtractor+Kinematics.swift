import Foundation

extension InkFeatureExtractor {
  /// The kinematic features of the strokes, in the order of ``names``: the duration (first to
  /// last sample of all of them), the mean, standard deviation and maximum of the speed, the
  /// acceleration and the jerk of the strokes resampled in time, and the pauses' count and
  /// seconds. The steps of every stroke are pooled, none crossing a pen-up.
  func kinematics(_ samples: SignatureSamples, strokes: [Range<Int>]) -> [Double] {
    typealias S = SeriesStatistics
    var speeds: [Double] = []
    var accelerations: [Double] = []
    var jerks: [Double] = []
    var pauses = 0
    var pauseTime = 0.0
    var start = Double.infinity
    var end = -Double.infinity
    for range in strokes {
      let ts = samples.ts[range]
      start = min(start, ts.min()!)
      end = max(end, ts.max()!)
      let (xs, ys, dt) = resampled(samples, range)
      guard xs.count > 1 else { continue }
      var vx: [Double] = []
      var vy: [Double] = []
      var still = 0
      for k in 0..<(xs.count - 1) {
        vx.append((xs[k + 1] - xs[k]) / dt)
        vy.append((ys[k + 1] - ys[k]) / dt)
        let speed = (vx[k] * vx[k] + vy[k] * vy[k]).squareRoot()
        speeds.append(speed)
        if speed < pauseSpeed {
          still += 1
        } else {
          countPause(steps: still, dt: dt, count: &pauses, time: &pauseTime)
          still = 0
        }
      }
      countPause(steps: still, dt: dt, count: &pauses, time: &pauseTime)
      let (ax, ay) = (Self.rate(vx, dt), Self.rate(vy, dt))
      accelerations += zip(ax, ay).map { ($0 * $0 + $1 * $1).squareRoot() }
      jerks += zip(Self.rate(ax, dt), Self.rate(ay, dt)).map { ($0 * $0 + $1 * $1).squareRoot() }
    }
    var values = [strokes.isEmpty ? 0 : end - start]
    for series in [speeds, accelerations, jerks] {
      values += [S.mean(series), S.standardDeviation(series), S.maximum(series)]
    }
    return values + [Double(pauses), pauseTime]
  }

  /// Adds a run of `steps` still steps to the pauses when it lasts ``minimumPause`` or more.
  private func countPause(steps: Int, dt: Double, count: inout Int, time: inout Double) {
    let seconds = Double(steps) * dt
    guard steps > 0, seconds >= minimumPause * (1 - 1e-9) else { return }
    count += 1
    time += seconds
  }

  /// The forward differences of a series over `dt`.
  static func rate(_ values: [Double], _ dt: Double) -> [Double] {
    values.count < 2 ? [] : (0..<(values.count - 1)).map { (values[$0 + 1] - values[$0]) / dt }
  }

  /// A stroke resampled uniformly in time: the points at `t₀ + k·Δ` for `k = 0 … ⌊T / Δ⌋`, with
  /// `Δ` the ``resamplingInterval`` (or `T / maximumResampledPoints` when that is larger) and
  /// `T` the stroke's duration, each linearly interpolated between the samples around it.
  ///
  /// The clock is first made non-decreasing (each time the largest so far), so that a clock
  /// that steps back holds still instead; of several samples at one time, the last is taken.
  /// A stroke with one timestamp gives its first point alone.
  func resampled(_ samples: SignatureSamples, _ range: Range<Int>)
    -> (xs: [Double], ys: [Double], dt: Double)
  {
    var ts = Array(samples.ts[range])
    for i in ts.indices.dropFirst() { ts[i] = max(ts[i], ts[i - 1]) }
    let xs = Array(samples.xs[range])
    let ys = Array(samples.ys[range])
    let duration = ts[ts.count - 1] - ts[0]
    let dt = max(resamplingInterval, duration / Double(Self.maximumResampledPoints))
    guard duration > 0, dt > 0 else { return ([xs[0]], [ys[0]], dt) }
    let steps = Int((duration / dt).rounded(.down))
    var outX: [Double] = []
    var outY: [Double] = []
    outX.reserveCapacity(steps + 1)
    outY.reserveCapacity(steps + 1)
    var j = 0
    for k in 0...steps {
      let tau = ts[0] + Double(k) * dt
      while j + 1 < ts.count, ts[j + 1] <= tau { j += 1 }
      if j + 1 == ts.count {
        outX.append(xs[j])
        outY.append(ys[j])
      } else {
        let u = (tau - ts[j]) / (ts[j + 1] - ts[j])
        outX.append(xs[j] + u * (xs[j + 1] - xs[j]))
        outY.append(ys[j] + u * (ys[j + 1] - ys[j]))
      }
    }
    return (outX, outY, dt)
  }
}
