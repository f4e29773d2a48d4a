import Foundation

/// Wall-clock timing for benchmarks.
enum Stopwatch {
  /// The best (smallest) wall time in seconds of `repetitions` runs of `body`, and the last
  /// result, which the caller keeps alive so the work cannot be optimised away.
  static func best<Result>(
    of repetitions: Int, _ body: () throws -> Result
  ) rethrows -> (seconds: Double, result: Result) {
    var best = Double.infinity
    var result: Result? = nil
    for _ in 0..<max(1, repetitions) {
      result = nil  // free the previous result before the next run
      let start = DispatchTime.now().uptimeNanoseconds
      result = try body()
      best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return (best, result!)
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
