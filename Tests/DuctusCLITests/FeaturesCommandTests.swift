import DuctusTestSupport
import Foundation
import InkFeatures
import InkFormats
import Testing

/// `ductus features`: the table's columns and rows at both levels, in each format, equal to
/// the library's values; `--columns`, `--shard`, `-j`, and the usage errors.
@Suite("ductus features")
struct FeaturesCommandTests {
  /// A scratch folder with a corpus of `count` synthetic attempts of `latin/a` (one stroke
  /// each) and `capitals/E`-like two-stroke drawings made by `synth trace`, plus one broken line.
  static func corpus(count: Int = 6) throws -> (folder: URL, corpus: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-features-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("corpus.ndjson").path
    let made = try DuctusProcess.run([
      "synth", "trace", "-t", "latin/t", "-n", "\(count)", "--seed", "4", "-o", path,
    ])
    try #require(made.exitCode == 0, "\(made.standardError)")
    return (folder, path)
  }

  /// The corpus's drawings, read by the library, with their keys.
  static func drawings(_ path: String) throws -> [CorpusRecord] {
    var reader = try DuctusNDJSONReader(url: URL(fileURLWithPath: path))
    var records: [CorpusRecord] = []
    while let record = try reader.next() { records.append(record) }
    return records
  }

  func object(_ text: some StringProtocol) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
  }

  @Test func csvHasARowADrawingWithTheLibrarysValues() throws {
    let (folder, corpus) = try Self.corpus()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try DuctusProcess.run(["features", "-q", corpus, "--format", "csv"])
    #expect(run.exitCode == 0, "\(run.standardError)")
    let lines = run.standardOutput.split(separator: "\n")
    #expect(
      lines.first.map(String.init)
        == (["key", "label"] + InkFeatureExtractor.names).joined(separator: ","))
    #expect(lines.count == 7)
    let records = try Self.drawings(corpus)
    for (line, record) in zip(lines.dropFirst(), records) {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      #expect(fields[0] == Substring(record.key))
      let expected = try InkFeatureExtractor().drawingFeatures(of: record.drawing)
      #expect(fields.dropFirst(2).map { Double($0)! } == expected.values)
    }
  }

  @Test func strokeRowsCarryTheStrokeIndexAndSumToTheDrawing() throws {
    let (folder, corpus) = try Self.corpus(count: 3)
    defer { try? FileManager.default.removeItem(at: folder) }
    let strokes = try DuctusProcess.run(["features", "-q", corpus, "--level", "stroke"])
    let drawings = try DuctusProcess.run(["features", "-q", corpus])
    #expect(strokes.exitCode == 0 && drawings.exitCode == 0, "\(strokes.standardError)")
    let rows = strokes.standardOutput.split(separator: "\n").map(object)
    let totals = drawings.standardOutput.split(separator: "\n").map(object)
    #expect(totals.count == 3)
    let first = totals[0]["features"] as? [String: Double] ?? [:]
    let count = Int(first["strokeCount"] ?? 0)
    #expect(count == 2, "latin/t has two strokes")
    #expect(rows.count == 3 * count)
    #expect(rows.prefix(count).map { $0["stroke"] as? Int } == Array(0..<count))
    #expect(rows[0]["key"] as? String == totals[0]["key"] as? String)
    let lengths = rows.prefix(count).map { ($0["features"] as? [String: Double])?["length"] ?? 0 }
    #expect(
      abs(lengths.reduce(0, +) + first["inAirLength"]! - first["length"]!) < 1e-9
        * first["length"]!)
    #expect(Set((rows[1]["features"] as? [String: Double] ?? [:]).keys).count == 54)
  }

  @Test func npyHoldsTheTableAndTheSidecarItsRows() throws {
    let (folder, corpus) = try Self.corpus(count: 4)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("strokes.npy").path
    let run = try DuctusProcess.run([
      "features", "-q", corpus, "--level", "stroke", "--columns", "length,rubine13", "-o", out,
    ])
    #expect(run.exitCode == 0, "\(run.standardError)")
    let array = try NpyArray(data: Data(contentsOf: URL(fileURLWithPath: out)))
    #expect(array.shape == [8, 2])
    let sidecar = object(try String(contentsOfFile: out + ".json", encoding: .utf8))
    #expect(sidecar["columns"] as? [String] == ["length", "rubine13"])
    #expect((sidecar["rowKeys"] as? [String])?.count == 8)
    #expect(sidecar["rowStrokes"] as? [Int] == [0, 1, 0, 1, 0, 1, 0, 1])
    #expect((sidecar["rowLabels"] as? [String])?.first == "latin/t")
    let record = try #require(try Self.drawings(corpus).first)
    let expected = try InkFeatureExtractor().strokeFeatures(of: record.drawing)
    #expect(Array(array.values.prefix(2)) == [expected[0]["length"]!, expected[0]["rubine13"]!])
    let piped = try DuctusProcess.run([
      "features", "-q", corpus, "--level", "stroke", "--columns", "length,rubine13", "-o", "-",
      "--format", "npy",
    ])
    #expect(piped.exitCode == 0, "\(piped.standardError)")
    #expect(piped.standardOutputBytes == (try Data(contentsOf: URL(fileURLWithPath: out))))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left.sorted() == ["corpus.ndjson", "strokes.npy", "strokes.npy.json"])
  }

  @Test func shardsAndJobsGiveTheSameRows() throws {
    let (folder, corpus) = try Self.corpus(count: 7)
    defer { try? FileManager.default.removeItem(at: folder) }
    let all = try DuctusProcess.run(["features", "-q", corpus, "-j", "1"])
    let parallel = try DuctusProcess.run(["features", "-q", corpus, "-j", "3"])
    #expect(all.exitCode == 0 && all.standardOutput == parallel.standardOutput)
    let lines = all.standardOutput.split(separator: "\n")
    let even = try DuctusProcess.run(["features", "-q", corpus, "--shard", "0/2"])
    let odd = try DuctusProcess.run(["features", "-q", corpus, "--shard", "1/2"])
    #expect(
      even.standardOutput.split(separator: "\n")
        == lines.enumerated().filter { $0.0 % 2 == 0 }.map(\.1))
    #expect(
      odd.standardOutput.split(separator: "\n")
        == lines.enumerated().filter { $0.0 % 2 == 1 }.map(\.1))
  }

  @Test func aBrokenRecordFailsAlone() throws {
    let (folder, corpus) = try Self.corpus(count: 2)
    defer { try? FileManager.default.removeItem(at: folder) }
    var text = try String(contentsOfFile: corpus, encoding: .utf8)
    text += "{\"key\":\"broken\",\"drawing\":{\"strokes\":7}}\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: corpus))
    let run = try DuctusProcess.run(["features", "-q", corpus, "--format", "csv"])
    #expect(run.exitCode == 1)
    #expect(run.standardOutput.split(separator: "\n").count == 3)
    #expect(run.standardError.contains("corpus.ndjson: record line 3: "))
  }

  @Test func contradictionsAreUsageErrors() throws {
    let (folder, corpus) = try Self.corpus(count: 1)
    defer { try? FileManager.default.removeItem(at: folder) }
    let typo = try DuctusProcess.run(["features", corpus, "--columns", "length,rubin9"])
    #expect(typo.exitCode == 2)
    #expect(
      typo.standardError.contains(
        "unknown feature 'rubin9' in '--columns'; did you mean 'rubine9'?"))
    let twice = try DuctusProcess.run(["features", corpus, "--columns", "length,length"])
    #expect(twice.exitCode == 2)
    let npy = folder.appendingPathComponent("f.npy").path
    let resume = try DuctusProcess.run(["features", corpus, "-o", npy, "--resume"])
    #expect(resume.exitCode == 2)
    #expect(resume.standardError.contains("'--resume' continues a CSV or NDJSON table"))
    let level = try DuctusProcess.run(["features", corpus, "--level", "point"])
    #expect(level.exitCode == 2)
    #expect(try DuctusProcess.run(["features", folder.path + "/missing.ndjson"]).exitCode == 66)
  }

  @Test func helpDescribesTheCommand() throws {
    #expect(try Snapshot.check("help-features", ["help", "features"]).exitCode == 0)
  }
}
