// Parses one Ductus JSON document with DuctusJSONReader (into a PKDrawing) and with JSONDecoder
// (into Codable structs of the same schema, flat number arrays, no PKDrawing built: the peer's
// best case), several times each, on one thread, and prints MB/s and the ratio. Two documents:
// coordinates as PencilKit stores them (Float32 widened to Double: 17-digit shortest forms) and
// coordinates rounded to two decimals (as most pen tablets and web canvases give them). Times are
// thread CPU times, best of five.
import Foundation
import InkFormats
import OpenPencilKit

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The schema as Codable structs, for JSONDecoder and JSONEncoder.
struct DecodedDrawing: Codable {
  struct Stroke: Codable {
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

/// The CPU time `body` takes on this thread, so that other processes on a shared machine do not
/// count.
func seconds(_ body: () throws -> Void) rethrows -> Double {
  func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
  let start = now()
  try body()
  return now() - start
}

let strokeCount = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 500
let pointCount = 200
let repetitions = 5
let cases: [(String, (Double) -> Double)] = [
  ("float32", { Double(Float($0)) }),
  ("2-decimal", { ($0 * 100).rounded() / 100 }),
]
print(
  "Ductus JSON parse throughput, one thread (CPU time), \(strokeCount) strokes ×"
    + " \(pointCount) points, best of \(repetitions)")
for (name, round) in cases {
  let original = drawing(strokes: strokeCount, points: pointCount, round: round)
  let data = DuctusJSONWriter().data(for: original)
  let megabytes = Double(data.count) / 1e6
  var ductusBest = Double.infinity
  var decoderBest = Double.infinity
  var writerBest = Double.infinity
  var encoderBest = Double.infinity
  var read = PKDrawing()
  let decoded = try JSONDecoder().decode(DecodedDrawing.self, from: data)
  for _ in 0..<repetitions {
    ductusBest = min(ductusBest, try seconds { read = try DuctusJSONReader().drawing(from: data) })
    decoderBest = min(
      decoderBest,
      try seconds { _ = try JSONDecoder().decode(DecodedDrawing.self, from: data) })
    writerBest = min(writerBest, seconds { _ = DuctusJSONWriter().data(for: original) })
    encoderBest = min(encoderBest, try seconds { _ = try JSONEncoder().encode(decoded) })
  }
  precondition(read == original, "the reader must give back the drawing written")
  let ductusRate = megabytes / ductusBest
  let decoderRate = megabytes / decoderBest
  print(
    "\(name): \(String(format: "%.1f", megabytes)) MB;"
      + " DuctusJSONReader \(String(format: "%.0f", ductusRate)) MB/s;"
      + " JSONDecoder \(String(format: "%.1f", decoderRate)) MB/s;"
      + " ratio \(String(format: "%.1f", ductusRate / decoderRate))x;"
      + " writing: DuctusJSONWriter \(String(format: "%.0f", megabytes / writerBest)) MB/s,"
      + " JSONEncoder \(String(format: "%.1f", megabytes / encoderBest)) MB/s")
}

// A corpus streamed from disk: the float32 drawing split into records of 10 strokes each,
// written with DuctusNDJSONWriter and read back line by line with DuctusNDJSONReader.
let corpusURL = FileManager.default.temporaryDirectory.appendingPathComponent(
  "ductus-json-bench-\(getpid()).ndjson")
defer { try? FileManager.default.removeItem(at: corpusURL) }
let corpusDrawing = drawing(strokes: strokeCount, points: pointCount) { Double(Float($0)) }
var corpusWriter = try DuctusNDJSONWriter(url: corpusURL)
for start in stride(from: 0, to: strokeCount, by: 10) {
  let strokes = corpusDrawing.strokes[start..<min(start + 10, strokeCount)]
  try corpusWriter.write(CorpusRecord(key: "r\(start)", drawing: PKDrawing(strokes: strokes)))
}
try corpusWriter.finish()
let corpusBytes = try FileManager.default.attributesOfItem(atPath: corpusURL.path)[.size] as! Int
var corpusBest = Double.infinity
for _ in 0..<repetitions {
  corpusBest = min(
    corpusBest,
    try seconds {
      var reader = try DuctusNDJSONReader(url: corpusURL)
      while try reader.next() != nil {}
    })
}
print(
  "ndjson corpus: \(String(format: "%.1f", Double(corpusBytes) / 1e6)) MB in"
    + " \(strokeCount / 10) records; DuctusNDJSONReader from disk"
    + " \(String(format: "%.0f", Double(corpusBytes) / 1e6 / corpusBest)) MB/s")

// InkML: the float32 drawing written by InkMLWriter, read by InkMLReader (byte-level trace
// parsing) and by XMLParser with the naive trace parsing (split on commas and spaces, then
// Double(Substring)) that BUILD-NOTES measured at 14 MB/s.
final class NaiveTraceCollector: NSObject, XMLParserDelegate {
  var inTrace = false
  var text = ""
  var values: [Double] = []
  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes: [String: String] = [:]
  ) {
    inTrace = elementName == "trace"
    text = ""
  }
  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inTrace { text += string }
  }
  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    guard elementName == "trace" else { return }
    for point in text.split(separator: ",") {
      for value in point.split(separator: " ") { values.append(Double(value)!) }
    }
    inTrace = false
  }
}
let inkML = InkMLWriter().data(for: CorpusRecord(key: "bench", drawing: corpusDrawing))
var inkMLBest = Double.infinity
var naiveBest = Double.infinity
for _ in 0..<repetitions {
  inkMLBest = min(inkMLBest, try seconds { _ = try InkMLReader().record(from: inkML, key: "b") })
  naiveBest = min(
    naiveBest,
    seconds {
      let parser = XMLParser(data: inkML)
      let collector = NaiveTraceCollector()
      parser.delegate = collector
      _ = parser.parse()
    })
}
let inkMLMegabytes = Double(inkML.count) / 1e6
print(
  "inkml: \(String(format: "%.1f", inkMLMegabytes)) MB; InkMLReader"
    + " \(String(format: "%.0f", inkMLMegabytes / inkMLBest)) MB/s; XMLParser with split and"
    + " Double(Substring) \(String(format: "%.0f", inkMLMegabytes / naiveBest)) MB/s; ratio"
    + " \(String(format: "%.1f", naiveBest / inkMLBest))x")
