import DuctusTestSupport
import Foundation
import Testing

@Suite(
  "ductus gestures",
  .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
struct GesturesCommandTests {
  static let logs = SharedData.url("datasets/dollar-unistroke").path

  func lines(_ output: String) -> [[String: Any]] {
    output.split(separator: "\n").map {
      try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
  }

  @Test func recognizeAnswersEachDrawingInOrder() throws {
    let outcome = try DuctusProcess.run([
      "gestures", "recognize", "-r", "dollar1", "--templates", "\(Self.logs)/s02/medium",
      "--format", "ndjson", "-q", "\(Self.logs)/s03/medium",
    ])
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let rows = lines(outcome.standardOutput)
    #expect(rows.count == 160)
    #expect(rows.first?["key"] as? String == "arrow01")
    #expect(rows.last?["key"] as? String == "x10")
    var right = 0
    for row in rows {
      let ranking = row["ranking"] as! [[String: Any]]
      #expect(ranking.count == 16)
      let scores = ranking.map { $0["score"] as! Double }
      #expect(scores == scores.sorted(by: >))
      #expect(row["score"] as? Double == scores[0])
      let key = row["key"] as! String
      let truth = String(key.prefix { !$0.isNumber })
      let label = row["label"] as! String
      #expect(label == ranking[0]["label"] as! String || (label == "none" && scores[0] < 0.75))
      if label == truth { right += 1 }
    }
    // One template a gesture from another writer: $1 gets about nine in ten.
    #expect(right >= 140)
  }

  @Test func aMinimumScoreAboveEveryScoreRejectsAll() throws {
    let outcome = try DuctusProcess.run([
      "gestures", "recognize", "-r", "dollarP", "-t", "\(Self.logs)/s02/medium", "--min-score",
      "1.5", "--format", "text", "\(Self.logs)/s03/medium/star01.xml",
      "\(Self.logs)/s03/medium/x02.xml",
    ])
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let fields = outcome.standardOutput.split(separator: "\n").map {
      $0.split(separator: "\t").map(String.init)
    }
    #expect(fields.count == 2)
    #expect(fields.allSatisfy { $0[1] == "none" && Double($0[2])! <= 1 })
    #expect(fields[0][0].hasSuffix("star01.xml"))
  }

  @Test func mistakesAreRefused() throws {
    let star = "\(Self.logs)/s03/medium/star01.xml"
    let unknown = try DuctusProcess.run([
      "gestures", "recognize", "-r", "dollarZ", "-t", "\(Self.logs)/s02/medium", star,
    ])
    #expect(unknown.exitCode == 2)
    let noTemplates = try DuctusProcess.run(["gestures", "recognize", star])
    #expect(noTemplates.exitCode == 2)
    #expect(noTemplates.standardError.contains("--templates"))
    let unlabelled = SharedData.repositoryRoot.appendingPathComponent("Datasets/samples/a.json")
    let refused = try DuctusProcess.run(["gestures", "recognize", "-t", unlabelled.path, star])
    #expect(refused.exitCode == 65)
    #expect(refused.standardError.contains("has no label"))
    let missing = try DuctusProcess.run([
      "gestures", "evaluate", "\(Self.logs)/nowhere", "-r", "dollar1",
    ])
    #expect(missing.exitCode == 66)
    // Thirty templates a class leave s02's ten gestures a class no candidate: refused, not 0/0.
    let nothing = try DuctusProcess.run([
      "gestures", "evaluate", "\(Self.logs)/s02", "-r", "dollar1", "-n", "30", "--trials", "1",
    ])
    #expect(nothing.exitCode == 65, "\(nothing.standardOutput)")
    #expect(nothing.standardError.contains("no candidate is left to test"))
  }

  @Test func evaluateFollowsTheProtocols() throws {
    let dependent = try DuctusProcess.run([
      "gestures", "evaluate", "\(Self.logs)/s02", "-r", "dollar1", "--protocol",
      "user-dependent", "-n", "2", "--trials", "2", "--writer", "subject,speed", "--seed", "7",
      "--format", "json",
    ])
    #expect(dependent.exitCode == 0, "\(dependent.standardError)")
    let result = lines(dependent.standardOutput)[0]
    // Three speeds of one subject, two trials, sixteen classes.
    #expect(result["writers"] as? Int == 3)
    #expect(result["tests"] as? Int == 3 * 2 * 16)
    #expect((result["accuracy"] as! Double) > 0.9)
    #expect(result["protocol"] as? String == "user-dependent")
    let again = try DuctusProcess.run([
      "gestures", "evaluate", "\(Self.logs)/s02", "-r", "dollar1", "-n", "2", "--trials", "2",
      "--writer", "subject,speed", "--seed", "7", "--format", "json",
    ])
    #expect(again.standardOutput == dependent.standardOutput)

    let independent = try DuctusProcess.run([
      "gestures", "evaluate", "\(Self.logs)/s02", "-r", "dollarQ", "--protocol",
      "user-independent", "-n", "1", "--trials", "1", "--writer", "speed", "--format", "text",
    ])
    #expect(independent.exitCode == 0, "\(independent.standardError)")
    #expect(independent.standardOutput.hasPrefix("dollarQ, user-independent, 1 template(s)"))
    #expect(independent.standardOutput.contains("3 writer(s)"))
    #expect(
      independent.standardOutput.contains("(48)") || independent.standardOutput.contains("/48)"))
  }
}
