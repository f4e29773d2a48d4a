import DuctusTestSupport
import Foundation
import InkFormats
import Testing

/// A seeded mutation fuzz of every reader through the command line (issue 8: invalid UTF-8 in an
/// element name made Foundation's `XMLParser` kill the process): `ductus inspect --from FORMAT`
/// of each mutated real file (the inputs of `Scripts/fuzz`) exits 0, 1, 65 or 66, never by a
/// signal, and each error is one line naming the file; a batch over the folder of mutants reads
/// every file that can be read and goes on past the rest.
@Suite("ductus inspect survives mutated files of every format", .serialized)
struct ReaderFuzzCommandTests {
  /// How many mutants each format gets.
  static let mutantsPerFormat = 30

  /// The formats `inspect` reads (`.npy` is read by `distances --stitch`, below).
  static let formats = InkFileFormat.allCases

  /// Runs `body` for each index on two threads.
  static func concurrently(_ count: Int, _ body: @Sendable (Int) -> Void) {
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
  }

  @Test(arguments: formats)
  func eachMutantExitsInTheDocumentedSetWithOneLineNamingTheFile(format: InkFileFormat) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-reader-fuzz-\(format.rawValue)-\(UUID().uuidString)")
    let scratch = folder.appendingPathExtension("scratch")
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(at: scratch)
    }
    let fuzzer = try ReaderFuzzer(
      target: .reader(format), scratch: scratch, maximumInputLength: 1 << 16)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var files: [URL] = []
    for number in 0..<Self.mutantsPerFormat {
      let file = folder.appendingPathComponent(
        "mutant-\(String(format: "%03d", number)).\(fuzzer.target.fileExtension)")
      try Data(fuzzer.input(number, seed: 11)).write(to: file)
      files.append(file)
    }
    let outcomes = Outcomes(count: files.count)
    let arguments = files.map {
      ["inspect", "-q", "--format", "ndjson", "--from", format.rawValue, $0.path]
    }
    Self.concurrently(files.count) { i in outcomes.set(i, try? DuctusProcess.run(arguments[i])) }
    var read = 0
    var failed = 0
    for (file, outcome) in zip(files, outcomes.values) {
      let name = file.lastPathComponent
      guard let outcome else {
        Issue.record("\(name): the binary could not be run")
        continue
      }
      #expect([0, 1, 65, 66].contains(outcome.exitCode), "\(name): exit \(outcome.exitCode)")
      if outcome.exitCode == 0 {
        read += 1
        #expect(outcome.standardError.isEmpty, "\(name): \(outcome.standardError)")
      } else {
        failed += 1
        let lines = outcome.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "\(name): \(outcome.standardError)")
        #expect(
          lines.dropLast().allSatisfy { $0.hasPrefix("error: \(file.path): ") },
          "\(name): \(outcome.standardError)")
        if outcome.exitCode == 65 {
          #expect(lines.count == 2, "\(name): \(outcome.standardError)")
        }
      }
    }
    #expect(read + failed == files.count)
    #expect(failed > 0, "no mutant of \(format.rawValue) was refused")

    // The batch over the folder reads what can be read and reports the rest, a line each.
    let batch = try DuctusProcess.run([
      "inspect", "-q", "--format", "ndjson", "--from", format.rawValue, "-j", "2", folder.path,
    ])
    #expect(batch.exitCode == 1, "\(batch.standardError.prefix(500))")
    let errors = batch.standardError.split(separator: "\n")
    #expect(errors.count >= failed)
    // A UNIPEN folder is one distribution, whose errors name its files below it.
    let named = format == .unipen ? "error: mutant-" : "error: \(folder.path)/mutant-"
    #expect(errors.allSatisfy { $0.hasPrefix(named) }, "\(batch.standardError.prefix(500))")
  }

  /// `.npy` mutants (of the `Scripts/fuzz npy` seeds) as tiles for `distances --stitch`, each
  /// with the sidecar of a real one-tile job: exit 0 (a mutant that is still that tile) or 65,
  /// never by a signal, one line naming the file.
  @Test func npyMutantsThroughStitchExitInTheDocumentedSet() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-npy-fuzz-\(UUID().uuidString)")
    let scratch = folder.appendingPathExtension("scratch")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(at: scratch)
    }
    let samples = SharedData.repositoryRoot.appendingPathComponent(
      "Datasets/samples/samples.ndjson"
    ).path
    let tile = folder.appendingPathComponent("tile.npy").path
    let made = try DuctusProcess.run(
      ["distances", samples, "--tile", "0,0", "--tiles", "1", "-o", tile, "--resample", "16"])
    try #require(made.exitCode == 0, "\(made.standardError)")
    let sidecar = try Data(contentsOf: URL(fileURLWithPath: tile + ".json"))
    let fuzzer = try ReaderFuzzer(target: .npy, scratch: scratch, maximumInputLength: 1 << 16)
    let files = try (0..<Self.mutantsPerFormat).map { number in
      let file = folder.appendingPathComponent("mutant-\(String(format: "%03d", number)).npy")
      try Data(fuzzer.input(number, seed: 11)).write(to: file)
      try sidecar.write(to: file.appendingPathExtension("json"))
      return file
    }
    let outcomes = Outcomes(count: files.count)
    Self.concurrently(files.count) { i in
      let output = files[i].deletingPathExtension().appendingPathExtension("stitched.npy")
      outcomes.set(
        i, try? DuctusProcess.run(["distances", "--stitch", "-o", output.path, files[i].path]))
    }
    var refused = 0
    var refusedByTheReader = 0
    for (file, outcome) in zip(files, outcomes.values) {
      let name = file.lastPathComponent
      guard let outcome else {
        Issue.record("\(name): the binary could not be run")
        continue
      }
      #expect([0, 65].contains(outcome.exitCode), "\(name): exit \(outcome.exitCode)")
      if outcome.exitCode != 0 {
        refused += 1
        if !outcome.standardError.contains("not a tile of a distances job") {
          refusedByTheReader += 1
        }
        #expect(
          outcome.standardError.hasPrefix("error: \(file.path): ")
            && outcome.standardError.split(separator: "\n").count == 1,
          "\(name): \(outcome.standardError)")
      }
    }
    #expect(refused > 0)
    #expect(refusedByTheReader > 0, "every mutant was a well-formed array of another shape")
  }

  /// Found by the in-process fuzz of KanjiVG (seed 8): libxml2 wrote `encoding error : input
  /// conversion failed …` to standard error beside the command's own line.
  @Test func bytesThatAreNotUTF8GiveOneLineOnStandardError() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-stray-stderr-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("comment.svg")
    let bytes =
      Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- d".utf8) + [0x80]
      + Array("istribute -->\n<svg/>\n".utf8)
    try Data(bytes).write(to: file)
    let outcome = try DuctusProcess.run(["inspect", "-q", "--from", "kanjivg", file.path])
    #expect(outcome.exitCode == 65)
    #expect(
      outcome.standardError
        == "error: \(file.path): record line 2: invalid UTF-8: bytes 0x80 0x69 0x73 0x74 "
        + "(libxml2 error 9)\n")
  }

  /// The outcomes of concurrent runs, by index.
  private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [DuctusProcess.Outcome?]
    init(count: Int) { stored = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ outcome: DuctusProcess.Outcome?) {
      lock.withLock { stored[index] = outcome }
    }
    var values: [DuctusProcess.Outcome?] { lock.withLock { stored } }
  }
}
