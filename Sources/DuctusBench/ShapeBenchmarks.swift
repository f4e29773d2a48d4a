import Foundation
import InkSampling
import InkShapes

/// `DuctusBench shapes latency [--calls N] [--seed S]`: the time `ShapeRecognizer` takes for one
/// drawing of one stroke resampled to 200 points, the synthesizer's shapes of every kind in turn,
/// each call timed on its own after a warm-up: prints `shapes_latency_p50`, `_p99` and `_max`
/// lines (seconds, calls), the figures behind the issue's "p99 < 1 ms for a 200-point stroke".
enum ShapeBenchmarks: BenchmarkSuite {
  static let name = "shapes"
  static let summary = "shape detection latency: one 200-point stroke a call"

  static func run(_ arguments: BenchmarkArguments) throws {
    guard arguments.caseName == "latency" else {
      throw BenchmarkError.unknownCase(arguments.caseName, known: ["latency"])
    }
    let calls = try arguments.integer("calls", default: 5000)
    let seed = try arguments.integer("seed", default: 1)
    let synthesizer = ShapeSynthesizer(seed: UInt64(seed))
    let kinds = ShapeSynthesizer.kinds
    let strokes: [[SampleBuffer]] = try (0..<200).map { i in
      let specimen = synthesizer.specimen(kind: kinds[i % kinds.count], index: i, strokes: 1...1)
      let samples = ShapeRecognizer.strokeSamples(of: specimen.drawing)
      return try samples.map { try $0.resampled(count: 200 / samples.count) }
    }
    let recognizer = ShapeRecognizer()
    var found = 0
    for stroke in strokes { found += recognizer.shapes(inStrokes: stroke).count }
    var seconds: [Double] = []
    seconds.reserveCapacity(calls)
    for call in 0..<calls {
      let start = DispatchTime.now().uptimeNanoseconds
      found += recognizer.shapes(inStrokes: strokes[call % strokes.count]).count
      seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    seconds.sort()
    for (name, q) in [("p50", 0.5), ("p99", 0.99)] {
      let value = seconds[min(Int(q * Double(calls)), calls - 1)]
      Stopwatch.emit("shapes_latency_\(name)\t\(String(format: "%.6f", value))\t\(calls)")
    }
    Stopwatch.emit("shapes_latency_max\t\(String(format: "%.6f", seconds.last ?? 0))\t\(calls)")
    Stopwatch.emit("# shapes found\t\(found)")
  }
}
