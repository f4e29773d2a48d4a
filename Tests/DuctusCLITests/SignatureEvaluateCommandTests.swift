import DuctusTestSupport
import Foundation
import Testing

@Suite("ductus signature evaluate")
struct SignatureEvaluateCommandTests {
  /// An SVC2004 Task 2 file written by the test: user `user`'s curve at 10 ms a sample, varied
  /// a little by `n`; a forgery (`n` > 20) is a looser, slower copy with another pressure.
  static func svc2004(user: Int, n: Int, count: Int = 36) -> String {
    let forged = n > 20
    let wobble = forged ? 40.0 : 4.0
    var lines = ["\(count)"]
    for i in 0..<count {
      let u = Double(i) / Double(count) * 2 * Double.pi
      let phase = Double(user) * 0.9
      let jitter = wobble * sin(Double(n) * 1.3 + u * 5)
      let x = Int(3000 + 800 * u + 300 * sin(3 * u + phase) + jitter)
      let y = Int(4000 + 500 * cos(2 * u + phase) + jitter)
      let time = 1_000 + (forged ? 16 : 10) * i + (i >= count / 2 ? 150 : 0)
      let button = i == 0 || i == count / 2 ? 0 : 1
      let pressure = Int(forged ? 500 + 200 * cos(u) : 500 + 300 * sin(u + phase))
      lines.append("\(x) \(y) \(time) \(button) 900 600 \(pressure)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A data set of `users` users, each with S1–S12 genuine and S21–S22 forged.
  static func dataset(users: Int) throws -> URL {
    var files: [String: String] = [:]
    for user in 1...users {
      for n in Array(1...12) + [21, 22] {
        files["U\(user)S\(n).TXT"] = svc2004(user: user, n: n)
      }
    }
    return try SignatureCommandTests.folder(files)
  }

  func object(_ text: some StringProtocol) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
  }

  @Test func aTinyDataSetGivesTheReportAndTheDETPicture() throws {
    let folder = try Self.dataset(users: 3)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("report.json").path
    let det = folder.appendingPathComponent("det.png").path
    let run = try DuctusProcess.run([
      "signature", "evaluate", folder.path, "--protocol", "svc2004", "--trials", "2", "--seed",
      "5", "-o", out, "--det", det, "-q",
    ])
    #expect(run.exitCode == 0, "\(run.standardError)")
    #expect(run.standardOutput.isEmpty)
    let report = object(try String(contentsOfFile: out, encoding: .utf8))
    #expect(report["protocol"] as? String == "svc2004")
    #expect(report["trials"] as? Int == 2)
    #expect(report["seed"] as? Int == 5)
    for kind in ["skilled", "random"] {
      let figures = try #require(report[kind] as? [String: Any])
      let perUser = try #require(figures["perUserEER"] as? [String: Double])
      let pooled = try #require(figures["pooledEER"] as? [String: Double])
      #expect(Set(perUser.keys) == ["mean", "sd"])
      #expect((0...1).contains(pooled["mean"]!))
      #expect((figures["det"] as? [Any])?.isEmpty == false)
    }
    let random = try #require(report["random"] as? [String: Any])
    #expect((random["perUserEER"] as? [String: Double])?["mean"] == 0)
    let users = try #require(report["users"] as? [[String: Any]])
    #expect(users.map { $0["user"] as? String } == ["U1", "U2", "U3"])
    let folds = try #require(report["folds"] as? [[String: Any]])
    #expect(folds.map { $0["testUsers"] as? [String] } == [["U2", "U3"], ["U1"]])
    let png = try Data(contentsOf: URL(fileURLWithPath: det))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))

    let again = try DuctusProcess.run([
      "signature", "evaluate", folder.path, "--trials", "2", "--seed", "5", "-q",
    ])
    #expect(again.exitCode == 0)
    #expect(again.standardOutput == (try String(contentsOfFile: out, encoding: .utf8)))
    let text = try DuctusProcess.run([
      "signature", "evaluate", folder.path, "--trials", "1", "--format", "text", "-q",
    ])
    #expect(text.standardOutput.hasPrefix("svc2004, 3 users, 1 trial(s), 5 references"))
  }

  @Test func usageAndDataErrorsHaveTheirExitCodes() throws {
    let folder = try Self.dataset(users: 1)
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = try DuctusProcess.run(["signature", "evaluate", folder.path + "/none"])
    #expect(missing.exitCode == 66)
    let trials = try DuctusProcess.run(["signature", "evaluate", folder.path, "--trials", "0"])
    #expect(trials.exitCode == 2)
    let protocolName = try DuctusProcess.run([
      "signature", "evaluate", folder.path, "--protocol", "mcyt",
    ])
    #expect(protocolName.exitCode == 2)
    let target = try DuctusProcess.run([
      "signature", "evaluate", folder.path, "--target-far", "1.5",
    ])
    #expect(target.exitCode == 2)
    #expect(target.standardError.contains("--target-far must be a fraction from 0 to 1, not 1.5"))
    let oneUser = try DuctusProcess.run(["signature", "evaluate", folder.path, "-q"])
    #expect(oneUser.exitCode == 65)
    #expect(
      oneUser.standardError
        == "error: \(folder.path): the evaluation needs at least 2 users (random forgeries and "
        + "cross-validation); 1 found\n")
  }

  @Test func helpDescribesTheCommand() throws {
    #expect(
      try Snapshot.check("help-signature-evaluate", ["help", "signature", "evaluate"]).exitCode
        == 0)
    #expect(try Snapshot.check("help-signature", ["help", "signature"]).exitCode == 0)
  }
}
