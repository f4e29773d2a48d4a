import DuctusTestSupport
import Foundation
import Testing

@Suite("ductus shapes and describe")
struct ShapesCommandTests {
  /// A scratch folder with a synthetic corpus of a circle, a star and a quadrilateral.
  func corpus() throws -> (folder: URL, corpus: String) {
    let folder = try makeTemporaryFolder("shapes")
    let corpus = folder.appendingPathComponent("shapes.ndjson").path
    let made = try DuctusProcess.run([
      "synth", "shapes", "-n", "3", "--kinds", "circle,star,quadrilateral", "--strokes", "1",
      "--seed", "5", "-o", corpus,
    ])
    #expect(made.exitCode == 0, "\(made.standardError)")
    return (folder, corpus)
  }

  func object(_ text: some StringProtocol) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
  }

  @Test func aCorpusGivesALineARecordInOrder() throws {
    let (folder, corpus) = try corpus()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try DuctusProcess.run(["shapes", "detect", "-q", corpus])
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let rows = outcome.standardOutput.split(separator: "\n").map(object)
    #expect(rows.map { $0["key"] as? String } == ["circle#0", "star#1", "quadrilateral#2"])
    let kinds = rows.map { (($0["shapes"] as? [[String: Any]])?.first?["kind"] as? String) }
    #expect(kinds == ["circle", "star", "quadrilateral"])
    let star = (rows[1]["shapes"] as! [[String: Any]])[0]
    #expect(star["points"] as? Int == 5)
    #expect((star["vertices"] as? [[Double]])?.count == 10)
    let confidence = star["confidence"] as! Double
    #expect(confidence > 0.5 && confidence <= 1)
  }

  @Test func oneRecordGetsItsShapesAPictureAndItsIdealForms() throws {
    let (folder, corpus) = try corpus()
    defer { try? FileManager.default.removeItem(at: folder) }
    let picture = folder.appendingPathComponent("star.png")
    let paper = folder.appendingPathComponent("star.paper.json")
    let drawing = folder.appendingPathComponent("star.json")
    let outcome = try DuctusProcess.run([
      "shapes", "detect", corpus, "--record", "star#1", "--picture", picture.path,
      "--beautify", paper.path,
    ])
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let answer = object(outcome.standardOutput)
    #expect(Set(answer.keys) == ["shapes"])
    #expect(try Data(contentsOf: picture).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    let markup = object(String(decoding: try Data(contentsOf: paper), as: UTF8.self))
    let element = (markup["elements"] as? [[String: Any]])?.first
    #expect(element?["type"] as? String == "star")
    #expect(element?["points"] as? Int == 5)
    let inner = element?["innerRadius"] as? Double ?? 0
    #expect(inner > 0.2 && inner < 0.6, "the inner radius is a share of the outer")
    let paperPicture = folder.appendingPathComponent("paper.png")
    let rendered = try DuctusProcess.run(["render", paper.path, "-o", paperPicture.path])
    #expect(rendered.exitCode == 0, "\(rendered.standardError)")
    #expect(try Data(contentsOf: paperPicture).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    let drawn = try DuctusProcess.run([
      "shapes", "detect", corpus, "--record", "2", "--beautify", drawing.path,
    ])
    #expect(drawn.exitCode == 0, "\(drawn.standardError)")
    let inspected = try DuctusProcess.run(["inspect", "--format", "json", drawing.path])
    #expect(inspected.standardOutput.contains("\"strokes\":1"), "\(inspected.standardOutput)")
  }

  @Test func describeSaysWhatADrawingHolds() throws {
    let (folder, corpus) = try corpus()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try DuctusProcess.run(["describe", corpus, "--record", "0"])
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.hasPrefix("1 stroke: a circle about "))
    #expect(outcome.standardOutput.hasSuffix(" points across, in the centre.\n"))
  }

  /// Coordinates up to the readers' limit (3.4e38) are described and beautified without a
  /// crash, and a huge shape's ideal stays a small drawing.
  // The ink is isosceles within the equilateral tolerance; its ideal, equilateral, is wider.
  @Test(arguments: [(1e7, "11000000"), (1e20, "1.1e+20"), (1e30, "1.1e+30")])
  func hugeDrawingsAreDescribedAndBeautifiedWithinBounds(side: Double, across: String) throws {
    let folder = try makeTemporaryFolder("huge")
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("huge.ndjson")
    let x = [0, side, side / 2, 0].map { "\($0)" }.joined(separator: ",")
    let y = [0, 0, side, 0].map { "\($0)" }.joined(separator: ",")
    try Data(#"{"word":"triangle","key_id":"huge","drawing":[[[\#(x)],[\#(y)]]]}"#.utf8)
      .write(to: input)
    let described = try DuctusProcess.run(["describe", input.path])
    #expect(described.exitCode == 0, "\(described.standardError)")
    #expect(described.standardOutput.contains("triangle about \(across) points across"))
    let ideal = folder.appendingPathComponent("ideal.json")
    let beautified = try DuctusProcess.run([
      "shapes", "detect", input.path, "--beautify", ideal.path,
    ])
    #expect(beautified.exitCode == 0, "\(beautified.standardError)")
    let size = try FileManager.default.attributesOfItem(atPath: ideal.path)[.size] as? Int ?? 0
    #expect(size > 0 && size < 4_000_000, "\(size) bytes")
  }

  /// An empty drawing beautifies to an empty paper (bounds zero), which `render` refuses as
  /// empty in one line.
  @Test func anEmptyDrawingBeautifiesToAnEmptyPaper() throws {
    let folder = try makeTemporaryFolder("empty-paper")
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("empty.json")
    try Data(#"{"strokes":[]}"#.utf8).write(to: input)
    let paper = folder.appendingPathComponent("empty.paper.json")
    let beautified = try DuctusProcess.run([
      "shapes", "detect", input.path, "--beautify", paper.path,
    ])
    #expect(beautified.exitCode == 0, "\(beautified.standardError)")
    #expect(object(String(decoding: try Data(contentsOf: paper), as: UTF8.self))["bounds"] != nil)
    let rendered = try DuctusProcess.run([
      "render", paper.path, "-o", folder.appendingPathComponent("empty.png").path,
    ])
    #expect(rendered.exitCode == 65)
    #expect(rendered.standardError.contains("empty.paper.json: "), "\(rendered.standardError)")
  }

  @Test func evaluateCountsEveryLabelAndTheParameterErrors() throws {
    let (folder, corpus) = try corpus()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try DuctusProcess.run(["shapes", "evaluate", "-q", corpus])
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let summary = object(outcome.standardOutput)
    #expect(summary["records"] as? Int == 3)
    #expect(summary["scored"] as? Int == 3)
    #expect(summary["accuracy"] as? Double == 1)
    let labels = summary["labels"] as? [String: [String: Any]]
    #expect((labels?["star"]?["kinds"] as? [String: Int]) == ["star": 1])
    let errors = summary["parameterErrors"] as? [String: [String: Any]]
    #expect((errors?["center"]?["max"] as? Double ?? 1) < 0.02)
    let unlabelled = SharedData.repositoryRoot.appendingPathComponent("Datasets/samples/a.json")
    let nothing = try DuctusProcess.run(["shapes", "evaluate", "-q", unlabelled.path])
    #expect(nothing.exitCode == 65)
    #expect(nothing.standardError.contains("nothing to evaluate"), "\(nothing.standardError)")
  }

  @Test func oneDrawingOptionsOnAWholeCorpusAreUsageErrors() throws {
    let (folder, corpus) = try corpus()
    defer { try? FileManager.default.removeItem(at: folder) }
    let picture = try DuctusProcess.run([
      "shapes", "detect", corpus, "--picture", folder.appendingPathComponent("x.png").path,
    ])
    #expect(picture.exitCode == 2)
    #expect(picture.standardError.contains("--record"), "\(picture.standardError)")
    let confidence = try DuctusProcess.run(["shapes", "detect", corpus, "--min-confidence", "2"])
    #expect(confidence.exitCode == 2)
    let bad = folder.appendingPathComponent("bad.json")
    try Data("{\"strokes\": [".utf8).write(to: bad)
    let broken = try DuctusProcess.run(["shapes", "detect", bad.path])
    #expect(broken.exitCode == 65)
    #expect(broken.standardError.contains("bad.json"), "\(broken.standardError)")
  }
}
