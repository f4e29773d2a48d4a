import DuctusTestSupport
import Foundation
import Testing

@Suite("ductus signature features")
struct SignatureCommandTests {
  /// An SVC2004 Task 2 file of `count` samples at 10 ms: a slanted loop in two strokes (the
  /// second starts with a button of 0), written by the test, never copied from the data set.
  static func svc2004(count: Int = 40, declared: Int? = nil, replacing row: (Int, String)? = nil)
    -> String
  {
    var lines = ["\(declared ?? count)"]
    for i in 0..<count {
      let u = Double(i) / 10
      let x = Int(1000 + 400 * u + 150 * sin(3 * u))
      let y = Int(2000 + 300 * cos(2 * u))
      let button = i == 0 || i == count / 2 ? 0 : 1
      let time = 5_000 + 10 * i + (i >= count / 2 ? 200 : 0)
      lines.append(
        row?.0 == i
          ? row!.1 : "\(x) \(y) \(time) \(button) \(900 + i) \(600 - i) \(300 + 10 * i)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A scratch folder holding the given files.
  static func folder(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-signature-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    return folder
  }

  func object(_ text: some StringProtocol) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
  }

  @Test func aCorpusGivesALineARecordWithBothSets() throws {
    let folder = try Self.folder(["U1S1.TXT": Self.svc2004(), "U1S21.TXT": Self.svc2004(count: 30)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try DuctusProcess.run(["signature", "features", "-q", folder.path])
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let rows = outcome.standardOutput.split(separator: "\n").map(object)
    #expect(rows.map { $0["key"] as? String } == ["U1S1", "U1S21"])
    #expect(rows.map { $0["label"] as? String } == ["U1", "U1"])
    let global = try #require(rows[0]["global"] as? [String: Double])
    #expect(global.count == 61)
    // 40 samples, 10 ms apart, with a pen-up of 200 ms after the 20th: 0.59 s.
    #expect(abs(global["duration"]! - 0.59) < 1e-9)
    #expect(global["penUps"] == 1)
    #expect(global["sampleCount"] == 40)
    let local = try #require(rows[0]["local"] as? [String: Any])
    #expect(local["count"] as? Int == 40)
    let names = try #require(local["names"] as? [String])
    #expect(names.count == 18)
    #expect(names.prefix(3) == ["x", "y", "pressure"])
    let columns = try #require(local["columns"] as? [[Double]])
    let velocity = columns[names.firstIndex(of: "velocity")!]
    #expect(velocity.count == 40)
    #expect(abs(velocity.reduce(0, +)) < 1e-9, "z-normalised")
  }

  @Test func optionsChooseTheSetsAndTheDerivatives() throws {
    let folder = try Self.folder(["U2S3.TXT": Self.svc2004()])
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("U2S3.TXT").path
    let global = try DuctusProcess.run(["signature", "features", file, "--global"])
    #expect(global.exitCode == 0)
    #expect(Set(object(global.standardOutput).keys) == ["key", "label", "global"])
    let local = try DuctusProcess.run([
      "signature", "features", file, "--local", "--derivatives", "2", "--no-pen-angles",
    ])
    let names = (object(local.standardOutput)["local"] as? [String: Any])?["names"] as? [String]
    #expect(names?.count == 21)
    #expect(names?.last == "d2acceleration")
  }

  @Test func csvWritesOneTable() throws {
    let folder = try Self.folder(["U1S1.TXT": Self.svc2004(), "U1S2.TXT": Self.svc2004(count: 25)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("global.csv").path
    let global = try DuctusProcess.run([
      "signature", "features", "-q", folder.path, "--global", "-o", out,
    ])
    #expect(global.exitCode == 0, "\(global.standardError)")
    let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("key,label,duration,penUps,penDownDurationRatio,sampleCount,"))
    #expect(lines[0].split(separator: ",").count == 63)
    #expect(lines[2].hasPrefix("U1S2,U1,"))
    let local = try DuctusProcess.run([
      "signature", "features", "-q", folder.path, "--local", "--format", "csv",
    ])
    let rows = local.standardOutput.split(separator: "\n")
    #expect(rows.count == 1 + 40 + 25)
    let functions = [
      "x", "y", "pressure", "theta", "velocity", "rho", "acceleration", "azimuth", "altitude",
    ]
    let header: [String] = ["key", "index"] + functions + functions.map { "d" + $0 }
    #expect(rows[0] == header.joined(separator: ","))
    #expect(rows[41].hasPrefix("U1S2,0,"))
  }

  @Test func npyHoldsTheRowsOfEveryRecordWithOffsets() throws {
    let folder = try Self.folder(["U1S1.TXT": Self.svc2004(), "U1S2.TXT": Self.svc2004(count: 25)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("local.npy").path
    let run = try DuctusProcess.run([
      "signature", "features", "-q", folder.path, "--local", "-o", out,
    ])
    #expect(run.exitCode == 0, "\(run.standardError)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
    let header = String(decoding: bytes.prefix(128), as: UTF8.self)
    #expect(header.contains("'shape': (65, 18)"))
    let sidecar = object(try String(contentsOfFile: out + ".json", encoding: .utf8))
    #expect(sidecar["rowKeys"] as? [String] == ["U1S1", "U1S2"])
    #expect(sidecar["rowOffsets"] as? [Int] == [0, 40, 65])
    #expect((sidecar["columns"] as? [String])?.count == 18)
    let global = try DuctusProcess.run([
      "signature", "features", "-q", folder.path, "--global", "-o", folder.path + "/g.npy",
    ])
    #expect(global.exitCode == 0)
    let matrix = try Data(contentsOf: folder.appendingPathComponent("g.npy"))
    #expect(String(decoding: matrix.prefix(128), as: UTF8.self).contains("'shape': (2, 61)"))
  }

  @Test func recordPicksOneSignatureEvenFromStandardInput() throws {
    let folder = try Self.folder(["U4S1.TXT": Self.svc2004(), "U4S2.TXT": Self.svc2004(count: 30)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = folder.appendingPathComponent("corpus.ndjson").path
    #expect(try DuctusProcess.run(["convert", "-q", folder.path, corpus]).exitCode == 0)
    let piped = try DuctusProcess.run(
      ["signature", "features", "-", "--record", "U4S2", "--global"],
      input: try Data(contentsOf: URL(fileURLWithPath: corpus)))
    #expect(piped.exitCode == 0, "\(piped.standardError)")
    let rows = piped.standardOutput.split(separator: "\n").map(object)
    #expect(rows.map { $0["key"] as? String } == ["U4S2"])
    #expect((rows.first?["global"] as? [String: Double])?["sampleCount"] == 30)
    let absent = try DuctusProcess.run(["signature", "features", corpus, "--record", "U9S9"])
    #expect(absent.exitCode == 66)
  }

  @Test func contradictionsAreUsageErrors() throws {
    let folder = try Self.folder(["U1S1.TXT": Self.svc2004()])
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("U1S1.TXT").path
    let both = try DuctusProcess.run(["signature", "features", file, "--local", "--global"])
    #expect(both.exitCode == 2)
    #expect(both.standardError.contains("'--local' and '--global' contradict each other"))
    let csv = try DuctusProcess.run(["signature", "features", file, "--format", "csv"])
    #expect(csv.exitCode == 2)
    #expect(csv.standardError.contains("CSV holds one table: give --local"))
    let npy = try DuctusProcess.run(["signature", "features", file, "--global", "--format", "npy"])
    #expect(npy.exitCode == 2)
    let order = try DuctusProcess.run(["signature", "features", file, "--derivatives", "3"])
    #expect(order.exitCode == 2)
    let missing = try DuctusProcess.run(["signature", "features", folder.path + "/none.TXT"])
    #expect(missing.exitCode == 66)
  }

  @Test func hostileFilesFailByName() throws {
    let folder = try Self.folder([
      "U1S1.TXT": Self.svc2004(),
      "U1S2.TXT": Self.svc2004(count: 20, declared: 50),
      "U1S3.TXT": Self.svc2004(replacing: (7, "1200 2100 5070 1 907 593 nan")),
      "U1S4.TXT": "",
      "U1S5.TXT": Self.svc2004(replacing: (3, "1e999 2100 5030 1 903 597 330")),
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, fragment) in [
      ("U1S2.TXT", "the header declares 50 samples but 20 lines follow"),
      ("U1S3.TXT", "expected 7 numbers"), ("U1S5.TXT", "expected 7 numbers"),
    ] {
      let one = try DuctusProcess.run([
        "signature", "features", folder.appendingPathComponent(name).path,
      ])
      #expect(one.exitCode == 65, "\(name)")
      #expect(one.standardError.contains(fragment), "\(name): \(one.standardError)")
      #expect(one.standardError.contains(name))
      #expect(one.standardOutput.isEmpty)
      #expect(one.standardError.split(separator: "\n").count == 1)
    }
    let empty = try DuctusProcess.run([
      "signature", "features", folder.appendingPathComponent("U1S4.TXT").path, "--from", "svc2004",
    ])
    #expect(empty.exitCode == 65, "\(empty.standardError)")
    let errors = folder.appendingPathComponent("errors.ndjson").path
    let all = try DuctusProcess.run([
      "signature", "features", "-q", folder.path, "--global", "--from", "svc2004", "--errors",
      errors,
    ])
    #expect(all.exitCode == 1, "\(all.standardError)")
    #expect(
      all.standardOutput.split(separator: "\n").map { object($0)["key"] as? String } == ["U1S1"])
    let failed = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n")
    #expect(failed.count == 4)
  }

  @Test func helpDescribesTheCommand() throws {
    #expect(
      try Snapshot.check("help-signature-features", ["help", "signature", "features"]).exitCode
        == 0)
  }
}
