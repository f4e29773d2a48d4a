import DuctusTestSupport
import Foundation
import Testing
import _DuctusSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `--resume`: a batch killed at seeded random moments (`SIGKILL` three times) and finished
/// with `--resume` writes the bytes of one uninterrupted run, for `trace batch -o`, `features -o`,
/// `render -o folder/`, `convert` into a corpus file and a folder, and tiled `distances`;
/// `SIGTERM` and `SIGINT` leave no partial file at the output's name and the earlier output
/// intact, and nothing behind once the next run finishes; a journal of other options or an
/// input that changed is refused.
@Suite(.serialized) struct ResumeCommandTests {
  private func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ductus-resume-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func contents(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  /// Every file below `folder` (paths relative to it) and its bytes.
  private func files(below folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let name = enumerator?.nextObject() as? String {
      let url = folder.appendingPathComponent(name)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        result[name] = try Data(contentsOf: url)
      }
    }
    return result
  }

  /// A corpus of `copies` × `count` synthetic attempts of `latin/a` (`synth trace`, keys
  /// `<copy>-latin/a#<i>`), with `broken` unreadable lines among each copy's records, evenly
  /// spread, so that `--errors` has lines.
  private func corpus(in folder: URL, count: Int, broken: Int = 0, copies: Int = 1) throws
    -> URL
  {
    let made = folder.appendingPathComponent("made.ndjson")
    let synth = try DuctusProcess.run([
      "synth", "trace", "-t", "latin/a", "-n", "\(count)", "--seed", "7", "-o", made.path,
    ])
    try #require(synth.exitCode == 0, "\(synth.standardError)")
    let lines = try String(contentsOf: made, encoding: .utf8).split(separator: "\n")
    let step = count / (broken + 1)
    var text = ""
    for copy in 0..<copies {
      for (index, line) in lines.enumerated() {
        if broken > 0, index > 0, index % step == 0, index / step <= broken {
          text += "{\"key\":\"broken-\(copy)-\(index)\",\"drawing\":{\"strokes\":7}}\n"
        }
        text += line.replacingOccurrences(of: "{\"key\":\"", with: "{\"key\":\"\(copy)-") + "\n"
      }
    }
    let url = folder.appendingPathComponent("corpus.ndjson")
    try Data(text.utf8).write(to: url)
    try FileManager.default.removeItem(at: made)
    return url
  }

  /// Runs `arguments` with `--resume` killed by `SIGKILL` three times (first as soon as the
  /// journal `journal` has a checkpoint, then at two seeded random moments between a fifth and
  /// three fifths of `duration`, the seconds one uninterrupted run takes), then once more to
  /// the end; the last run's outcome, and how many of the kills found a checkpoint in the
  /// journal.
  private func killedThriceThenResumed(
    _ arguments: [String], duration: Double, seed: UInt64, journal: URL, in folder: URL
  ) throws -> (outcome: DuctusProcess.Outcome, checkpointsFound: Int) {
    var random = SplitMix64(seed: seed)
    var checkpointsFound = 0
    let checkpoints = {
      ((try? String(contentsOf: journal, encoding: .utf8))?.split(separator: "\n").count ?? 0)
        - 1
    }
    for kill in 0..<3 {
      let run = try RunningDuctus(arguments + ["--resume"], directory: folder)
      try run.closeInput()
      if kill == 0 {
        _ = RunningDuctus.wait(seconds: 2 * duration + 5) { checkpoints() > 0 }
      } else {
        usleep(useconds_t(random.uniform(0.2...0.6) * duration * 1_000_000))
      }
      run.send(SIGKILL)
      _ = run.waitForExit()
      if checkpoints() > 0 { checkpointsFound += 1 }
    }
    let last = try DuctusProcess.run(arguments + ["--resume"], directory: folder)
    return (last, checkpointsFound)
  }

  /// Runs `arguments` once, uninterrupted: its outcome and wall-clock seconds.
  private func timed(_ arguments: [String], in folder: URL) throws -> (
    DuctusProcess.Outcome, Double
  ) {
    let start = Date()
    let outcome = try DuctusProcess.run(arguments, directory: folder)
    return (outcome, Date().timeIntervalSince(start))
  }

