import DuctusTestSupport
import Foundation
import InkFeatures
import InkFormats
import Testing

/// The features of real SVC2004 Task 2 signatures (`../shared/datasets/svc2004-task2-dev`):
/// finite, z-normalised, and with a duration that matches the file's timestamps.
@Suite(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
struct SignatureFeatureRealDataTests {
  static let files = ["U1S1.TXT", "U1S21.TXT", "U7S12.TXT", "U15S33.TXT", "U20S20.TXT"]

  @Test(arguments: files) func featuresAreFiniteAndNormalised(file: String) throws {
    let url = SharedData.url("datasets/svc2004-task2-dev/\(file)")
    let record = try SVC2004Reader.record(from: Data(contentsOf: url), name: file)
    let samples = try SignatureSamples(drawing: record.drawing)
    let features = SignatureFeatureExtractor(derivativeOrder: 2)
    let local = features.localFunctions(of: samples)
    let global = features.globalFeatures(of: samples)
    #expect(local.columns.count == 27)
    #expect(local.count == samples.count)
    for (name, column) in zip(local.names, local.columns) {
      #expect(column.count == samples.count)
      #expect(column.allSatisfy { $0.isFinite }, "\(file) \(name)")
      let mean = column.reduce(0, +) / Double(column.count)
      let variance = column.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(column.count)
      #expect(abs(mean) < 1e-9, "\(file) \(name)")
      #expect(abs(variance - 1) < 1e-9, "\(file) \(name)")
    }
    #expect(global.values.allSatisfy { $0.isFinite }, "\(file)")

    // The file's own rows: count, timestamps (ms) and pen-down runs (a button of 0 starts one).
    let rows = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline)
      .dropFirst().map { $0.split(separator: " ").compactMap { Double($0) } }
    #expect(global["sampleCount"] == Double(rows.count))
    #expect(samples.count == rows.count)
    let corrections = Double(record.metadata["timeCorrections"] ?? "0")!
    if corrections == 0 {
      let span = (rows.last![2] - rows.first![2]) / 1000
      #expect(abs(global["duration"]! - span) < 1e-6, "\(file)")
    }
    let runs = rows.dropFirst().filter { $0[3] == 0 }.count
    #expect(global["penUps"] == Double(runs))
    #expect(abs(samples.samplingInterval - 0.01) < 1e-6, "\(file): about 100 Hz")
    #expect(global["meanPressure"]! > 0 && global["maxPressure"]! <= 1)
    let histogram = (0..<8).map { global["direction\($0)"]! }
    #expect(abs(histogram.reduce(0, +) - 1) < 1e-12)
  }
}
