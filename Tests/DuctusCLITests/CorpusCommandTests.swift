import DuctusTestSupport
import Foundation
import InkDistances
import InkFormats
import InkMath
import InkSampling
import InkTracing
import Testing

@Suite("ductus pca and ductus resample")
struct CorpusCommandTests {
  let corpus = SharedData.repositoryRoot.appendingPathComponent("Datasets/samples/samples.ndjson")
    .path

  func series(points: Int, normalization: CorpusSeriesOptions.SeriesNormalization) throws
    -> [SampleBuffer]
  {
    var records = try InkFileFormat.openCorpus(at: URL(fileURLWithPath: corpus))
    var all: [SampleBuffer] = []
    let options = CorpusSeriesOptions(points: points, normalization: normalization)
    while let record = try records.next() { all.append(try options.series(of: record.drawing)) }
    return all
  }

  func lines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
  }

  @Test func pcaScoresAreTheLibrarysOnUnitSizedDrawings() throws {
    let run = try DuctusProcess.run([
      "pca", corpus, "-k", "3", "--resample", "16", "--format", "ndjson",
    ])
    #expect(run.exitCode == 0, "\(run.standardError)")
    let rows = try lines(run.standardOutput)
    let data = try DistanceMetric.flattened(series(points: 16, normalization: .unit))
    let pca = try PrincipalComponentAnalysis(fitting: data, componentCount: 3)
    let scores = try pca.transform(data)
    #expect(rows.count == data.rows)
    for (i, row) in rows.enumerated() {
      let values = row["scores"] as! [Double]
      for k in 0..<3 { #expect(abs(values[k] - scores[i, k]) <= 1e-9 * max(1, abs(scores[i, k]))) }
    }
  }

  @Test func pcaModelAndNpy() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-pca-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let scores = folder.appendingPathComponent("scores.npy").path
    let model = folder.appendingPathComponent("model.json").path
    let run = try DuctusProcess.run(["pca", corpus, "-o", scores, "--model", model])
    #expect(run.exitCode == 0, "\(run.standardError)")
    #expect(try NpyArray(data: Data(contentsOf: URL(fileURLWithPath: scores))).shape == [5, 2])
    let fitted =
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: model)))
      as! [String: Any]
    let ratios = fitted["explainedVarianceRatio"] as! [Double]
    #expect(ratios.count == 2 && ratios[0] >= ratios[1] && ratios.reduce(0, +) <= 1 + 1e-12)
    #expect((try DuctusProcess.run(["pca", corpus, "--resample", "none"])).exitCode == 2)
  }

  @Test func resampleWritesEveryRecordAtTheRequestedLength() throws {
    let run = try DuctusProcess.run([
      "resample", corpus, "--resample", "10", "--normalize", "centroid",
    ])
    #expect(run.exitCode == 0, "\(run.standardError)")
    let rows = try lines(run.standardOutput)
    let expected = try series(points: 10, normalization: .centroid)
    #expect(rows.count == expected.count)
    // Foundation's JSON reader may be a unit in the last place off the printed shortest text.
    func close(_ a: [Double], _ b: [Double]) -> Bool {
      a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-12 * max(1, abs($1)) }
    }
    for (row, buffer) in zip(rows, expected) {
      #expect(close(row["x"] as! [Double], buffer.xs))
      #expect(close(row["y"] as! [Double], buffer.ys))
    }
    let csv = try DuctusProcess.run(["resample", corpus, "--resample", "3", "--format", "csv"])
    let csvLines = csv.standardOutput.split(separator: "\n")
    #expect(csvLines.first == "key,index,x,y,t,stroke,penDown")
    #expect(csvLines.count == 1 + 3 * expected.count)
    let shard = try DuctusProcess.run(["resample", corpus, "--shard", "1/2"])
    #expect(try lines(shard.standardOutput).count == expected.count / 2)
  }
}