  /// The names in `folder` that a run leaves only when unfinished: temporary files, journals,
  /// partial files.
  private func leftovers(_ folder: URL) -> [String] {
    contents(folder).filter {
      $0.contains(".tmp-") || $0.hasSuffix(".ductus-partial") || $0.contains(".ductus-resume")
    }
  }

  // MARK: Killed three times, finished with --resume

  @Test func traceBatchKilledThreeTimesWritesTheUninterruptedBytes() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try corpus(in: folder, count: 300, broken: 4)
    let common = ["trace", "batch", "-t", "latin/a", "--placement", "box", "-j", "2", input.path]
    let (whole, duration) = try timed(
      common + ["-o", "whole.ndjson", "--errors", "whole-errors.ndjson"], in: folder)
    #expect(whole.exitCode == 1)
    let (resumed, checkpoints) = try killedThriceThenResumed(
      common + ["-o", "resumed.ndjson", "--errors", "resumed-errors.ndjson"], duration: duration,
      seed: 8, journal: folder.appendingPathComponent(".resumed.ndjson.ductus-resume"),
      in: folder)
    #expect(resumed.exitCode == 1, "\(resumed.standardError)")
    let expected = try Data(contentsOf: folder.appendingPathComponent("whole.ndjson"))
    #expect(expected.count > 100_000)
    #expect(try Data(contentsOf: folder.appendingPathComponent("resumed.ndjson")) == expected)
    let errors = try Data(contentsOf: folder.appendingPathComponent("whole-errors.ndjson"))
    #expect(String(decoding: errors, as: UTF8.self).split(separator: "\n").count == 4)
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("resumed-errors.ndjson")) == errors)
    #expect(checkpoints >= 1)
    #expect(leftovers(folder).isEmpty)
  }

  @Test func renderIntoAFolderKilledThreeTimesDrawsTheUninterruptedPictures() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Enough pictures that the run lasts past its first checkpoint (one a second) even on a
    // fast machine: 80 could all be drawn within the first second, leaving nothing to resume.
    let input = try corpus(in: folder, count: 240, broken: 2)
    let common = ["render", "--thumbnail", "48x48", "-j", "2", input.path, "--errors"]
    let (whole, duration) = try timed(common + ["whole-errors.ndjson", "-o", "whole/"], in: folder)
    #expect(whole.exitCode == 1)
    let (resumed, checkpoints) = try killedThriceThenResumed(
      common + ["resumed-errors.ndjson", "-o", "resumed/"], duration: duration, seed: 9,
      journal: folder.appendingPathComponent("resumed/.ductus-resume"), in: folder)
    #expect(resumed.exitCode == 1, "\(resumed.standardError)")
    let expected = try files(below: folder.appendingPathComponent("whole"))
    #expect(expected.count == 240)
    #expect(try files(below: folder.appendingPathComponent("resumed")) == expected)
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("resumed-errors.ndjson"))
        == Data(contentsOf: folder.appendingPathComponent("whole-errors.ndjson")))
    #expect(checkpoints >= 1)
    #expect(leftovers(folder.appendingPathComponent("resumed")).isEmpty)
  }

  @Test func shardsResumeIntoOneFolderEachWithItsOwnJournal() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try corpus(in: folder, count: 60)
    let common = ["render", "--thumbnail", "32x32", "-j", "2", input.path]
    let (whole, duration) = try timed(common + ["-o", "whole/"], in: folder)
    #expect(whole.exitCode == 0)
    let shared = folder.appendingPathComponent("shared")
    let first = try RunningDuctus(
      common + ["-o", "shared/", "--shard", "0/2", "--resume"], directory: folder)
    try first.closeInput()
    usleep(useconds_t(duration * 0.4 * 1_000_000))
    first.send(SIGKILL)
    _ = first.waitForExit()
    #expect(contents(shared).contains(".ductus-resume-0-of-2"))
    for index in [1, 0] {
      let run = try DuctusProcess.run(
        common + ["-o", "shared/", "--shard", "\(index)/2", "--resume"], directory: folder)
      #expect(run.exitCode == 0, "\(run.standardError)")
    }
    let expected = try files(below: folder.appendingPathComponent("whole"))
    #expect(expected.count == 60)
    #expect(try files(below: shared) == expected)
  }

  @Test(arguments: ["converted.ndjson", "converted/"])
  func convertKilledThreeTimesWritesTheUninterruptedCorpus(output: String) throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try corpus(in: folder, count: 200, broken: 3, copies: 4)
    let isFolder = output.hasSuffix("/")
    let to = isFolder ? ["--to", "ductus-json"] : []
    let common = ["convert", "--max-content-version", "1", "-j", "2"] + to + [input.path]
    let (whole, duration) = try timed(
      common + ["whole-" + output, "--errors", "whole-errors.ndjson"], in: folder)
    #expect(whole.exitCode == 1, "\(whole.standardError)")
    let journal =
      isFolder ? "resumed-converted/.ductus-resume" : ".resumed-converted.ndjson.ductus-resume"
    let (resumed, _) = try killedThriceThenResumed(
      common + ["resumed-" + output, "--errors", "resumed-errors.ndjson"], duration: duration,
      seed: 10, journal: folder.appendingPathComponent(journal), in: folder)
    #expect(resumed.exitCode == 1, "\(resumed.standardError)")
    let wholeURL = folder.appendingPathComponent("whole-" + output)
    let resumedURL = folder.appendingPathComponent("resumed-" + output)
    if isFolder {
      let expected = try files(below: wholeURL)
      #expect(expected.count == 800)
      #expect(try files(below: resumedURL) == expected)
    } else {
      let expected = try Data(contentsOf: wholeURL)
      #expect(expected.count > 1_000_000)
      #expect(try Data(contentsOf: resumedURL) == expected)
    }
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("resumed-errors.ndjson"))
        == Data(contentsOf: folder.appendingPathComponent("whole-errors.ndjson")))
    #expect(leftovers(folder).isEmpty)
    #expect(leftovers(resumedURL).isEmpty)
  }

  @Test func featuresKilledThreeTimesWritesTheUninterruptedTable() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try corpus(in: folder, count: 200, broken: 3, copies: 3)
    let common = ["features", "--level", "stroke", "--format", "csv", "-j", "2", input.path]
    let (whole, duration) = try timed(
      common + ["-o", "whole.csv", "--errors", "whole-errors.ndjson"], in: folder)
    #expect(whole.exitCode == 1, "\(whole.standardError)")
    let (resumed, _) = try killedThriceThenResumed(
      common + ["-o", "resumed.csv", "--errors", "resumed-errors.ndjson"], duration: duration,
      seed: 11, journal: folder.appendingPathComponent(".resumed.csv.ductus-resume"), in: folder)
    #expect(resumed.exitCode == 1, "\(resumed.standardError)")
    let expected = try Data(contentsOf: folder.appendingPathComponent("whole.csv"))
    #expect(String(decoding: expected, as: UTF8.self).split(separator: "\n").count > 600)
    #expect(try Data(contentsOf: folder.appendingPathComponent("resumed.csv")) == expected)
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("resumed-errors.ndjson"))
        == Data(contentsOf: folder.appendingPathComponent("whole-errors.ndjson")))
    #expect(leftovers(folder).isEmpty)
  }

  /// The whole matrix (a diagonal tile, its lower half mirrored), an off-diagonal tile, one
  /// shard of the rows and a matrix against a second corpus (those two in blocks of rows).
  @Test(arguments: [
    ["--tiles", "2", "--tile", "0,1"], [], ["--shard", "1/2"], ["--against", "corpus.ndjson"],
  ])
  func distancesKilledThreeTimesWritesTheUninterruptedMatrix(split: [String]) throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try corpus(in: folder, count: split.isEmpty ? 130 : 200)
    let common = ["distances", "--resample", "24", input.path] + split
    let (whole, duration) = try timed(common + ["-o", "whole.npy"], in: folder)
    #expect(whole.exitCode == 0, "\(whole.standardError)")
    let (resumed, _) = try killedThriceThenResumed(
      common + ["-o", "resumed.npy"], duration: duration, seed: 11,
      journal: folder.appendingPathComponent(".resumed.npy.ductus-resume"), in: folder)
    #expect(resumed.exitCode == 0, "\(resumed.standardError)")
    for name in ["", ".json"] {
      let expected = try Data(contentsOf: folder.appendingPathComponent("whole.npy" + name))
      #expect(expected.count > 500)
      #expect(try Data(contentsOf: folder.appendingPathComponent("resumed.npy" + name)) == expected)
    }
    #expect(leftovers(folder).isEmpty)
  }

  // MARK: Interrupted

  @Test(arguments: [SIGTERM, SIGINT])
  func anInterruptLeavesTheEarlierOutputAndTheNextRunFinishesIt(signal: Int32) throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try corpus(in: folder, count: 120)
    let common = ["trace", "batch", "-t", "latin/a", "-j", "2", input.path, "-o", "out.ndjson"]
    let (whole, duration) = try timed(common, in: folder)
    #expect(whole.exitCode == 0)
    let expected = try Data(contentsOf: folder.appendingPathComponent("out.ndjson"))
    let earlier = Data("an earlier output\n".utf8)
    for resume in [false, true] {
      try earlier.write(to: folder.appendingPathComponent("out.ndjson"))
      let run = try RunningDuctus(common + (resume ? ["--resume"] : []), directory: folder)
      try run.closeInput()
      usleep(useconds_t(duration * 0.5 * 1_000_000))
      run.send(signal)
      let stopped = run.waitForExit()
      #expect(stopped.exitCode == 128 + signal)
      #expect(try Data(contentsOf: folder.appendingPathComponent("out.ndjson")) == earlier)
      #expect(!contents(folder).contains { $0.contains(".tmp-") })
      // With --resume the journal and the partial output stay for the next run.
      #expect(
        contents(folder).contains(".out.ndjson.ductus-partial") == resume,
        "\(contents(folder))")
      let next = try DuctusProcess.run(common + (resume ? ["--resume"] : []), directory: folder)
      #expect(next.exitCode == 0, "\(next.standardError)")
      #expect(try Data(contentsOf: folder.appendingPathComponent("out.ndjson")) == expected)
      #expect(leftovers(folder).isEmpty)
    }
  }

  @Test func aRunWithoutResumeRemovesAKilledRunsJournalAndPartialOutput() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try corpus(in: folder, count: 60)
    let common = ["trace", "batch", "-t", "latin/a", input.path, "-o", "out.ndjson"]
    let run = try RunningDuctus(common + ["--resume"], directory: folder)
    try run.closeInput()
    #expect(
      RunningDuctus.wait(seconds: 30) {
        self.contents(folder).contains(".out.ndjson.ductus-resume")
      })
    run.send(SIGKILL)
    _ = run.waitForExit()
    let plain = try DuctusProcess.run(common, directory: folder)
    #expect(plain.exitCode == 0)
    #expect(leftovers(folder).isEmpty)
  }

  // MARK: Refusals

  @Test func aJournalOfOtherOptionsOrAChangedInputIsRefused() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try corpus(in: folder, count: 60)
    let journal = folder.appendingPathComponent(".out.ndjson.ductus-resume")
    let common = ["trace", "batch", "-t", "latin/a", input.path, "-o", "out.ndjson", "--resume"]
    let run = try RunningDuctus(common, directory: folder)
    try run.closeInput()
    #expect(
      RunningDuctus.wait(seconds: 30) { FileManager.default.fileExists(atPath: journal.path) })
    run.send(SIGKILL)
    _ = run.waitForExit()

    let other = try DuctusProcess.run(common + ["--placement", "box"], directory: folder)
    #expect(other.exitCode == 2)
    let refusal =
      "error: out.ndjson: the journal .out.ndjson.ductus-resume is of another run (options "
      + "differ: --placement=box now); run with the same arguments to resume it, or without "
      + "--resume to start over\n"
    #expect(other.standardError.hasPrefix(refusal), "\(other.standardError)")
    // --jobs does not change the output: the same journal goes on.
    let handle = try FileHandle(forWritingTo: input)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("\n".utf8))
    try handle.close()
    let changed = try DuctusProcess.run(common + ["-j", "1"], directory: folder)
    #expect(changed.exitCode == 2)
    #expect(changed.standardError.contains("(the input \(input.path) changed since)"))
    #expect(FileManager.default.fileExists(atPath: journal.path))
  }

  @Test func aJournalOfAChangedTemplateFileIsRefused() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try corpus(in: folder, count: 60)
    let template = folder.appendingPathComponent("a.json")
    let shown = try DuctusProcess.run(["templates", "show", "latin/a"])
    try #require(shown.exitCode == 0)
    try Data(shown.standardOutput.utf8).write(to: template)
    let journal = folder.appendingPathComponent(".out.ndjson.ductus-resume")
    let common = [
      "trace", "batch", "-t", template.path, input.path, "-o", "out.ndjson", "--resume",
    ]
    _ = try writtenJournal(common, in: folder)
    // The same bytes again (a new modification time): the same template, the journal holds.
    try Data(shown.standardOutput.utf8).write(to: template)
    let same = try RunningDuctus(common, directory: folder)
    try same.closeInput()
    usleep(300_000)
    same.send(SIGKILL)
    #expect(same.waitForExit().standardError.isEmpty)
    // One description changed: another template.
    try Data(
      shown.standardOutput.replacingOccurrences(of: "small letter a", with: "a small a").utf8
    ).write(to: template)
    let changed = try DuctusProcess.run(common, directory: folder)
    #expect(changed.exitCode == 2)
    #expect(
      changed.standardError.contains("is of another run (the template changed since)"),
      "\(changed.standardError)")
    #expect(FileManager.default.fileExists(atPath: journal.path))
  }

  @Test func aPartialOutputShorterThanItsJournalIsRefused() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try corpus(in: folder, count: 60)
    let common = ["trace", "batch", "-t", "latin/a", input.path, "-o", "out.ndjson", "--resume"]
    let header = try String(contentsOf: try writtenJournal(common, in: folder), encoding: .utf8)
    let journal = folder.appendingPathComponent(".out.ndjson.ductus-resume")
    let checkpoint =
      "{\"errorsBytes\":0,\"failures\":0,\"keys\":\"0\",\"outputBytes\":999,\"records\":1}\n"
    try Data((header + checkpoint).utf8).write(to: journal)
    try Data().write(to: folder.appendingPathComponent(".out.ndjson.ductus-partial"))
    let refused = try DuctusProcess.run(common, directory: folder)
    #expect(refused.exitCode == 74)
    #expect(
      refused.standardError
        == "error: .out.ndjson.ductus-partial: shorter than the 999 bytes its journal counts; "
        + "run without --resume to start over\n")
  }

  /// Starts `arguments` and kills it once its journal has its header; a file holding that
  /// line.
  private func writtenJournal(_ arguments: [String], in folder: URL) throws -> URL {
    let journal = folder.appendingPathComponent(".out.ndjson.ductus-resume")
    let run = try RunningDuctus(arguments, directory: folder)
    try run.closeInput()
    #expect(
      RunningDuctus.wait(seconds: 30) {
        (try? String(contentsOf: journal, encoding: .utf8))?.contains("\n") == true
      })
    run.send(SIGKILL)
    _ = run.waitForExit()
    let first = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")[0]
    let header = folder.appendingPathComponent("header")
    try Data((first + "\n").utf8).write(to: header)
    return header
  }

  @Test func resumeNeedsARegularOutputFile() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let samples = SharedData.repositoryRoot.appendingPathComponent(
      "Datasets/samples/samples.ndjson"
    ).path
    let fifo = folder.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let cases: [([String], String)] = [
      (
        ["trace", "batch", "-t", "latin/a", samples, "--resume"],
        "error: '--resume' continues an output file; give -o FILE\n"
      ),
      (
        ["trace", "batch", "-t", "latin/a", samples, "--resume", "-o", fifo],
        "error: '--resume' continues an output file, and the output is '\(fifo)', which is not "
          + "a regular file; name a file\n"
      ),
      (
        ["render", samples, "-o", "x.png", "--resume"],
        "error: '--resume' continues a corpus drawn into a folder; 'x.png' is one picture, drawn "
          + "whole or not at all\n"
      ),
      (
        ["distances", samples, "--shard", "0/2", "--resume"],
        "error: '--resume' continues an output file; give -o FILE\n"
      ),
    ]
    for (arguments, message) in cases {
      let outcome = try DuctusProcess.run(arguments, directory: folder)
      #expect(outcome.exitCode == 2, "\(arguments)")
      #expect(outcome.standardError.hasPrefix(message), "\(outcome.standardError)")
    }
    #expect(contents(folder) == ["fifo"])
  }

  @Test func theStaleTemporaryFileSweepLeavesResumeFilesAlone() {
    for name in [
      ".out.ndjson.ductus-partial", ".out.ndjson.ductus-resume", ".ductus-resume",
      ".ductus-resume-0-of-2", ".ductus-x.ndjson.ductus-partial",
    ] {
      #expect(TemporaryFiles.owner(ofTemporaryName: name) == nil, "\(name)")
    }
  }
}
