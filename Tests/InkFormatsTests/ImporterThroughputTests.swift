import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

/// The harness of `Scripts/bench/importers.sh`: reads each real data set whole, three times,
/// and prints the best time with the counts the peer must match. It asserts nothing about speed
/// and runs only when the script sets `DUCTUS_BENCH_IMPORTERS`.
@Suite("Importer throughput")
struct ImporterThroughputTests {
  static let enabled = ProcessInfo.processInfo.environment["DUCTUS_BENCH_IMPORTERS"] != nil

  static func bytes(below url: URL) -> Int {
    let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey])
    var total = 0
    while let file = files?.nextObject() as? URL {
      total += (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
    }
    return total
  }

  static func measure(_ name: String, at url: URL, open: () throws -> any CorpusReader) throws {
    var best = Double.infinity
    var counts = (records: 0, strokes: 0, points: 0)
    for _ in 0..<3 {
      let start = ContinuousClock.now
      var reader = try open()
      counts = (0, 0, 0)
      while let record = try reader.next() {
        counts.records += 1
        counts.strokes += record.drawing.strokes.count
        for stroke in record.drawing.strokes { counts.points += stroke.path.count }
      }
      best = min(best, (ContinuousClock.now - start) / .seconds(1))
    }
    let megabytes = Double(bytes(below: url)) / 1e6
    print(
      "ductus: \(name) records \(counts.records) strokes \(counts.strokes) points \(counts.points)"
        + " seconds \(String(format: "%.4f", best))"
        + " = \(String(format: "%.1f", megabytes / best)) MB/s,"
        + " \(String(format: "%.0f", Double(counts.records) / best)) records/s")
  }

  @Test(
    "each data set read whole",
    .enabled(
      if: enabled && SharedData.isAvailable,
      "set DUCTUS_BENCH_IMPORTERS (Scripts/bench/importers.sh)"))
  func throughput() throws {
    let sets = SharedData.url("datasets")
    let unipen = sets.appendingPathComponent("unipen-apa")
    try Self.measure("unipen", at: unipen) {
      try UnipenReader(url: unipen)
    }
    let dollar = sets.appendingPathComponent("dollar-unistroke")
    try Self.measure("dollar", at: dollar) { try DollarGestureReader(url: dollar) }
    let svc = sets.appendingPathComponent("svc2004-task2-dev")
    try Self.measure("svc2004", at: svc) { try SVC2004Reader(url: svc) }
    let kanji = sets.appendingPathComponent("kanjivg-sample")
    try Self.measure("kanjivg", at: kanji) { try KanjiVGReader(url: kanji) }
    let hershey = HersheyFontReader.systemFontFolder
    if FileManager.default.fileExists(atPath: hershey.path) {
      try Self.measure("hershey", at: hershey) { try HersheyFontReader(url: hershey) }
    }
  }
}
