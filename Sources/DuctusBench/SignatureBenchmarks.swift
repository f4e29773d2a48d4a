import Foundation
import InkFeatures
import InkFormats
import InkSignatures

/// `DuctusBench signatures …`: signature verification on SVC2004 Task 2
/// (`--dataset DIR`, a folder of `U<user>S<n>.TXT` files).
///
/// Cases (results are `name<TAB>seconds` lines, the best of the repetitions):
/// - `verify --dataset DIR [--user U] [--repetitions R] [--matcher FILE]`: user `U` (the first
///   by default) enrolled from S1–S5, then each of S11–S40
///   verified against the five references, one thread; the time is a verification's (the
///   features of the questioned signature are computed beforehand, as a store keeps them).
///   `--matcher` reads the matcher from a JSON file (`SignatureMatcher`, such as one of
///   `ductus signature evaluate`'s folds), to time other local functions with the same binary.
/// - `evaluate --dataset DIR [--trials T] [--repetitions R] [--matcher FILE]`: the whole SVC2004
///   evaluation of every user (`SignatureEvaluation`, all cores), after the features of every
///   file are computed (timed apart, `features`); `--matcher` as for `verify` (a fusion whose
///   `meanTemplateShare` is 0 times the evaluation without the mean template).
enum SignatureBenchmarks: BenchmarkSuite {
  static let name = "signatures"
  static let summary = "signature verification: one verification, the SVC2004 evaluation"

  static func run(_ arguments: BenchmarkArguments) throws {
    let repetitions = try arguments.integer("repetitions", default: 3)
    let folder = URL(fileURLWithPath: try arguments.string("dataset"))
    let extraction = try Stopwatch.best(of: 1) { try Self.users(in: folder) }
    let dataset = extraction.result
    let matcher =
      try arguments.optionalString("matcher").map {
        try JSONDecoder().decode(
          SignatureMatcher.self, from: Data(contentsOf: URL(fileURLWithPath: $0)))
      } ?? SignatureMatcher()
    switch arguments.caseName {
    case "verify":
      let user = dataset[try arguments.integer("user", default: 1) - 1]
      let template = try SignatureEnrollment(matcher: matcher).enroll(
        Array(user.genuine.prefix(5)))
      let questioned = Array(user.genuine.suffix(10)) + user.skilled
      let timing = try Stopwatch.best(of: repetitions) {
        try questioned.map { try template.verify($0).score }
      }
      let samples = questioned.map { $0.local.count }.reduce(0, +) / questioned.count
      Stopwatch.report("verify_against_5", seconds: timing.seconds / Double(questioned.count))
      Stopwatch.emit(
        "# \(questioned.count) signatures of \(samples) samples on average; references "
          + template.references.map { String($0.local.count) }.joined(separator: ", "))
    case "evaluate":
      let trials = try arguments.integer("trials", default: 10)
      let timing = try Stopwatch.best(of: repetitions) {
        try SignatureEvaluation(trials: trials, matcher: matcher).run(dataset)
      }
      Stopwatch.report("features", seconds: extraction.seconds)
      Stopwatch.report("evaluate", seconds: timing.seconds)
      Stopwatch.emit(
        String(
          format: "# %d users, %d trials: skilled EER %.2f%% per user, %.2f%% pooled; cores %d",
          dataset.count, trials, 100 * timing.result.skilled.perUserEER.mean,
          100 * timing.result.skilled.pooledEER.mean,
          ProcessInfo.processInfo.activeProcessorCount))
    default:
      throw BenchmarkError.unknownCase(arguments.caseName, known: ["verify", "evaluate"])
    }
  }

  /// The users of the data set, in user order, with the features of their signatures.
  static func users(in folder: URL) throws -> [SignatureEvaluationUser] {
    var reader = try SVC2004Reader(url: folder)
    var byUser: [Int: [(Int, SignatureFeatures)]] = [:]
    while let record = try reader.next() {
      guard let user = record.metadata["user"].flatMap(Int.init),
        let number = record.metadata["signature"].flatMap(Int.init)
      else { continue }
      byUser[user, default: []].append(
        (number, SignatureMatcher.features(of: try SignatureSamples(drawing: record.drawing))))
    }
    return byUser.keys.sorted().map { user in
      let signatures = byUser[user]!.sorted { $0.0 < $1.0 }
      return SignatureEvaluationUser(
        id: "U\(user)", genuine: signatures.filter { $0.0 <= 20 }.map(\.1),
        skilled: signatures.filter { $0.0 > 20 }.map(\.1))
    }
  }
}
