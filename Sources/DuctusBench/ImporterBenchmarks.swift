import Foundation
import InkFormats

/// `DuctusBench importers all --datasets DIR`: each real data set read whole by its reader,
/// three times, printing the best time with the record, stroke and point counts that the peer
/// (`Scripts/bench/importers_peer.py`) must match. Run by `Scripts/bench/importers.sh`.
enum ImporterBenchmarks: BenchmarkSuite {
  static let name = "importers"
  static let summary = "the readers of UNIPEN, $1 XML, SVC2004, KanjiVG and Hershey on real data"

  static func run(_ arguments: BenchmarkArguments) throws {
    let sets = URL(fileURLWithPath: try arguments.string("datasets"), isDirectory: true)
    let unipen = sets.appendingPathComponent("unipen-apa")
    try measure("unipen", at: unipen) { try UnipenReader(url: unipen) }
    let dollar = sets.appendingPathComponent("dollar-unistroke")
    try measure("dollar", at: dollar) { try DollarGestureReader(url: dollar) }
    let svc = sets.appendingPathComponent("svc2004-task2-dev")
    try measure("svc2004", at: svc) { try SVC2004Reader(url: svc) }
    let kanji = sets.appendingPathComponent("kanjivg-sample")
    try measure("kanjivg", at: kanji) { try KanjiVGReader(url: kanji) }
    let hershey = HersheyFontReader.systemFontFolder
    if FileManager.default.fileExists(atPath: hershey.path) {
      try measure("hershey", at: hershey) { try HersheyFontReader(url: hershey) }
    }
  }

  /// The bytes of the files below a folder.
  static func bytes(below url: URL) -> Int {
    let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey])
    var total = 0
    while let file = files?.nextObject() as? URL {
      total += (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
    }
    return total
  }

  /// Reads a data set three times and prints the best time and the counts.
  static func measure(_ name: String, at url: URL, open: () throws -> any CorpusReader) throws {
    var counts = (records: 0, strokes: 0, points: 0)
    let timing = try Stopwatch.best(of: 3) { () throws -> Int in
      var reader = try open()
      counts = (0, 0, 0)
      while let record = try reader.next() {
        counts.records += 1
        counts.strokes += record.drawing.strokes.count
        for stroke in record.drawing.strokes { counts.points += stroke.path.count }
      }
      return counts.records
    }
    let megabytes = Double(bytes(below: url)) / 1e6
    Stopwatch.emit(
      "ductus: \(name) records \(counts.records) strokes \(counts.strokes) points \(counts.points)"
        + " seconds \(String(format: "%.4f", timing.seconds))"
        + " = \(String(format: "%.1f", megabytes / timing.seconds)) MB/s")
  }
}
