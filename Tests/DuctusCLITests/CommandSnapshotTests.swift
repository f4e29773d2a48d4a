import DuctusTestSupport
import Foundation
import InkFormats
import Testing

@testable import DuctusCLI

/// End-to-end runs of `inspect`, `convert` and `render` on the bundled samples, compared with
/// the golden files in `Snapshots/`, and the exit codes of their failures.
@Suite struct CommandSnapshotTests {
  /// A fresh folder for outputs, shown as `$TMP` in golden files.
  private func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ductus-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func samples(_ name: String) -> String { "Datasets/samples/" + name }

  private func sampleLines(containing word: String) throws -> Data {
    let text = try String(
      contentsOf: SharedData.repositoryRoot.appendingPathComponent(samples("samples.ndjson")),
      encoding: .utf8)
    let lines = text.split(separator: "\n").filter { $0.contains("\"key\":\"\(word)\"") }
    return Data((lines.joined(separator: "\n") + "\n").utf8)
  }

  @Test func inspectInEveryFormat() throws {
    #expect(
      try Snapshot.check("inspect-text", ["inspect", "--format", "text", samples("a.json")])
        .exitCode == 0)
    #expect(
      try Snapshot.check(
        "inspect-json",
        ["inspect", "--format=json", samples("star.json"), samples("samples.ndjson")]
      ).exitCode == 0)
    #expect(
      try Snapshot.check(
        "inspect-ndjson-stdin", ["inspect", "--format", "ndjson", "-"],
        input: try sampleLines(containing: "zigzag")
      ).exitCode == 0)
    #expect(
      try Snapshot.check(
        "inspect-pkdrawing", ["inspect", "--format", "text", samples("a.pkdrawing")]
      )
      .exitCode == 0)
  }

  @Test func formatsListsTheRegistry() throws {
    let text = try Snapshot.check("formats", ["formats", "--format", "text"])
    #expect(text.exitCode == 0)
    let lines = text.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first == "NAME           HOLDS    READ  WRITE  EXTENSIONS           DESCRIPTION")
    #expect(
      lines.contains("ductus-ndjson  corpus   yes   yes    .ndjson .jsonl       Ductus NDJSON"))
    #expect(
      lines.contains("pkdrawing      drawing  yes   yes    .pkdrawing .drawing  PencilKit drawing"))
    #expect(
      lines.contains(
        "quickdraw      corpus   yes   no     .ndjson              Quick, Draw! NDJSON"))
    #expect(
      lines.contains(
        "signature-xml  corpus   yes   yes    .xml                 "
          + "Signature channels XML (ISO/IEC 19794-7)"))
    #expect(lines.count == 1 + InkFileFormat.allCases.count)
    let json = try DuctusProcess.run(["formats"])
    #expect(
      json.standardOutput.contains(
        #"{"displayName":"Ductus JSON","extensions":["json"],"holdsCorpus":false,"#
          + #""name":"ductus-json","read":true,"write":true}"#))
  }

  @Test func inspectDefaultsToJSONWhenPiped() throws {
    let piped = try DuctusProcess.run(["inspect", samples("a.json")])
    let explicit = try DuctusProcess.run(["inspect", "--format", "json", samples("a.json")])
    #expect(piped == explicit)
    #expect(piped.standardOutput.hasPrefix("[\n  {\"bounds\":{"))
  }

  @Test func inspectFailures() throws {
    #expect(try Snapshot.check("inspect-missing", ["inspect", "nope.json"]).exitCode == 66)
    #expect(
      try Snapshot.check(
        "inspect-malformed", ["inspect", "--from", "ductus-json", "-"],
        input: Data(#"{"strokes": [ {"ink": "#.utf8)
      ).exitCode == 65)
    var corpus = try sampleLines(containing: "star")
    corpus.append(Data("{\"key\":\"broken\",\"drawing\":{\"strokes\":[{]}}\n".utf8))
    corpus.append(try sampleLines(containing: "spiral"))
    #expect(
      try Snapshot.check(
        "inspect-bad-record", ["inspect", "--format", "ndjson", "--from", "ductus-ndjson", "-"],
        input: corpus
      ).exitCode == 1)
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let errors = folder.appendingPathComponent("errors.ndjson").path
    let logged = try DuctusProcess.run(
      ["inspect", "--format", "ndjson", "--errors", errors, "-"], input: corpus)
    #expect(logged.exitCode == 1)
    #expect(logged.standardError == "")
    #expect(logged.standardOutput.split(separator: "\n").count == 2)
    #expect(
      try String(contentsOfFile: errors, encoding: .utf8).hasPrefix(
        "{\"error\":\"at byte ") == true)
    #expect(
      try String(contentsOfFile: errors, encoding: .utf8).hasSuffix(
        "\"file\":\"<stdin>\",\"record\":\"line 2\"}\n"))
  }

  @Test func convertRoundTripsAndSubstitutesInks() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let replacing = [folder.path: "$TMP"]
    let star = folder.appendingPathComponent("star.ndjson").path
    #expect(
      try Snapshot.check(
        "convert-json-to-ndjson", ["convert", samples("star.json"), star], replacing: replacing
      ).exitCode == 0)
    let again = try DuctusProcess.run(["convert", samples("star.json"), star])
    #expect(again.exitCode == 0, "overwriting an output: \(again.standardError)")
    let json = folder.appendingPathComponent("a.json").path
    #expect(
      try Snapshot.check(
        "convert-pkdrawing", ["convert", samples("a.pkdrawing"), json], replacing: replacing
      ).exitCode == 0)
    #expect(
      try DuctusProcess.run(["inspect", "--format", "text", json]).standardOutput
        == (try DuctusProcess.run(["inspect", "--format", "text", samples("a.pkdrawing")]))
        .standardOutput.replacingOccurrences(of: samples("a.pkdrawing"), with: json))
    #expect(
      try Snapshot.check(
        "convert-json-to-ndjson-inspect", ["inspect", "--format", "text", star],
        replacing: replacing
      ).exitCode == 0)
    let old = folder.appendingPathComponent("old.ndjson").path
    #expect(
      try Snapshot.check(
        "convert-max-content-version",
        ["convert", "--from", "ductus-ndjson", "--max-content-version", "1", "-", old],
        input: try sampleLines(containing: "zigzag"), replacing: replacing
      ).exitCode == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        == ["a.json", "old.ndjson", "star.ndjson"])
    let inspected = try DuctusProcess.run(["inspect", "--format", "ndjson", old])
    #expect(inspected.standardOutput.contains(#""contentVersion":1"#))
    #expect(inspected.standardOutput.contains(#""inks":{"pen":2}"#))
  }

  @Test func convertToStandardOutput() throws {
    #expect(
      try Snapshot.check(
        "convert-stdout", ["convert", samples("star.json"), "-", "--to", "ductus-ndjson"]
      ).exitCode == 0)
    let binary = try DuctusProcess.run(["convert", samples("a.json"), "-", "--to", "pkdrawing"])
    #expect(binary.exitCode == 0)
    #expect(binary.standardOutput.utf8.count > 1000)
    #expect(
      try Snapshot.check(
        "convert-stdout-corpus-folder",
        ["convert", samples("samples.ndjson"), "-", "--to", "inkml"]
      ).exitCode == 2)
    #expect(try DuctusProcess.run(["convert", samples("a.json"), "-"]).exitCode == 2)
  }

  @Test func convertRefusesAndLeavesNothing() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let replacing = [folder.path: "$TMP"]
    let out = folder.appendingPathComponent("out.ndjson").path
    #expect(
      try Snapshot.check(
        "convert-refused",
        ["convert", samples("samples.ndjson"), out, "--max-content-version", "2"],
        replacing: replacing
      ).exitCode == 65)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    #expect(
      try Snapshot.check(
        "convert-missing-folder", ["convert", samples("a.json"), "/nonexistent-ductus/a.ndjson"]
      ).exitCode == 74)
    #expect(
      try Snapshot.check("convert-unknown-format", ["convert", samples("a.json"), "a.xyz"])
        .exitCode == 2)
    #expect(
      try Snapshot.check(
        "convert-read-only", ["convert", samples("a.json"), out, "--to", "quickdraw"],
        replacing: replacing
      )
      .exitCode == 2)
    #expect(
      try Snapshot.check(
        "convert-bad-version", ["convert", samples("a.json"), out, "--max-content-version", "7"],
        replacing: replacing
      ).exitCode == 2)
  }

  @Test func renderWritesPicturesOfTheAskedSize() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = folder.appendingPathComponent("a.png").path
    let replacing = [folder.path: "$TMP"]
    let thumbnail = try DuctusProcess.run(
      ["render", samples("a.json"), "-o", png, "--thumbnail", "64x48", "--background", "white"])
    #expect(thumbnail == DuctusProcess.Outcome(standardOutput: "", standardError: "", exitCode: 0))
    #expect(try pngSize(png) == [64, 48])
    let scaled = try DuctusProcess.run(["render", samples("star.json"), "-o", png, "--scale", "2"])
    #expect(scaled.exitCode == 0)
    // The star's bounds (98.646 × 93.991 units) at 2 pixels a unit, plus 4 pixels a side,
    // rounded up.
    #expect(try pngSize(png) == [206, 196])
    let svg = folder.appendingPathComponent("star.svg").path
    #expect(
      try DuctusProcess.run(["render", samples("samples.ndjson"), "--record", "star", "-o", svg])
        .exitCode == 0)
    #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("<svg"))
    #expect(try Snapshot.check("render-no-output", ["render", samples("a.json")]).exitCode == 2)
    #expect(
      try Snapshot.check(
        "render-bad-size", ["render", samples("a.json"), "-o", png, "--thumbnail", "64"],
        replacing: replacing
      ).exitCode == 2)
    #expect(
      try Snapshot.check(
        "render-missing-record",
        ["render", samples("samples.ndjson"), "--record", "cat", "-o", png],
        replacing: replacing
      ).exitCode == 66)
    #expect(
      try Snapshot.check(
        "render-corpus-without-record",
        ["render", samples("samples.ndjson"), "-o", folder.appendingPathComponent("c.png").path],
        replacing: replacing
      ).exitCode == 2)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("c.png").path))
    #expect(
      try DuctusProcess.run(["render", samples("samples.ndjson"), "--record", "1", "-o", svg])
        .exitCode == 0)
  }

  @Test func renderACorpusIntoAFolder() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let replacing = [folder.path: "$TMP"]
    let names = { (sub: String) in
      try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(sub).path)
        .sorted()
    }
    let shard = try DuctusProcess.run([
      "render", samples("samples.ndjson"), "-o", folder.path + "/even/", "--shard", "0/2",
      "--thumbnail", "32x32",
    ])
    #expect(shard.exitCode == 0)
    #expect(try names("even") == ["a.png", "flourish.png", "spiral.png"])
    for jobs in ["1", "2"] {
      let all = try DuctusProcess.run([
        "render", samples("samples.ndjson"), "-o", folder.path + "/j\(jobs)/", "-j", jobs,
        "--background", "white",
      ])
      #expect(all.exitCode == 0)
    }
    #expect(try names("j1") == ["a.png", "flourish.png", "spiral.png", "star.png", "zigzag.png"])
    for name in try names("j1") {
      #expect(
        try Data(contentsOf: folder.appendingPathComponent("j1/" + name))
          == Data(contentsOf: folder.appendingPathComponent("j2/" + name)))
    }
    var corpus = try sampleLines(containing: "star")
    corpus.append(
      Data(#"{"key":"empty","drawing":{"format":"ductus-drawing","version":1,"strokes":[]}}"#.utf8))
    corpus.append(Data("\n{\"key\":\"broken\",\"drawing\":{\"strokes\":[{]}}\n".utf8))
    #expect(
      try Snapshot.check(
        "render-folder-failures",
        ["render", "--from", "ductus-ndjson", "-", "-o", folder.path + "/mixed/", "-j", "2"],
        input: corpus, replacing: replacing
      ).exitCode == 1)
    #expect(try names("mixed") == ["star.png"])
    #expect(RenderCommand.fileName(for: "sub/dir:x") == "sub_dir_x")
    #expect(RenderCommand.fileName(for: "..") == "record")
  }

  /// The width and height in a PNG's header.
  private func pngSize(_ path: String) throws -> [Int] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(24))
    #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    func word(_ offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    return [word(16), word(20)]
  }

  @Test func interruptExitsWith130AndCleansUp() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = DuctusProcess.binary
    process.arguments = ["inspect", "-"]
    process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": folder.path]) {
      $1
    }
    let (input, errors) = (Pipe(), Pipe())
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: Data("{".utf8))
    usleep(300_000)
    process.interrupt()
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    #expect(
      String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        == "interrupted\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
