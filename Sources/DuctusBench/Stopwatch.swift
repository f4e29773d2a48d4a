import DuctusTestSupport
import Foundation

/// Wall-clock and processor timing for benchmarks.
enum Stopwatch {
  /// The best (smallest) wall time in seconds of `repetitions` runs of `body`, the smallest
  /// processor time of a run (all threads), and the last result, which the caller keeps alive so the
  /// work cannot be optimised away.
  static func best<Result>(
    of repetitions: Int, _ body: () throws -> Result
  ) rethrows -> (seconds: Double, processorSeconds: Double, result: Result) {
    var best = Double.infinity
    var processorSeconds = Double.infinity
    var result: Result? = nil
    for _ in 0..<max(1, repetitions) {
      result = nil  // free the previous result before the next run
      let start = DispatchTime.now().uptimeNanoseconds
      let processorStart = Platform.processorSeconds
      result = try body()
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      best = min(best, seconds)
      processorSeconds = min(processorSeconds, Platform.processorSeconds - processorStart)
    }
    return (best, processorSeconds, result!)
  }

  /// Writes one `name<TAB>seconds` result line to stdout, unbuffered.
  static func report(_ name: String, seconds: Double) {
    emit("\(name)\t\(String(format: "%.6f", seconds))")
  }

  /// Writes one line to stdout, unbuffered (lines starting with `#` are comments).
  static func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}
