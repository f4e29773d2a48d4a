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

  /// Whether this run rewrites the golden files. Never under CI (`CI=true`): a CI run that
  /// rewrote the goldens would compare nothing, so asking for it fails every snapshot test.
  static let isUpdating =
    ProcessInfo.processInfo.environment["DUCTUS_UPDATE_SNAPSHOTS"] == "1"
    && !isContinuousIntegration

  /// Whether the tests run under CI.
  static let isContinuousIntegration = ProcessInfo.processInfo.environment["CI"] == "true"

  /// Whether an update was asked for where it is refused.
  static let isRefusedUpdate =
    ProcessInfo.processInfo.environment["DUCTUS_UPDATE_SNAPSHOTS"] == "1" && isContinuousIntegration

  /// Runs `ductus` with arguments and compares the result with the golden file `name`;
  /// `replacing` maps run-specific text (temporary paths) to stable placeholders first.
  @discardableResult
  static func check(
    _ name: String, _ arguments: [String], input: Data? = nil,
    replacing: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> DuctusProcess.Outcome {
    if isRefusedUpdate {
      Issue.record(
        "DUCTUS_UPDATE_SNAPSHOTS=1 is refused under CI=true: golden files are compared in CI",
        sourceLocation: sourceLocation)
    }
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
