// Parses one Ductus JSON document with DuctusJSONReader (into a PKDrawing) and with JSONDecoder
// (into Codable structs of the same schema, flat number arrays, no PKDrawing built: the peer's
// best case), several times each, on one thread, and prints MB/s and the ratio. Two documents:
// coordinates as PencilKit stores them (Float32 widened to Double: 17-digit shortest forms) and
// coordinates rounded to two decimals (as most pen tablets and web canvases give them).
import Foundation
import InkFormats
import OpenPencilKit

/// The schema as Codable structs, for JSONDecoder.
struct DecodedDrawing: Decodable {
  struct Stroke: Decodable {
    var ink: String
    var color: String
    var transform: [Double]
    var creationDate: Double
    var randomSeed: UInt32
    var points: [String: [Double]]
  }
  var format: String
  var version: Int
  var strokes: [Stroke]
}

/// A deterministic linear congruential generator (Knuth's MMIX constants).
struct Generator {
  var state: UInt64
  mutating func unit() -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(state >> 11) / Double(1 << 53)
  }
}

func drawing(strokes: Int, points: Int, round: (Double) -> Double) -> PKDrawing {
  var generator = Generator(state: 42)
  return PKDrawing(
    strokes: (0..<strokes).map { s in
      var x = generator.unit() * 1000
      var y = generator.unit() * 1000
      let path = (0..<points).map { i -> PKStrokePoint in
        x += generator.unit() * 4 - 2
        y += generator.unit() * 4 - 2
        return PKStrokePoint(
          location: CGPoint(x: round(x), y: round(y)), timeOffset: round(Double(i) / 240),
          size: CGSize(width: round(2 + generator.unit()), height: round(2 + generator.unit())),
          opacity: 1, force: round(generator.unit() * 2), azimuth: round(generator.unit() * 6),
          altitude: round(0.5 + generator.unit()))
      }
      return PKStroke(
        ink: PKInk(.pen, color: .black),
        path: PKStrokePath(
          controlPoints: path, creationDate: Date(timeIntervalSinceReferenceDate: Double(s))))
    })
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let strokeCount = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 500
let pointCount = 200
let repetitions = 5
let cases: [(String, (Double) -> Double)] = [
  ("float32", { Double(Float($0)) }),
  ("2-decimal", { ($0 * 100).rounded() / 100 }),
]
print(
  "Ductus JSON parse throughput, one thread, \(strokeCount) strokes × \(pointCount) points,"
    + " best of \(repetitions)")
for (name, round) in cases {
  let original = drawing(strokes: strokeCount, points: pointCount, round: round)
  let data = DuctusJSONWriter().data(for: original)
  let megabytes = Double(data.count) / 1e6
  var ductusBest = Double.infinity
  var decoderBest = Double.infinity
  var read = PKDrawing()
  for _ in 0..<repetitions {
    ductusBest = min(ductusBest, try seconds { read = try DuctusJSONReader().drawing(from: data) })
    decoderBest = min(
      decoderBest,
      try seconds { _ = try JSONDecoder().decode(DecodedDrawing.self, from: data) })
  }
  precondition(read == original, "the reader must give back the drawing written")
  let ductusRate = megabytes / ductusBest
  let decoderRate = megabytes / decoderBest
  print(
    "\(name): \(String(format: "%.1f", megabytes)) MB;"
      + " DuctusJSONReader \(String(format: "%.0f", ductusRate)) MB/s;"
      + " JSONDecoder \(String(format: "%.1f", decoderRate)) MB/s;"
      + " ratio \(String(format: "%.1f", ductusRate / decoderRate))x")
}
