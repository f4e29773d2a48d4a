import DuctusTestSupport
import Foundation
import Testing

/// Golden files for end-to-end runs: `Snapshots/<name>.txt` holds the command line, the exit
/// code, standard output and standard error of one run. `DUCTUS_UPDATE_SNAPSHOTS=1` rewrites
/// them from the current binary instead of comparing.
enum Snapshot {
  /// The folder of golden files.
  static let folder = SharedData.repositoryRoot.appendingPathComponent(
    "Tests/DuctusCLITests/Snapshots")

  /// Whether this run rewrites the golden files.
  static let isUpdating = ProcessInfo.processInfo.environment["DUCTUS_UPDATE_SNAPSHOTS"] == "1"

  /// Runs `ductus` with arguments and compares the result with the golden file `name`;
  /// `replacing` maps run-specific text (temporary paths) to stable placeholders first.
  @discardableResult
  static func check(
    _ name: String, _ arguments: [String], input: Data? = nil,
    replacing: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> DuctusProcess.Outcome {
    let outcome = try DuctusProcess.run(arguments, input: input)
    var text = render(arguments, outcome)
    for (original, placeholder) in replacing {
      text = text.replacingOccurrences(of: original, with: placeholder)
    }
    let file = folder.appendingPathComponent(name + ".txt")
    if isUpdating {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
      return outcome
    }
    guard let golden = try? String(contentsOf: file, encoding: .utf8) else {
      Issue.record(
        "no golden file \(name).txt; run with DUCTUS_UPDATE_SNAPSHOTS=1",
        sourceLocation: sourceLocation)
      return outcome
    }
    #expect(text == golden, "snapshot \(name)", sourceLocation: sourceLocation)
    return outcome
  }

  /// The golden-file text of one run.
  static func render(_ arguments: [String], _ outcome: DuctusProcess.Outcome) -> String {
    "$ ductus \(arguments.joined(separator: " "))\n"
      + "--- exit code\n\(outcome.exitCode)\n"
      + "--- stdout\n\(outcome.standardOutput)"
      + "--- stderr\n\(outcome.standardError)"
  }
}
