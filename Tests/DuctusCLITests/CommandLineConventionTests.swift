import DuctusTestSupport
import Foundation
import InkFormats
import InkRender
import OpenPencilKit
import Testing
import _DuctusSupport

@testable import DuctusCLI

/// The promises of the README's "The command line": every batch command takes `-j`, `--shard`
/// and `--errors`; `--format` defaults alike; options that do not apply or contradict each
/// other are usage errors that say why; groups explain themselves; `formats` matches the
/// registry; progress shows on a terminal only; one number format for JSON and CSV.
@Suite struct CommandLineConventionTests {
  let corpus = "Datasets/samples/samples.ndjson"
  /// The keys of `samples.ndjson`, in order.
  let keys = ["a", "star", "spiral", "zigzag", "flourish"]

  private func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  private func object(_ line: some StringProtocol) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
  }

  /// The top-level keys of a one-line JSON object, in the order they are written.
  private func keyOrder(_ line: String) -> [String] {
    var keys: [String] = []
    var depth = 0
    var inString = false
    var escaped = false
    var current = ""
    var expectKey = false
    for character in line {
      if inString {
        if escaped {
          escaped = false
          current.append(character)
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
          if expectKey {
            keys.append(current)
            expectKey = false
          }
        } else {
          current.append(character)
        }
        continue
      }
      switch character {
      case "\"":
        inString = true
        current = ""
      case "{", "[":
        depth += 1
        expectKey = depth == 1 && character == "{"
      case "}", "]": depth -= 1
      case "," where depth == 1: expectKey = true
      default: break
      }
    }
    return keys
  }

  // MARK: 1. Batch options and format defaults

  /// Each batch command, with the rest of a command line that would run it.
  static let batchCommands: [([String], [String])] = [
    (["inspect"], ["Datasets/samples/samples.ndjson"]),
    (["convert"], ["Datasets/samples/samples.ndjson", "/nonexistent-ductus/out.ndjson"]),
    (["render"], ["Datasets/samples/a.json", "-o", "/nonexistent-ductus/a.png"]),
    (["distances"], ["Datasets/samples/samples.ndjson"]),
    (["pca"], ["Datasets/samples/samples.ndjson"]),
    (["resample"], ["Datasets/samples/samples.ndjson"]),
    (["trace", "batch"], ["-t", "latin/a", "Datasets/samples/samples.ndjson"]),
    (["trace", "rank"], ["-c", "digits", "Datasets/samples/samples.ndjson"]),
  ]

  @Test(arguments: batchCommands)
  func everyBatchCommandTakesJobsShardAndErrors(path: [String], rest: [String]) throws {
    var command: any Command = DuctusCommandLine.root
    for name in path { command = command.signature.subcommand(named: name)! }
    let names = Set(command.signature.options.map(\.name))
    #expect(names.isSuperset(of: ["jobs", "shard", "errors", "quiet"]), "\(path)")
    #expect(command.signature.option(short: "j")?.name == "jobs")
    let help = try DuctusProcess.run(["help"] + path)
    #expect(help.exitCode == 0)
    for label in ["-j, --jobs <n>", "--shard <I/N>", "--errors <file>", "-q, --quiet"] {
      #expect(help.standardOutput.contains(label), "\(path): \(label)")
    }
    let zero = try DuctusProcess.run(path + rest + ["-j", "0"])
    #expect(zero.exitCode == 2)
    #expect(zero.standardError.hasPrefix("error: invalid value '0' for '-j': expected a positive"))
  }

  @Test func inspectShardsAcrossFilesAndKeepsOrderWithJobs() throws {
    let files = [corpus, "Datasets/samples/a.json", "Datasets/samples/star.json"]
    let whole = try DuctusProcess.run(["inspect", "--format", "ndjson", "-j", "1"] + files)
    #expect(whole.exitCode == 0)
    #expect(try DuctusProcess.run(["inspect", "--format", "ndjson", "-j", "2"] + files) == whole)
    let all = lines(whole.standardOutput)
    #expect(all.count == 7)
    var shares: [[String]] = []
    for index in 0..<3 {
      let share = try DuctusProcess.run(
        ["inspect", "--format", "ndjson", "--shard", "\(index)/3", "-j", "2"] + files)
      #expect(share.exitCode == 0)
      shares.append(lines(share.standardOutput))
    }
    // Record i of the job (over all files in turn) is in share i % 3.
    for (i, line) in all.enumerated() { #expect(shares[i % 3][i / 3] == line) }
    #expect(shares.map(\.count) == [3, 2, 2])
  }

  @Test func convertShardsAndWritesFoldersInParallel() throws {
    let folder = try makeTemporaryFolder("conventions")
    defer { try? FileManager.default.removeItem(at: folder) }
    let even = folder.appendingPathComponent("even.ndjson").path
    #expect(try DuctusProcess.run(["convert", corpus, even, "--shard", "0/2"]).exitCode == 0)
    let written = try DuctusProcess.run(["inspect", "--format", "ndjson", even])
    #expect(
      try lines(written.standardOutput).map { try object($0)["key"] as? String } == [
        "a", "spiral", "flourish",
      ])
    for jobs in ["1", "2"] {
      let out = folder.appendingPathComponent("j\(jobs)/").path
      let run = try DuctusProcess.run(["convert", corpus, out, "--to", "pkdrawing", "-j", jobs])
      #expect(run.exitCode == 0, "\(run.standardError)")
    }
    for key in keys {
      let one = try Data(contentsOf: folder.appendingPathComponent("j1/\(key).pkdrawing"))
      let two = try Data(contentsOf: folder.appendingPathComponent("j2/\(key).pkdrawing"))
      #expect(one == two)
    }
    // Two records with one key would be one file: the second is reported, not written over it.
    var twice = try Data(contentsOf: SharedData.repositoryRoot.appendingPathComponent(corpus))
    twice.append(twice)
    let errors = folder.appendingPathComponent("errors.ndjson").path
    let duplicated = try DuctusProcess.run(
      [
        "convert", "--from", "ductus-ndjson", "-", folder.appendingPathComponent("twice").path,
        "--to", "inkml", "-j", "2", "--errors", errors,
      ], input: twice)
    #expect(duplicated.exitCode == 1)
    #expect(duplicated.standardError == "")
    let logged = lines(try String(contentsOfFile: errors, encoding: .utf8))
    #expect(logged.count == keys.count)
    #expect(
      logged.first
        == "{\"error\":\"an earlier record has the same key, and so the same file, a.inkml; "
        + "this one was not written\",\"file\":\"<stdin>\",\"record\":\"a\"}")
  }

  @Test func distancesShardsByRowsAndTheSharesMakeTheWhole() throws {
    let whole = try DuctusProcess.run(["distances", corpus, "--resample", "16", "-j", "1"])
    #expect(whole.exitCode == 0)
    let wholePairs = lines(whole.standardOutput)
    #expect(wholePairs.count == 10)
    var union: [String] = []
    for index in 0..<2 {
      let share = try DuctusProcess.run(
        ["distances", corpus, "--resample", "16", "--shard", "\(index)/2", "-j", "2"])
      #expect(share.exitCode == 0, "\(share.standardError)")
      for line in lines(share.standardOutput) {
        #expect((try object(line)["i"] as! Int) % 2 == index)
        union.append(line)
      }
    }
    let order = { (line: String) -> [Int] in
      let pair = try! self.object(line)
      return [pair["i"] as! Int, pair["j"] as! Int]
    }
    let sortedUnion = union.sorted { order($0).lexicographicallyPrecedes(order($1)) }
    #expect(sortedUnion.map(order) == wholePairs.map(order))
    for (a, b) in zip(sortedUnion, wholePairs) {
      let x = try object(a)["distance"] as! Double
      let y = try object(b)["distance"] as! Double
      #expect(abs(x - y) <= 1e-9 * max(1, y))
    }
    let csv = try DuctusProcess.run(
      ["distances", corpus, "--resample", "16", "--shard", "1/2", "--format", "csv"])
    let rows = lines(csv.standardOutput)
    #expect(rows.first == "key,a,star,spiral,zigzag,flourish")
    #expect(rows.dropFirst().map { $0.split(separator: ",")[0] } == ["star", "zigzag"])
    #expect(rows[1].split(separator: ",")[2] == "0")
  }

  @Test func pcaShardsWriteTheWholeModelsScores() throws {
    let whole = lines(
      try DuctusProcess.run(["pca", corpus, "--format", "csv", "-j", "1"]).standardOutput)
    let share = try DuctusProcess.run([
      "pca", corpus, "--format", "csv", "--shard", "1/2", "-j", "2",
    ])
    #expect(share.exitCode == 0, "\(share.standardError)")
    let shared = lines(share.standardOutput)
    #expect(shared.first == whole.first)
    #expect(shared.count == 3)
    for (line, index) in zip(shared.dropFirst(), [2, 4]) {
      let mine = line.split(separator: ",").dropFirst(2).map { Double($0)! }
      let theirs = whole[index].split(separator: ",").dropFirst(2).map { Double($0)! }
      #expect(line.split(separator: ",")[0] == whole[index].split(separator: ",")[0])
      #expect(zip(mine, theirs).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) })
    }
  }

  @Test func resampleKeepsItsOutputWithAnyJobCount() throws {
    let one = try DuctusProcess.run(["resample", corpus, "--resample", "12", "-j", "1"])
    let two = try DuctusProcess.run(["resample", corpus, "--resample", "12", "-j", "2"])
    #expect(one.exitCode == 0)
    #expect(one == two)
    let csv = try DuctusProcess.run(["resample", corpus, "--resample", "3", "--format", "csv"])
    #expect(lines(csv.standardOutput)[1] == "a,0,71.802,44.373,0,0,1")
  }

  @Test func batchFailuresGoToTheErrorsFile() throws {
    let folder = try makeTemporaryFolder("conventions")
    defer { try? FileManager.default.removeItem(at: folder) }
    var input = try Data(contentsOf: SharedData.repositoryRoot.appendingPathComponent(corpus))
    input.append(Data("{\"key\":\"broken\",\"drawing\":{\"strokes\":[{]}}\n".utf8))
    let commands: [[String]] = [
      ["inspect", "--format", "ndjson"], ["distances", "--resample", "8"],
      ["pca", "--format", "ndjson"], ["resample", "--resample", "4"],
      ["convert", "-", folder.appendingPathComponent("out.ndjson").path],
      ["trace", "batch", "-t", "latin/a"], ["trace", "rank", "-c", "small", "--format", "json"],
    ]
    for (n, command) in commands.enumerated() {
      let errors = folder.appendingPathComponent("errors-\(n).ndjson").path
      var words = command + ["--from", "ductus-ndjson", "--errors", errors, "-j", "2"]
      if command[0] != "convert" { words.append("-") }
      let run = try DuctusProcess.run(words, input: input)
      #expect(run.exitCode == 1, "\(command): \(run.standardError)")
      #expect(run.standardError == "", "\(command)")
      // One NDJSON line a failed record: {"error", "file", "record"}, keys sorted.
      let logged = lines(try String(contentsOfFile: errors, encoding: .utf8))
      #expect(logged.count == 1, "\(command): \(logged)")
      #expect(keyOrder(logged[0]) == ["error", "file", "record"])
      let line = try object(logged[0])
      #expect(line["file"] as? String == "<stdin>", "\(command)")
      #expect(line["record"] as? String == "line 6", "\(command)")
      #expect(
        line["error"] as? String == "at byte 12845: expected a key in quotes", "\(command)")
    }
  }

  @Test func formatFollowsTheOutputsExtensionAndJSONKeysAreSorted() throws {
    let folder = try makeTemporaryFolder("conventions")
    defer { try? FileManager.default.removeItem(at: folder) }
    let csv = folder.appendingPathComponent("scores.csv").path
    #expect(try DuctusProcess.run(["pca", corpus, "-o", csv]).exitCode == 0)
    #expect(try String(contentsOfFile: csv, encoding: .utf8).hasPrefix("key,label,pc1,pc2\n"))
    let tally = folder.appendingPathComponent("tally.json").path
    #expect(
      try DuctusProcess.run(["trace", "rank", "-c", "small", "-o", tally, corpus]).exitCode == 0)
    let written = try object(try String(contentsOfFile: tally, encoding: .utf8))
    #expect(written["records"] as? Int == 5)
    // Piped, a command without a text form writes its machine format; the keys come sorted.
    let pair = lines(
      try DuctusProcess.run(["distances", corpus, "--resample", "8"]).standardOutput)[0]
    #expect(keyOrder(pair) == ["a", "b", "distance", "i", "j"])
    let series = lines(
      try DuctusProcess.run(["resample", corpus, "--resample", "4"]).standardOutput)[0]
    #expect(keyOrder(series) == ["key", "label", "penDown", "stroke", "t", "x", "y"])
    let scores = lines(try DuctusProcess.run(["pca", corpus]).standardOutput)[0]
    #expect(keyOrder(scores) == ["key", "label", "scores"])
    for line in lines(try DuctusProcess.run(["formats", "--format", "ndjson"]).standardOutput) {
      #expect(keyOrder(line) == keyOrder(line).sorted())
    }
  }

  // MARK: 2. Options that do not apply or contradict each other

  @Test(arguments: [
    (
      ["distances", "CORPUS", "--window", "3", "--metric", "frechet"],
      "'--window 3' is a band for --metric dtw; it does not apply to '--metric frechet'"
    ),
    (
      ["distances", "CORPUS", "--tiles", "2", "-o", "TMP/t.npy"],
      "'--tiles 2' says how the job is split; give '--tile R,C' too, to say which tile to compute"
    ),
    (
      ["distances", "CORPUS", "--tile", "0,1", "-o", "TMP/t.npy"],
      "'--tile 0,1' needs '--tiles K', the number of tiles a side"
    ),
    (
      ["distances", "CORPUS", "--tile", "1,0", "--tiles", "2", "-o", "TMP/t.npy"],
      "invalid value '1,0' for '--tile': the tiles cover the upper triangle, so R ≤ C"
    ),
    (
      ["distances", "CORPUS", "--tile", "0,2", "--tiles", "2", "-o", "TMP/t.npy"],
      "invalid value '0,2' for '--tile': with --tiles 2, R and C run from 0 to 1"
    ),
    (
      [
        "distances", "CORPUS", "--tile", "0,0", "--tiles", "1", "--shard", "0/2", "-o", "TMP/t.npy",
      ],
      "'--tile 0,0' and '--shard 0/2' both split the job; use one of them"
    ),
    (
      ["distances", "--stitch", "-o", "TMP/all.npy", "--metric", "hausdorff", "TMP/t.npy"],
      "--stitch joins finished tiles, which hold their distances already; '--metric hausdorff' "
        + "does not apply"
    ),
    (
      ["distances", "CORPUS", "-o", "TMP/d.npy", "--format", "csv"],
      "'-o TMP/d.npy' names a .npy file, but '--format csv' asks for CSV; drop one, or make them "
        + "agree"
    ),
    (
      [
        "render", "Datasets/samples/a.json", "-o", "TMP/a.png", "--thumbnail", "64x48", "--scale",
        "2",
      ],
      "'--thumbnail 64x48' sets the picture's size, so '--scale 2' cannot also set it"
    ),
    (
      ["render", "Datasets/samples/a.json", "--image-format", "svg", "-o", "TMP/x.png"],
      "'-o TMP/x.png' names a .png picture, but '--image-format svg' asks for svg"
    ),
    (
      ["render", "CORPUS", "-o", "TMP/pictures/", "--record", "star"],
      "'--record star' draws one record, but 'TMP/pictures/' is a folder"
    ),
    (
      ["render", "CORPUS", "-o", "TMP/all.png", "--shard", "1/2"],
      "'--shard 1/2' shares out the records of a corpus drawn into a folder"
    ),
    (["pca", "CORPUS", "-k", "0"], "invalid value '0' for '-k': expected 1 or more components"),
    (
      ["pca", "CORPUS", "-k", "20"], "'-k 20' is more than the 5 components a 5-drawing corpus has"
    ),
    (
      ["pca", "CORPUS", "--components", "20", "--resample", "2"],
      "'--components 20' is more than the 4 components of drawings resampled to 2 points"
    ),
    (
      ["pca", "CORPUS", "--resample", "none"],
      "pca needs drawings of equal length: give --resample N, not '--resample none'"
    ),
    (["resample", "CORPUS", "--format", "npy"], ".npy output needs -o FILE.npy"),
    (
      [
        "trace", "score", "-t", "latin/a", "-a", "Datasets/samples/a.json", "--placement",
        "0,0,-5,10",
      ],
      "invalid value '0,0,-5,10' for '--placement': the box's width and height (W and H) must be "
        + "positive"
    ),
    (
      ["trace", "rank", "-c", "digits", "-o", "TMP/ranks.csv", "CORPUS"],
      "'-o TMP/ranks.csv' names a .csv file, but this command writes text, json, ndjson"
    ),
    (
      ["convert", "Datasets/samples/a.json", "TMP/a.json", "--to", "inkml"],
      "'TMP/a.json' names a .json file (ductus-json), but '--to inkml' asks for inkml"
    ),
    (
      ["synth", "trace", "-t", "latin/a", "-n", "-1"],
      "invalid value '-1' for '-n': expected 0 or more"
    ),
  ])
  func contradictionsAreUsageErrorsThatSayWhy(words: [String], message: String) throws {
    let folder = try makeTemporaryFolder("conventions")
    defer { try? FileManager.default.removeItem(at: folder) }
    let tmp = folder.path
    let arguments = words.map {
      $0.replacingOccurrences(of: "TMP", with: tmp).replacingOccurrences(of: "CORPUS", with: corpus)
    }
    let outcome = try DuctusProcess.run(arguments)
    #expect(outcome.exitCode == 2, "\(words): \(outcome.standardError)")
    #expect(outcome.standardOutput == "")
    let expected = "error: " + message.replacingOccurrences(of: "TMP", with: tmp)
    #expect(outcome.standardError.hasPrefix(expected), "\(outcome.standardError)")
    #expect(!outcome.standardError.contains("componentCount"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)
  }

  // MARK: 3. Groups, formats, defaults, convert's refusals

  @Test(arguments: [[], ["trace"], ["templates"], ["synth"]])
  func aGroupWithoutASubcommandPrintsItsHelp(path: [String]) throws {
    let outcome = try DuctusProcess.run(path)
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardError == "")
    #expect(outcome == (try DuctusProcess.run(["help"] + path)))
    #expect(outcome.standardOutput.contains("SUBCOMMANDS:"))
  }

  @Test func formatsShowsWhatTheRegistryReadsAndWrites() throws {
    let folder = try makeTemporaryFolder("conventions")
    defer { try? FileManager.default.removeItem(at: folder) }
    let drawing = try InkFileFormat.readDrawing(
      at: SharedData.repositoryRoot.appendingPathComponent("Datasets/samples/a.json"))
    for format in InkFileFormat.allCases {
      let url = folder.appendingPathComponent("probe." + format.fileExtensions[0])
      var writes = true
      do {
        try format.write(drawing, to: url)
      } catch let error as InkFormatError where error.kind == .unsupported {
        writes = false
      }
      #expect(writes == format.isWritable, "\(format)")
    }
    let listed =
      try JSONSerialization.jsonObject(
        with: Data(try DuctusProcess.run(["formats", "--format", "json"]).standardOutput.utf8))
      as! [[String: Any]]
    #expect(listed.map { $0["name"] as! String } == InkFileFormat.allCases.map(\.rawValue))
    for (entry, format) in zip(listed, InkFileFormat.allCases) {
      #expect(entry["extensions"] as? [String] == format.fileExtensions)
      #expect(entry["read"] as? Bool == true)
      #expect(entry["write"] as? Bool == format.isWritable)
      #expect(entry["holdsCorpus"] as? Bool == format.holdsCorpus)
    }
  }

  @Test func helpStatesTheDefaultsTheCodeUses() throws {
    let pcaHelp = try DuctusProcess.run(["help", "pca"]).standardOutput
    #expect(pcaHelp.contains("(default: unit)"))
    let byDefault = try DuctusProcess.run(["pca", corpus, "--format", "csv"])
    let unit = try DuctusProcess.run(["pca", corpus, "--format", "csv", "--normalize", "unit"])
    let none = try DuctusProcess.run(["pca", corpus, "--format", "csv", "--normalize", "none"])
    #expect(byDefault.standardOutput == unit.standardOutput)
    #expect(byDefault.standardOutput != none.standardOutput)
    #expect(
      try DuctusProcess.run(["help", "distances"]).standardOutput.contains("(default: none)"))
    let renderHelp = try DuctusProcess.run(["help", "render"]).standardOutput
    let options = RenderOptions()
    #expect(options.margin == 4 && renderHelp.contains("Space around the drawing. (default: 4)"))
    #expect(options.scale == 1 && renderHelp.contains("(default: 1)"))
  }

  @Test func convertNamesReadOnlyFormatsAndNeverMakesAFolderNamedLikeAFile() throws {
    let folder = try makeTemporaryFolder("conventions")
    defer { try? FileManager.default.removeItem(at: folder) }
    let tmp = folder.path
    let quickdraw = try DuctusProcess.run(
      ["convert", "Datasets/samples/a.json", tmp + "/a.ndjson", "--to", "quickdraw"])
    #expect(quickdraw.exitCode == 2)
    #expect(
      quickdraw.standardError.hasPrefix(
        "error: quickdraw is read-only: Ductus reads Quick, Draw! NDJSON but does not write it; "
          + "write one of ductus-json, ductus-ndjson, inkml, pkdrawing"))
    let svg = try DuctusProcess.run(["convert", corpus, tmp + "/out.svg"])
    #expect(svg.exitCode == 2)
    #expect(
      svg.standardError.hasPrefix(
        "error: '\(tmp)/out.svg' names a kanjivg file (.svg), and kanjivg is read-only"))
    let named = try DuctusProcess.run(["convert", corpus, tmp + "/out.pkdrawing"])
    #expect(named.exitCode == 2)
    #expect(
      named.standardError.hasPrefix(
        "error: a corpus written as pkdrawing is a folder with one file a record, and "
          + "'\(tmp)/out.pkdrawing' is named like a file; name a folder ('out/')"))
    let missing = try DuctusProcess.run(
      ["convert", "Datasets/samples/a.json", tmp + "/missing/out.pkdrawing"])
    #expect(missing.exitCode == 74)
    #expect(missing.standardError == "error: \(tmp)/missing/out.pkdrawing: no such folder\n")
    let corpusIntoMissing = try DuctusProcess.run(
      ["convert", corpus, tmp + "/missing/out", "--to", "pkdrawing"])
    #expect(corpusIntoMissing.exitCode == 74)
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)
    // A folder named with a dot is fine when the name says it is a folder.
    let dotted = try DuctusProcess.run(["convert", corpus, tmp + "/out.v2/", "--to", "pkdrawing"])
    #expect(dotted.exitCode == 0, "\(dotted.standardError)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: tmp + "/out.v2").sorted()
        == keys.map { $0 + ".pkdrawing" }.sorted())
    let intoFolder = try DuctusProcess.run(
      ["convert", "Datasets/samples/a.json", tmp + "/out.v2", "--to", "ductus-ndjson"])
    #expect(intoFolder.exitCode == 2)
    #expect(
      intoFolder.standardError.contains("is a folder, but ductus-ndjson is written as one file"))
  }

  // MARK: 4. Progress

  /// `script` runs a command with a terminal for its streams (util-linux).
  static let scriptTool = "/usr/bin/script"

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: scriptTool)))
  func progressShowsOnATerminalAndEndsWithASummary() throws {
    func onTerminal(_ arguments: [String]) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Self.scriptTool)
      let command = ([DuctusProcess.binary.path] + arguments).joined(separator: " ")
      process.arguments = ["-qec", command + " >/dev/null", "/dev/null"]
      process.currentDirectoryURL = SharedData.repositoryRoot
      let output = Pipe()
      process.standardOutput = output
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      return String(decoding: data, as: UTF8.self)
    }
    let files = try onTerminal(["inspect", "Datasets/samples/a.json", "Datasets/samples/star.json"])
    #expect(files.contains("\u{1B}[Kinspect: 1/2 50% "))
    #expect(files.contains("\u{1B}[Kinspect: 2 records, 0 failed, "))
    let records = try onTerminal(["distances", corpus, "--resample", "8"])
    #expect(records.contains("distances: 5 records, 0 failed, "))
    #expect(try onTerminal(["inspect", "-q", corpus]) == "")
    // Without a terminal, nothing.
    #expect(try DuctusProcess.run(["inspect", corpus]).standardError == "")
  }

  // MARK: 5. One number format

  @Test func jsonAndCSVTextAgree() {
    #expect(JSONTextWriter.number(3) == "3")
    #expect(JSONTextWriter.number(0.1) == "0.1")
    #expect(JSONTextWriter.number(-0.0) == "-0.0")
    #expect(JSONTextWriter.number(.nan) == "null")
    #expect(JSONTextWriter.number(.infinity) == "null")
    #expect(JSONTextWriter.number(-.infinity) == "null")
    var writer = JSONTextWriter()
    for value in [3, 0.1, -0.0, .nan, .infinity, -.infinity, 1e300] {
      writer.bytes = []
      writer.appendNumber(value)
      #expect(String(decoding: writer.bytes, as: UTF8.self) == JSONTextWriter.number(value))
      let csv = CSVText.number(value)
      #expect(value.isFinite ? csv == JSONTextWriter.number(value) : csv.isEmpty)
    }
    #expect(JSONTextWriter.numbers([1, .nan, 2.5]) == "[1,null,2.5]")
    #expect(JSONTextWriter.string("a \"b\"\n/\u{1}") == "\"a \\\"b\\\"\\n/\\u0001\"")
    #expect(CSVText.field("plain") == "plain")
    #expect(CSVText.field("a,b") == "\"a,b\"")
    #expect(CSVText.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(CSVText.field("two\nlines") == "\"two\nlines\"")
    #expect(CSVText.field("cr\r") == "\"cr\r\"")
  }
}
