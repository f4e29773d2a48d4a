import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

@Suite("Read limits and finite numbers on the command line")
struct ReadLimitsCommandTests {
  let samples = SharedData.repositoryRoot.appendingPathComponent("Datasets/samples")

  @Test func aRecordOverAPointLimitFailsAloneAndTheLimitCanBeRaised() throws {
    let corpus = samples.appendingPathComponent("samples.ndjson").path
    let limited = try DuctusProcess.run([
      "inspect", corpus, "--format", "ndjson", "--max-stroke-points", "50",
    ])
    #expect(limited.exitCode == 1, "\(limited.standardError)")
    let failures = limited.standardError.split(separator: "\n").filter {
      $0.contains("more than 50 points, the limit of points a stroke")
    }
    #expect(!failures.isEmpty, "\(limited.standardError)")
    #expect(failures.allSatisfy { $0.contains("samples.ndjson: record line ") })
    let whole = try DuctusProcess.run(["inspect", corpus, "--format", "ndjson"])
    #expect(whole.exitCode == 0)
    let all = whole.standardOutput.split(separator: "\n").count
    #expect(limited.standardOutput.split(separator: "\n").count == all - failures.count)
    #expect(all == 5)
  }

  @Test func numbersOutOfRangeFailTheirRecordNamingTheField() throws {
    let lines = [
      #"{"key":"a","drawing":{"strokes":[{"points":{"x":[1,1e999],"y":[2,3]}}]}}"#,
      #"{"key":"b","drawing":{"strokes":[{"points":{"x":[1,2],"y":[2,"NaN"]}}]}}"#,
      #"{"key":"c","drawing":{"strokes":[{"points":{"x":[1,2],"y":[2,3]}}]}}"#,
    ]
    let run = try DuctusProcess.run(
      ["inspect", "-", "--format", "ndjson"], input: Data(lines.joined(separator: "\n").utf8))
    #expect(run.exitCode == 1, "\(run.standardError)")
    #expect(
      run.standardError.contains(
        "record line 1: at byte 51: field \"x\" of stroke 0 point 1: 1e999 is out of range"),
      "\(run.standardError)")
    #expect(
      run.standardError.contains(
        "record line 2: at byte 134: field \"y\" of stroke 0 point 1: expected a number, not a "
          + "string"),
      "\(run.standardError)")
    #expect(run.standardOutput.split(separator: "\n").count == 1)
    #expect(run.standardOutput.contains("\"key\":\"c\""))
    for word in ["NaN", "Infinity", "inf"] { #expect(!run.standardOutput.contains(word)) }
  }

  @Test func renderRefusesANaNCorruptedPencilKitFileWithoutATrap() throws {
    let folder = try makeTemporaryFolder("limits")
    defer { try? FileManager.default.removeItem(at: folder) }
    var bytes = try [UInt8](Data(contentsOf: samples.appendingPathComponent("a.pkdrawing")))
    let drawing = try PKDrawing(data: Data(bytes))
    let x = Float(drawing.strokes[0].path[0].location.x)
    let pattern = withUnsafeBytes(of: x.bitPattern.littleEndian, Array.init)
    let at = try #require((0...(bytes.count - 4)).first { Array(bytes[$0..<$0 + 4]) == pattern })
    bytes[at + 2] = 0xC0
    bytes[at + 3] = 0x7F
    let file = folder.appendingPathComponent("nan.pkdrawing")
    try Data(bytes).write(to: file)
    let run = try DuctusProcess.run([
      "render", file.path, "-o", folder.appendingPathComponent("nan.png").path,
    ])
    #expect(run.exitCode == 65, "\(run.standardError)")
    #expect(run.standardError.contains("field \"x\" of stroke 0 point 0: nan is out of range"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nan.png").path))
  }

  @Test func limitsAreOnEveryReadingCommandAndCheckedAsUsage() throws {
    for command in [
      ["inspect"], ["convert"], ["render"], ["resample"], ["distances"], ["pca"],
      ["trace", "score"], ["trace", "batch"], ["trace", "rank"],
    ] {
      let help = try DuctusProcess.run(["help"] + command)
      for option in [
        "--max-stroke-points", "--max-strokes", "--max-drawing-points", "--max-record-bytes",
      ] {
        #expect(help.standardOutput.contains(option), "\(command) \(option)")
      }
    }
    let zero = try DuctusProcess.run([
      "inspect", samples.appendingPathComponent("a.json").path, "--max-strokes", "0",
    ])
    #expect(zero.exitCode == 2)
    #expect(zero.standardError.contains("'--max-strokes': expected an integer from 1"))
  }

  @Test func aLongLineFailsAloneUnderTheRecordBytes() throws {
    let short = #"{"key":"s","drawing":{"strokes":[{"points":{"x":[1,2],"y":[2,3]}}]}}"#
    let xs = (0..<300).map(String.init).joined(separator: ",")
    let long = #"{"key":"l","drawing":{"strokes":[{"points":{"x":[\#(xs)],"y":[\#(xs)]}}]}}"#
    let run = try DuctusProcess.run(
      ["inspect", "-", "--format", "ndjson", "--max-record-bytes", "1000"],
      input: Data([short, long, short].joined(separator: "\n").utf8))
    #expect(run.exitCode == 1)
    #expect(
      run.standardError.contains(
        "record line 2: at byte 69: the line is longer than 1000 bytes, the limit of bytes a record"
      ), "\(run.standardError)")
    #expect(run.standardOutput.split(separator: "\n").count == 2)
  }
}
