import DuctusTestSupport
import Foundation
import InkFormats
import InkShapes
import Testing

@Suite("ductus synth shapes")
struct SynthShapesCommandTests {
  @Test func writesALabelledCorpusWithItsGroundTruth() throws {
    let folder = try makeTemporaryFolder("synth-shapes")
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = folder.appendingPathComponent("shapes.ndjson")
    let run = try DuctusProcess.run([
      "synth", "shapes", "-n", "6", "--seed", "4", "--kinds", "star,arrow", "--strokes", "2",
      "-o", corpus.path,
    ])
    #expect(run.exitCode == 0, "\(run.standardError)")
    #expect(run.standardOutput.isEmpty)
    var reader = try DuctusNDJSONReader(url: corpus)
    var records: [CorpusRecord] = []
    while let record = try reader.next() { records.append(record) }
    #expect(records.map(\.key) == ["star#0", "arrow#1", "star#2", "arrow#3", "star#4", "arrow#5"])
    for (i, record) in records.enumerated() {
      let truth = try JSONDecoder().decode(
        DetectedShape.self, from: Data(try #require(record.metadata["shape"]).utf8))
      #expect(truth.kind.rawValue == record.label)
      #expect(record.drawing.strokes.count == 2)
      #expect(truth.strokes == [0, 1])
      #expect(record.metadata["strokes"] == "2")
      #expect(record.metadata["index"] == "\(i)")
      #expect(record.metadata["seed"] == "4")
      if truth.kind == .star {
        #expect(truth.points == 6)
        #expect(truth.paperKit != nil)
      } else {
        #expect(truth.head != nil && truth.tail != nil)
      }
    }
    let inspect = try DuctusProcess.run(["inspect", "--format", "ndjson", corpus.path])
    #expect(inspect.exitCode == 0)
    #expect(inspect.standardOutput.split(separator: "\n").count == 6)
  }

  @Test func theSameSeedGivesTheSameBytes() throws {
    let arguments = ["synth", "shapes", "--seed", "9", "--kinds", "circle,quadrilateral,heart"]
    let first = try DuctusProcess.run(arguments)
    let second = try DuctusProcess.run(arguments + ["-o", "-"])
    #expect(first.exitCode == 0)
    #expect(first.standardOutput.split(separator: "\n").count == 3)
    // Compared as a flag, so that a failure does not print megabytes of ink.
    let same = first.standardOutput == second.standardOutput
    #expect(same, "two runs with the same seed differ")
    let other = try DuctusProcess.run(["synth", "shapes", "--seed", "10", "--kinds", "circle"])
    let differs = other.standardOutput != first.standardOutput.split(separator: "\n")[0] + "\n"
    #expect(differs, "another seed gives the same circle")
    let all = try DuctusProcess.run(["synth", "shapes"])
    #expect(all.standardOutput.split(separator: "\n").count == ShapeSynthesizer.kinds.count)
  }

  @Test(arguments: [
    (["--kinds", "circel"], "invalid value 'circel' for '--kinds'", "did you mean 'circle'?"),
    (["--kinds", "none"], "invalid value 'none' for '--kinds'", "not a kind of shape"),
    (["--strokes", "0-3"], "invalid value '0-3' for '--strokes'", "within 1-4"),
    (["--strokes", "3-2"], "invalid value '3-2' for '--strokes'", "such as 2 or 1-3"),
    (["-n", "-1"], "invalid value '-1' for '-n'", "expected 0 or more"),
  ])
  func badValuesAreUsageErrors(extra: [String], message: String, detail: String) throws {
    let outcome = try DuctusProcess.run(["synth", "shapes"] + extra)
    #expect(outcome.exitCode == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    #expect(outcome.standardError.contains(detail), "\(outcome.standardError)")
  }

  @Test func anOutputThatCannotBeWrittenIsAnIOError() throws {
    let outcome = try DuctusProcess.run([
      "synth", "shapes", "-o", "/nonexistent-folder/shapes.ndjson",
    ])
    #expect(outcome.exitCode == 74)
    #expect(outcome.standardError.contains("/nonexistent-folder/shapes.ndjson"))
  }
}
