import Foundation
import InkFeatures
import InkFigures
import InkFormats
import InkSignatures
import _DuctusSupport

/// `ductus signature evaluate DATASET --protocol svc2004`: the verifier's equal error rates on
/// an SVC2004-style data set, cross-validated over its users, with a DET picture.
struct SignatureEvaluateCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "evaluate",
      abstract: "Measure signature verification's error rates on a data set, as SVC2004 did.",
      discussion:
        "The data set is a folder of U<user>S<n>.TXT files (SVC2004 Task 2: S1-S20 genuine, "
        + "S21-S40 skilled forgeries). svc2004: for each user and trial, five references drawn "
        + "at random from S1-S10 are enrolled, and tested are S11-S20, the skilled forgeries "
        + "and, as random forgeries, S1 of every other user (19 with 20 users). The users are "
        + "cut in two halves in order; the weights, logistic map and threshold are tuned on "
        + "one half and the other half is scored, then the halves swap, so no user is scored "
        + "by settings it helped choose. JSON (keys sorted): \"skilled\" and \"random\", each "
        + "with \"perUserEER\" (a threshold a user) and \"pooledEER\" (one threshold) as "
        + "{\"mean\", \"sd\"} over the trials, the rates at the tuned thresholds and the DET "
        + "points; \"folds\" (each half's tuned matcher and figures), \"users\" (each user's "
        + "EERs and mean scores) and \"scores\" (histograms of the scores). Rates are fractions "
        + "(0.05 is 5%). --det draws the DET curves (PNG, SVG or PDF by extension), every "
        + "trial's scores pooled into one curve a kind: the legend's EERs are those curves', "
        + "which differ from \"pooledEER\" (each trial's, averaged; written under it). The draws "
        + "are seeded (--seed), so a run gives the same figures on any machine.",
      options: [
        .value(
          "protocol", valueName: "name", help: "The evaluation protocol.",
          allowedValues: ["svc2004"], defaultDescription: "svc2004"),
        .value("trials", valueName: "T", help: "Trials a user.", defaultDescription: "10"),
        .value("seed", valueName: "S", help: "The random seed.", defaultDescription: "1"),
        .value(
          "output", short: "o", valueName: "file", help: "Write the report here.",
          defaultDescription: "standard output"),
        .value("det", valueName: "file", help: "Draw the DET curves here."),
        .value(
          "target-far", valueName: "rate",
          help: "Set each fold's threshold where the tuning users' skilled forgeries are "
            + "accepted at most this often (a fraction, 0.01 is 1%), instead of at their equal "
            + "error rate.",
          defaultDescription: "the equal error rate"),
        .value(
          "matcher", valueName: "file",
          help: "A matcher's settings as JSON (local functions, global features, band, floor), "
            + "to evaluate instead of the default; its scales and fusion are tuned again.",
          defaultDescription: "the default matcher"),
        OutputFormat.option([.text, .json], otherwise: .json),
        CommonOptions.quiet,
      ] + ReadLimitOptions.all,
      arguments: [ArgumentDeclaration("dataset", help: "The folder of signature files.")])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let trials = try arguments.value("trials", as: Int.self) ?? 10
    guard trials > 0 else { throw UsageError("--trials must be at least 1") }
    let seed = try arguments.value("seed", as: Int.self) ?? 1
    let output = arguments.value("output")
    let format = try OutputFormat.selected(
      in: arguments, otherwise: .json, output: output, context: context)
    let det = try arguments.value("det").map { path in
      try (path: path, format: TraceScoreCommand.pictureFormat(of: path, context: context))
    }
    if let output, output != "-" { try context.checkOutputFolder(of: output) }
    guard let path = arguments.argument("dataset") else { throw UsageError("missing dataset") }
    try context.checkInputExists(path)
    guard path != "-", Platform.status(of: path)?.kind == .folder else {
      throw UsageError(
        "'\(path)' is not a folder: signature evaluate needs the folder of a data set's "
          + "U<user>S<n>.TXT files")
    }
    let quiet = arguments.flag("quiet")
    let (input, records) = try GestureOptions.records(
      of: path, format: .svc2004, limits: try ReadLimitOptions.limits(arguments),
      context: context)
    let users = try Self.users(records, file: input.displayName)
    var matcher = SignatureMatcher()
    if let file = arguments.value("matcher") {
      try context.checkInputExists(file)
      do {
        matcher = try JSONDecoder().decode(
          SignatureMatcher.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
      } catch {
        throw CommandFailure(.malformedInput, "\(file): not a matcher's settings: \(error)")
      }
      if let problem = matcher.problem {
        throw CommandFailure(.malformedInput, "\(file): the matcher's settings: \(problem)")
      }
    }
    let targetFAR = try arguments.value("target-far", as: Double.self)
    if let targetFAR, !(0...1).contains(targetFAR) {
      throw UsageError("--target-far must be a fraction from 0 to 1, not \(targetFAR)")
    }
    let evaluation = SignatureEvaluation(
      trials: trials, seed: UInt64(bitPattern: Int64(seed)), matcher: matcher,
      targetFalseAcceptRate: targetFAR)
    let progress = ProgressReporter(
      label: "signature evaluate (DTW pairs)",
      total: SignatureEvaluation.pairCount(
        userCount: users.count,
        signatures: users.first.map { $0.genuine.count + $0.skilled.count } ?? 0),
      context: context, quiet: quiet)
    let report: SignatureEvaluationReport
    do {
      report = try evaluation.run(users) { progress.advance(by: $0) }
    } catch {
      throw CommandFailure(.malformedInput, "\(input.displayName): \(error)")
    }
    progress.finish()
    if let det {
      try AtomicFile.write(try DETPicture.render(report, format: det.format), to: det.path)
    }
    try context.writeOutput(to: output ?? "-") { sink in
      if format == .text {
        sink.write(Self.text(report))
      } else {
        sink.write(try TraceOptions.encoder.encode(report) + Data("\n".utf8))
      }
    }
    return .success
  }

  /// The users of an SVC2004 data set, in user order: genuine signatures (S1–S20) and skilled
  /// forgeries (S21–S40) each in signature order, their features computed.
  static func users(_ records: [CorpusRecord], file: String) throws -> [SignatureEvaluationUser] {
    var byUser: [Int: [(Int, SignatureFeatures, Bool)]] = [:]
    for record in records {
      guard let user = record.metadata["user"].flatMap(Int.init),
        let number = record.metadata["signature"].flatMap(Int.init)
      else {
        throw CommandFailure.record(
          .malformedInput, file: file, record: record.key,
          "the file is not named U<user>S<n>.TXT, so its user and signature are unknown")
      }
      let features: SignatureFeatures
      do {
        features = SignatureMatcher.features(of: try SignatureSamples(drawing: record.drawing))
      } catch {
        throw CommandFailure.record(.malformedInput, file: file, record: record.key, "\(error)")
      }
      byUser[user, default: []].append(
        (number, features, record.metadata["authenticity"] == "genuine"))
    }
    // The protocol takes references and tests by number: a user missing one would silently
    // have another in its place.
    let numbers = Set(byUser.values.flatMap { $0.map(\.0) })
    for user in byUser.keys.sorted() {
      let missing = numbers.subtracting(byUser[user]!.map(\.0)).sorted()
      guard missing.isEmpty else {
        throw CommandFailure(
          .malformedInput,
          "\(file): user \(user) has no "
            + missing.prefix(5).map { "U\(user)S\($0).TXT" }.joined(separator: ", ")
            + (missing.count > 5 ? " (and \(missing.count - 5) more)" : "")
            + ", which other users have; every user needs the same signatures")
      }
    }
    return byUser.keys.sorted().map { user in
      let signatures = byUser[user]!.sorted { $0.0 < $1.0 }
      return SignatureEvaluationUser(
        id: "U\(user)", genuine: signatures.filter(\.2).map(\.1),
        skilled: signatures.filter { !$0.2 }.map(\.1))
    }
  }

  /// The summary: the four equal error rates, the folds, and each user's.
  static func text(_ report: SignatureEvaluationReport) -> String {
    func percent(_ rates: MeanAndDeviation) -> String {
      String(format: "%5.2f%% ± %4.2f", 100 * rates.mean, 100 * rates.sd)
    }
    var text =
      "svc2004, \(report.users.count) users, \(report.trials) trial(s), "
      + "\(report.referenceCount) references, held-out users (two folds)\n"
    for (name, figures) in [("skilled", report.skilled), ("random", report.random)] {
      text +=
        "  \(name.padding(toLength: 8, withPad: " ", startingAt: 0)) EER per user "
        + percent(figures.perUserEER) + "   pooled " + percent(figures.pooledEER)
        + String(
          format: "   at the tuned threshold FAR %.2f%% FRR %.2f%%\n",
          100 * figures.atTunedThreshold.falseAcceptRate,
          100 * figures.atTunedThreshold.falseRejectRate)
    }
    for (index, fold) in report.folds.enumerated() {
      text +=
        "  fold \(index + 1): tuned on \(fold.tuningUsers.first ?? "")–"
        + "\(fold.tuningUsers.last ?? ""), "
        + "skilled " + percent(fold.skilled.perUserEER) + " per user, "
        + percent(fold.skilled.pooledEER) + " pooled; random " + percent(fold.random.perUserEER)
        + " per user, " + percent(fold.random.pooledEER) + " pooled\n"
    }
    for user in report.users {
      text +=
        "  \(user.user.padding(toLength: 5, withPad: " ", startingAt: 0)) skilled "
        + percent(user.skilledEER) + "  random " + percent(user.randomEER) + "\n"
    }
    return text
  }
}
