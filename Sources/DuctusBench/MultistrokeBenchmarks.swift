import Foundation
import InkDistances
import InkRecognition
import InkSampling

/// `DuctusBench multistroke rank --input DIR [--repetitions R]`: the multistroke matcher's
/// ranking on the inputs `Scripts/bench/multistroke_peer.py generate` writes (`models.json`,
/// `attempts.json`): the prototypes of every model, then each attempt's nearest model. Prints
/// `multistroke_prototypes_ductus` and `multistroke_rank_ductus` lines (seconds, count) and
/// writes `DIR/nearest_ductus.txt`, one model name a line, for the script to compare.
enum MultistrokeBenchmarks: BenchmarkSuite {
  static let name = "multistroke"
  static let summary = "the multistroke matcher: prototypes and nearest-model ranking"

  /// A model or attempt as the peer script writes it: strokes of `[x, y]` points.
  private struct Glyph: Decodable {
    var name: String?
    var label: String?
    var strokes: [[[Double]]]

    var buffers: [SampleBuffer] {
      strokes.map { SampleBuffer(xs: $0.map { $0[0] }, ys: $0.map { $0[1] }) }
    }
  }

  static func run(_ arguments: BenchmarkArguments) throws {
    guard arguments.caseName == "rank" else {
      throw BenchmarkError.unknownCase(arguments.caseName, known: ["rank"])
    }
    let folder = URL(fileURLWithPath: try arguments.string("input"))
    let repetitions = try arguments.integer("repetitions", default: 3)
    let decoder = JSONDecoder()
    let models = try decoder.decode(
      [Glyph].self, from: Data(contentsOf: folder.appendingPathComponent("models.json")))
    let attempts = try decoder.decode(
      [Glyph].self, from: Data(contentsOf: folder.appendingPathComponent("attempts.json")))
    let matcher = MultistrokeMatcher()
    let prepared = Stopwatch.best(of: repetitions) {
      models.map { matcher.prototypes(of: $0.buffers) }
    }
    let prototypes = prepared.result
    Stopwatch.emit(
      "multistroke_prototypes_ductus\t\(String(format: "%.6f", prepared.seconds))\t"
        + "\(prototypes.reduce(0) { $0 + $1.count })")
    let ranked = try Stopwatch.best(of: repetitions) {
      try attempts.map { attempt -> String in
        let signature = try matcher.signature(of: attempt.buffers)
        var best = (distance: Double.infinity, name: "")
        for (model, candidates) in zip(models, prototypes) {
          let distance = matcher.distance(signature, to: candidates, abandoningAbove: best.distance)
          if distance < best.distance { best = (distance, model.name ?? "") }
        }
        return best.name
      }
    }
    Stopwatch.emit(
      "multistroke_rank_ductus\t\(String(format: "%.6f", ranked.seconds))\t\(attempts.count)")
    try (ranked.result.joined(separator: "\n") + "\n").write(
      to: folder.appendingPathComponent("nearest_ductus.txt"), atomically: true, encoding: .utf8)
    Stopwatch.emit("# threads\t1")
  }
}
