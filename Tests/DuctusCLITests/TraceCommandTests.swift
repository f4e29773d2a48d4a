import DuctusTestSupport
import Foundation
import InkFormats
import InkTracing
import OpenPencilKit
import Testing

@Suite("ductus trace and ductus synth")
struct TraceCommandTests {
  func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-trace-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  func json(_ text: some StringProtocol) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
  }

  @Test func synthesisedAttemptsScoreAndCarryTheirDefects() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clean = folder.appendingPathComponent("clean.ndjson").path
    let reversed = folder.appendingPathComponent("reversed.ndjson").path
    #expect(
      try DuctusProcess.run(["synth", "trace", "-t", "latin/E", "-n", "3", "-o", clean]).exitCode
        == 0)
    #expect(
      try DuctusProcess.run(
        ["synth", "trace", "-t", "latin/E", "-n", "3", "--defect", "reversed:2", "-o", reversed]
      ).exitCode == 0)
    let batch = try DuctusProcess.run([
      "trace", "batch", "-t", "latin/E", "--placement", "box", clean,
    ])
    #expect(batch.exitCode == 0, "\(batch.standardError)")
    let lines = batch.standardOutput.split(separator: "\n")
    #expect(lines.count == 3)
    for (i, line) in lines.enumerated() {
      let row = try json(line)
      #expect(row["key"] as? String == "latin/E#\(i)")
      let report = row["report"] as! [String: Any]
      #expect((report["score"] as! Double) >= 90)
      #expect(report["codes"] as? [String] == ["ok"])
    }
    let bad = try DuctusProcess.run([
      "trace", "batch", "-t", "latin/E", "--placement", "box", reversed,
    ])
    for line in bad.standardOutput.split(separator: "\n") {
      let strokes = (try json(line)["report"] as! [String: Any])["strokes"] as! [[String: Any]]
      #expect((strokes[1]["codes"] as! [String]).contains("reversed"))
    }
  }

  @Test func scoreTakesOneRecordOfACorpusByKeyOrIndex() throws {
    let corpus = SharedData.repositoryRoot.appendingPathComponent(
      "Datasets/samples/samples.ndjson"
    ).path
    let score = { (extra: [String]) in
      try DuctusProcess.run(["trace", "score", "-t", "latin/a", "-a", corpus] + extra)
    }
    // Five records and none chosen: refused, never the first one silently.
    let unchosen = try score([])
    #expect(unchosen.exitCode == 2)
    #expect(unchosen.standardError.contains("holds more than one record; choose one with --record"))
    #expect(unchosen.standardOutput.isEmpty)
    // By key and by zero-based index: the same record, "a" is the first.
    let byKey = try score(["--record", "a"])
    let byIndex = try score(["--record", "0"])
    #expect(byKey.exitCode == 0 && byIndex.exitCode == 0, "\(byKey.standardError)")
    #expect(byKey.standardOutput == byIndex.standardOutput)
    let single = try DuctusProcess.run([
      "trace", "score", "-t", "latin/a", "-a",
      SharedData.repositoryRoot.appendingPathComponent("Datasets/samples/a.json").path,
    ])
    #expect(byKey.standardOutput == single.standardOutput)
    // Another record, another report.
    #expect(try score(["--record", "star"]).standardOutput != byKey.standardOutput)
    let missing = try score(["--record", "7"])
    #expect(missing.exitCode == 66)
    #expect(
      missing.standardError.contains(
        "no record has the key '7' and there is no index 7 (5 records)"))
  }

  @Test func reportsSpeakTheLanguageAskedFor() throws {
    let attempt = SharedData.repositoryRoot.appendingPathComponent("Datasets/samples/a.json").path
    let arguments = ["trace", "score", "-t", "latin/a", "-a", attempt, "--format", "text"]
    let spanish = try DuctusProcess.run(arguments + ["--locale", "es"])
    #expect(spanish.exitCode == 0)
    #expect(spanish.standardOutput.contains("Mira otra vez la forma y sigue la línea."))
    let french = try DuctusProcess.run(arguments, environment: ["LANG": "fr_FR.UTF-8"])
    #expect(french.standardOutput.contains("Regarde encore la forme et suis la ligne."))
    let english = try DuctusProcess.run(arguments, environment: ["LANG": "de_DE.UTF-8"])
    #expect(english.standardOutput.contains("Look at the shape again and follow the line."))
    let json = try json(
      try DuctusProcess.run(["trace", "score", "-t", "latin/a", "-a", attempt, "--locale", "fr"])
        .standardOutput)
    #expect(json["language"] as? String == "fr")
    let unknown = try DuctusProcess.run(arguments + ["--locale", "xx"])
    #expect(unknown.exitCode == 2)
    #expect(unknown.standardError.contains("unknown locale 'xx'; Ductus speaks en, es, fr"))
  }

  @Test func scoreJudgesAWordLetterByLetterWithOnePicture() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The word traced exactly on its line, drawn at twice the size elsewhere on the canvas.
    let word = try TracingWord(text: "Sam 7", library: .bundled)
    var drawing = word.template.drawing(width: 4, color: .black)
    for index in drawing.strokes.indices {
      drawing.strokes[index].transform = CGAffineTransform(
        a: 2, b: 0, c: 0, d: 2, tx: 40, ty: 300)
    }
    let attempt = folder.appendingPathComponent("sam.json")
    try InkFileFormat.ductusJSON.write(CorpusRecord(key: "sam", drawing: drawing), to: attempt)
    let picture = folder.appendingPathComponent("sam.png").path
    let run = try DuctusProcess.run([
      "trace", "score", "--text", "Sam 7", "-a", attempt.path, "--picture", picture,
    ])
    #expect(run.exitCode == 0, "\(run.standardError)")
    let report = try json(run.standardOutput)
    #expect(report["word"] as? String == "Sam 7")
    let letters = try #require(report["letters"] as? [[String: Any]])
    #expect(
      letters.map { $0["template"] as? String } == ["latin/S", "latin/a", "latin/m", "digits/7"])
    #expect(letters.allSatisfy { ($0["codes"] as? [String]) == ["ok"] }, "\(run.standardOutput)")
    #expect((report["stars"] as? Int) == 3)
    #expect(try Data(contentsOf: URL(fileURLWithPath: picture)).starts(with: [0x89, 0x50]))
    let text = try DuctusProcess.run([
      "trace", "score", "--text", "Sam 7", "-a", attempt.path, "--format", "text",
    ])
    #expect(text.standardOutput.hasPrefix("\"Sam 7\": "), "\(text.standardOutput)")
    #expect(text.standardOutput.contains("latin/m: "))
    let both = try DuctusProcess.run([
      "trace", "score", "--text", "cat", "-t", "latin/a", "-a", attempt.path,
    ])
    #expect(both.exitCode == 2)
    let unknown = try DuctusProcess.run(["trace", "score", "--text", "é", "-a", attempt.path])
    #expect(unknown.exitCode == 66 && unknown.standardError.contains("no template for 'é'"))
  }

  @Test func scoreWritesAReportAndAPicture() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let attempt = folder.appendingPathComponent("a.ndjson").path
    let picture = folder.appendingPathComponent("feedback.png").path
    _ = try DuctusProcess.run([
      "synth", "trace", "-t", "digits/4", "--defect", "missing:2", "-o", attempt,
    ])
    let run = try DuctusProcess.run(
      [
        "trace", "score", "-t", "digits/4", "-a", attempt, "--placement", "box", "--picture",
        picture,
      ])
    #expect(run.exitCode == 0, "\(run.standardError)")
    let report = try json(run.standardOutput)
    #expect((report["codes"] as! [String]).contains("missing"))
    #expect((report["stars"] as! Int) <= 2)
    let png = try Data(contentsOf: URL(fileURLWithPath: picture))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let text = try DuctusProcess.run(
      ["trace", "score", "-t", "digits/4", "-a", attempt, "--placement", "box", "--format", "text"])
    #expect(text.standardOutput.contains("stroke 2: missing"))
    let coverage = try DuctusProcess.run(
      [
        "trace", "score", "-t", "digits/4", "-a", attempt, "--method", "coverage", "--placement",
        "box",
      ])
    #expect(try json(coverage.standardOutput)["method"] as? String == "coverage")
  }

  @Test func sessionAnswersEachRequestInOrder() throws {
    let attempt = try DuctusProcess.run(["synth", "trace", "-t", "shapes/circle"])
    let record = try json(attempt.standardOutput)
    let drawing = try JSONSerialization.data(withJSONObject: record["drawing"]!)
    let request =
      #"{"id":1,"template":"shapes/circle","placement":"box","attempt":"#
      + String(decoding: drawing, as: UTF8.self) + "}"
    let requests =
      [
        request, #"{"id":"two","template":"shapes/nothing","attempt":{"strokes":[]}}"#, "not json",
        request.replacingOccurrences(of: #""id":1"#, with: #""id":3"#),
      ].joined(separator: "\n") + "\n"
    let run = try DuctusProcess.run(["trace", "session"], input: Data(requests.utf8))
    #expect(run.exitCode == 0)
    let answers = try run.standardOutput.split(separator: "\n").map { try json($0) }
    #expect(answers.count == 4)
    #expect(answers[0]["id"] as? Int == 1 && answers[0]["report"] != nil)
    #expect(answers[1]["id"] as? String == "two")
    #expect((answers[1]["error"] as? String)?.contains("shapes/nothing") ?? false)
    #expect(answers[2]["error"] != nil)
    #expect(answers[3]["id"] as? Int == 3)
  }

  @Test func usageErrors() throws {
    #expect(try DuctusProcess.run(["trace", "score", "-a", "x.json"]).exitCode == 2)
    #expect(
      try DuctusProcess.run(["synth", "trace", "-t", "latin/a", "--defect", "sideways"]).exitCode
        == 2)
    let missing = try DuctusProcess.run([
      "trace", "score", "-t", "latin/a", "-a", "/nonexistent.json",
    ])
    #expect(missing.exitCode == 66)
    let unknown = try DuctusProcess.run([
      "trace", "score", "-t", "latin/aa", "-a", "/nonexistent.json",
    ])
    #expect(unknown.exitCode == 66)
  }

  @Test(arguments: [
    ("latin/E", "wrong_order:4", "stroke 4 is the last of latin/E, with none after it to swap"),
    ("digits/4", "missing:3", "missing:3: digits/4 has 2 strokes"),
    ("latin/E", "hook_missing:1", "stroke 1 of latin/E has no hook"),
  ])
  func defectsATemplateCannotHaveAreUsageErrors(template: String, defect: String, message: String)
    throws
  {
    let outcome = try DuctusProcess.run(["synth", "trace", "-t", template, "--defect", defect])
    #expect(outcome.exitCode == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
  }
}
