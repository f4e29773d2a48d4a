import DuctusTestSupport
import Foundation
import InkTracing
import Testing

@Suite("ductus trace rank")
struct TraceRankCommandTests {
  func tally(_ output: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
  }

  @Test func synthesisedCapitalsRankTheirOwnTemplateFirst() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-rank-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var corpus = ""
    for letter in ["A", "H", "O", "S"] {
      let file = folder.appendingPathComponent("\(letter).ndjson").path
      let made = try DuctusProcess.run([
        "synth", "trace", "-t", "latin/\(letter)", "-n", "2", "-o", file,
      ])
      #expect(made.exitCode == 0, "\(made.standardError)")
      corpus += try String(contentsOfFile: file, encoding: .utf8)
    }
    let path = folder.appendingPathComponent("capitals.ndjson").path
    try corpus.write(toFile: path, atomically: true, encoding: .utf8)

    let lines = try DuctusProcess.run(["trace", "rank", "-c", "capitals", "-q", path])
    #expect(lines.exitCode == 0, "\(lines.standardError)")
    let rows = lines.standardOutput.split(separator: "\n").map {
      try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
    #expect(rows.count == 8)
    for row in rows {
      let ranking = row["ranking"] as! [[String: Any]]
      #expect(ranking.count == 26)
      #expect(row["rank"] as? Int == 1)
      #expect(ranking[0]["template"] as? String == row["label"] as? String)
      let distances = ranking.map { ($0["elastic"] as! Double) + ($0["elasticOffset"] as! Double) }
      #expect(distances == distances.sorted())
      #expect(ranking.allSatisfy { $0["elasticOffset"] as? Double == 0 })
      #expect(ranking.allSatisfy { ($0["form"] as! String).hasPrefix($0["template"] as! String) })
    }

    let summary = try tally(
      DuctusProcess.run(["trace", "rank", "-c", "capitals", "--format", "json", "-q", path])
        .standardOutput)
    #expect(summary["labelled"] as? Int == 8)
    #expect(summary["top1"] as? Int == 8)
    let confusion = summary["confusion"] as! [[Int]]
    #expect(confusion[0][0] == 2 && confusion[7][7] == 2 && confusion[14][14] == 2)
  }

  /// The bundled small letters carry their offsets, and the ranking sorts by distance plus
  /// offset; another library carries none, whether named by `--templates` or by
  /// `$DUCTUS_TEMPLATES`, and the repository's link to the bundled one carries them.
  @Test func smallLettersSortByDistancePlusTheirOffset() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-rank-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("n.ndjson").path
    _ = try DuctusProcess.run(["synth", "trace", "-t", "latin/n", "-n", "1", "-o", file])
    let templates = folder.appendingPathComponent("templates").path
    _ = try DuctusProcess.run(["templates", "generate", templates])
    let repositoryLink = SharedData.repositoryRoot.appendingPathComponent("Datasets/templates").path
    let cases: [([String], [String: String], Double)] = [
      ([], [:], -0.3), (["--templates", templates], [:], 0),
      ([], [TemplateLibrary.environmentVariable: templates], 0),
      (["--templates", repositoryLink], [:], -0.3),
    ]
    for (arguments, environment, offsetOfN) in cases {
      let outcome = try DuctusProcess.run(
        ["trace", "rank", "-c", "small", "-q", file] + arguments, environment: environment)
      #expect(outcome.exitCode == 0, "\(outcome.standardError)")
      let row = try tally(outcome.standardOutput)
      let ranking = row["ranking"] as! [[String: Any]]
      let offsets = Dictionary(
        uniqueKeysWithValues: ranking.map {
          ($0["template"] as! String, $0["elasticOffset"] as! Double)
        })
      #expect(offsets["latin/n"] == offsetOfN)
      #expect(offsets["latin/o"] == (offsetOfN == 0 ? 0 : 0.15))
      #expect(offsets["latin/b"] == 0)
      let sums = ranking.map { ($0["elastic"] as! Double) + ($0["elasticOffset"] as! Double) }
      #expect(sums == sums.sorted())
      #expect(row["rank"] as? Int == 1)
    }
  }

  @Test func labelsOutsideTheClassCountInNoRate() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-rank-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("star.ndjson").path
    _ = try DuctusProcess.run(["synth", "trace", "-t", "shapes/star", "-n", "2", "-o", file])
    let outcome = try DuctusProcess.run(["trace", "rank", "-c", "digits", "--format", "json", file])
    let summary = try tally(outcome.standardOutput)
    #expect(summary["records"] as? Int == 2)
    #expect(summary["labelled"] as? Int == 0)
    #expect(summary["accuracy"] as? Double == 0)
  }

  @Test func aMissingOrUnknownClassIsAUsageError() throws {
    let missing = try DuctusProcess.run(["trace", "rank", "corpus.ndjson"])
    #expect(missing.exitCode == 2)
    #expect(missing.standardError.contains("missing option '-c/--class'"))
    let unknown = try DuctusProcess.run(["trace", "rank", "-c", "greek", "corpus.ndjson"])
    #expect(unknown.exitCode == 2)
    #expect(unknown.standardError.contains("expected one of digits, capitals, small"))
  }

  /// One UNIPEN `apa` file a class, ranked by the elastic distance (the default): the
  /// counts measured with the scorer of this commit (the whole corpus: see the TraceRank
  /// article).
  @Test(
    .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)),
    arguments: [
      ("digits", "1a/apa/apa19/app1989.dat", 20, 18, 20),
      ("capitals", "1b/apa/apa19/app1980.dat", 24, 24, 24),
      ("small", "1c/apa/apa19/app1964.dat", 13, 13, 13),
    ])
  func unipenApaFileRanksAsMeasured(
    templateClass: String, file: String, labelled: Int, top1: Int, top3: Int
  ) throws {
    let path = SharedData.url("datasets/unipen-apa/data/\(file)").path
    let outcome = try DuctusProcess.run([
      "trace", "rank", "-c", templateClass, "--format", "json", "-q", path,
    ])
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let summary = try tally(outcome.standardOutput)
    #expect(summary["labelled"] as? Int == labelled)
    #expect(summary["top1"] as? Int == top1)
    #expect(summary["top3"] as? Int == top3)
  }
}
