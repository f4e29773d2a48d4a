import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

extension TracingScene {
  /// Timing, speed, steadiness, pauses and pressure of the attempt as drawn (before
  /// resampling in space).
  func fluency() -> FluencyReport {
    let strokes = rawAttempt.filter { !$0.isEmpty }
    guard !strokes.isEmpty else {
      return FluencyReport(
        duration: 0, penDownTime: 0, airTime: 0, penLifts: 0, meanSpeed: 0, speedSteadiness: 0,
        pauses: 0, pauseTime: 0, pressure: nil)
    }
    let times = strokes.map { $0[.t] ?? [Double](repeating: 0, count: $0.count) }
    let starts = times.map { $0.first! }
    let ends = times.map { $0.last! }
    let penDown = zip(starts, ends).reduce(0) { $0 + max($1.1 - $1.0, 0) }
    var air = 0.0
    for k in strokes.indices.dropFirst() { air += max(starts[k] - ends[k - 1], 0) }
    var length = 0.0
    for stroke in strokes {
      for i in stroke.xs.indices.dropFirst() {
        length +=
          hypot(stroke.xs[i] - stroke.xs[i - 1], stroke.ys[i] - stroke.ys[i - 1]) * scale / unit
      }
    }
    // Steadiness and pauses from each stroke's speed on a regular clock, weighted by duration.
    var steadinessSum = 0.0
    var steadinessWeight = 0.0
    var pauses = 0
    var pauseTime = 0.0
    for stroke in strokes {
      guard let profile = SpeedProfile(stroke, scale: scale / unit) else { continue }
      if let steadiness = profile.steadiness {
        steadinessSum += steadiness * profile.duration
        steadinessWeight += profile.duration
      }
      let (count, seconds) = profile.pauses()
      pauses += count
      pauseTime += seconds
    }
    let forces = strokes.flatMap { $0[.force] ?? [] }
    var pressure: FluencyReport.PressureStatistics?
    if let low = forces.min(), let high = forces.max(), high > low {
      let mean = forces.reduce(0, +) / Double(forces.count)
      let variance = forces.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(forces.count)
      pressure = .init(
        mean: TracingScorer.rounded(mean),
        standardDeviation: TracingScorer.rounded(variance.squareRoot()),
        minimum: TracingScorer.rounded(low), maximum: TracingScorer.rounded(high))
    }
    return FluencyReport(
      duration: TracingScorer.rounded((ends.max() ?? 0) - (starts.min() ?? 0)),
      penDownTime: TracingScorer.rounded(penDown), airTime: TracingScorer.rounded(air),
      penLifts: strokes.count - 1,
      meanSpeed: TracingScorer.rounded(penDown > 0 ? length / penDown : 0),
      speedSteadiness: TracingScorer.rounded(
        steadinessWeight > 0 ? steadinessSum / steadinessWeight : 1),
      pauses: pauses, pauseTime: TracingScorer.rounded(pauseTime), pressure: pressure)
  }
}
