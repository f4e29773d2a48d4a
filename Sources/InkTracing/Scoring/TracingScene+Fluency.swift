import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

extension TracingScene {
  /// Timing, speed and pressure of the attempt as drawn (before resampling).
  func fluency() -> FluencyReport {
    let strokes = rawAttempt.filter { !$0.isEmpty }
    guard !strokes.isEmpty else {
      return FluencyReport(
        duration: 0, penDownTime: 0, airTime: 0, penLifts: 0, meanSpeed: 0, speedSteadiness: 0,
        pressure: nil)
    }
    let times = strokes.map { $0[.t] ?? [Double](repeating: 0, count: $0.count) }
    let starts = times.map { $0.first! }
    let ends = times.map { $0.last! }
    let penDown = zip(starts, ends).reduce(0) { $0 + max($1.1 - $1.0, 0) }
    var air = 0.0
    for k in strokes.indices.dropFirst() { air += max(starts[k] - ends[k - 1], 0) }
    // Speeds of raw segments, in box heights a second, weighted by their durations.
    var weightedSum = 0.0
    var weightedSquares = 0.0
    var weight = 0.0
    var length = 0.0
    for (stroke, t) in zip(strokes, times) {
      for i in stroke.xs.indices.dropFirst() {
        let distance =
          hypot(stroke.xs[i] - stroke.xs[i - 1], stroke.ys[i] - stroke.ys[i - 1]) * scale / unit
        length += distance
        let dt = t[i] - t[i - 1]
        guard dt > 0 else { continue }
        let speed = distance / dt
        weightedSum += speed * dt
        weightedSquares += speed * speed * dt
        weight += dt
      }
    }
    var steadiness = 0.0
    if weight > 0 {
      let mean = weightedSum / weight
      let variance = max(weightedSquares / weight - mean * mean, 0)
      steadiness = mean > 0 ? max(0, 1 - variance.squareRoot() / mean) : 0
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
      speedSteadiness: TracingScorer.rounded(steadiness), pressure: pressure)
  }
}
