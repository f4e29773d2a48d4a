import Foundation
import InkFormats
import InkSignatureStore
import InkSignatures
import _DuctusSupport

/// `ductus signature import --store S FILE`: enrolls every user of a corpus that
/// `signature export` wrote (Ductus NDJSON or signature XML).
struct SignatureImportCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "import",
      abstract: "Enroll the users of an exported corpus into a signature store.",
      discussion:
        "The corpus is what 'ductus signature export' writes, Ductus NDJSON or signature XML "
        + "(ISO/IEC 19794-7 channels), or any corpus whose records name their user in the "
        + "metadata \"user\": its records are grouped by user, in "
        + "order, and each user is enrolled from their references in one transaction, without "
        + "the consistency check (they were checked when first enrolled) but with at least 2 "
        + "references. The templates are computed as enrolment computes them, with the user's "
        + "matcher, threshold and cohort distances as the export's metadata \"matcher\", "
        + "\"threshold\", \"cohortDistance\" and \"meanTemplateCohortDistance\" give them "
        + "(a corpus without them: the "
        + "default matcher and threshold, and a cohort from this store's other users), so they "
        + "equal the exporting store's, also for a user enrolled by an earlier Ductus. A user enrolled already is a usage error (exit 2) unless "
        + "--replace; the users before them stay imported. Answer: a line a user, {\"user\", "
        + "\"references\"}.",
      options: [
        SignatureStoreOptions.store,
        .flag("replace", help: "Replace users who are enrolled already."),
        CommonOptions.inputFormat(help: "The corpus's format."),
      ] + ReadLimitOptions.all,
      arguments: [ArgumentDeclaration("corpus", help: "The exported corpus.")])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    guard let path = arguments.argument("corpus") else { throw UsageError("missing the corpus") }
    let records = try SignatureRecord.all(
      of: [path], format: try arguments.value("from", as: InkFileFormat.self),
      limits: try ReadLimitOptions.limits(arguments), context: context)
    var users: [String] = []
    var byUser: [String: [SignatureRecord]] = [:]
    for record in records {
      guard let user = record.user else {
        throw CommandFailure(
          .malformedInput, "\(record.name): the record names no user (metadata \"user\")")
      }
      if let problem = SignatureStore.problem(withUserID: user) {
        throw CommandFailure(.malformedInput, "\(record.name): the user id: \(problem)")
      }
      if byUser[user] == nil { users.append(user) }
      byUser[user, default: []].append(record)
    }
    let store = try SignatureStore(
      path: try SignatureStoreOptions.storePath(arguments), create: true)
    for user in users {
      let references = byUser[user]!
      let saved = try Self.savedModel(of: references[0])
      let cohort =
        saved.keepsCohort ? [] : try SignatureStoreOptions.cohort(excluding: user, in: store)
      var template: SignatureTemplate
      do {
        template = try SignatureEnrollment(
          matcher: saved.matcher ?? SignatureMatcher(), minimumReferences: 2,
          consistencyLimit: nil, spreadLimit: nil
        ).enroll(references.map(\.features), cohort: cohort)
      } catch {
        throw CommandFailure(
          .malformedInput, "\(path): user \(SignatureStore.quoted(user)): not imported: \(error)")
      }
      if saved.keepsCohort {
        template.statistics.cohortDistance = saved.cohortDistance
        template.meanTemplate?.cohortDistance = saved.meanTemplateCohortDistance
      }
      if let threshold = saved.threshold { template.matcher.fusion.threshold = threshold }
      let answer = try SignatureStoreOptions.enroll(
        user, records: references, template: template, replacing: arguments.flag("replace"),
        in: store)
      context.output.write(try TraceOptions.encoder.encode(answer) + Data("\n".utf8))
      // A line a user as it is imported: an interrupted import says which users it left.
      try context.output.flush()
    }
    return .success
  }

  /// The matcher, threshold and cohort distances an export kept in a user's first record: the
  /// matcher and the threshold `nil` when absent; `keepsCohort` when the cohort distance is
  /// given, `nil` for `"none"` (the user was enrolled without a cohort); the mean template's
  /// cohort distance `nil` for `"none"` or when absent (exported before the mean template).
  static func savedModel(of record: SignatureRecord) throws(CommandFailure)
    -> (
      matcher: SignatureMatcher?, threshold: Double?, keepsCohort: Bool, cohortDistance: Double?,
      meanTemplateCohortDistance: Double?
    )
  {
    var matcher: SignatureMatcher?
    if let text = record.metadata["matcher"] {
      do {
        matcher = try JSONDecoder().decode(SignatureMatcher.self, from: Data(text.utf8))
      } catch {
        throw CommandFailure(
          .malformedInput, "\(record.name): metadata \"matcher\" cannot be read (\(error))")
      }
      if let problem = matcher?.problem {
        throw CommandFailure(.malformedInput, "\(record.name): metadata \"matcher\": \(problem)")
      }
    }
    var threshold: Double?
    if let text = record.metadata["threshold"] {
      guard let value = Double(text), (0...1).contains(value) else {
        throw CommandFailure(
          .malformedInput,
          "\(record.name): metadata \"threshold\" is not a score from 0 to 1: "
            + "\(SignatureStore.quoted(text))")
      }
      threshold = value
    }
    guard let text = record.metadata["cohortDistance"] else {
      return (matcher, threshold, false, nil, nil)
    }
    let cohortDistance = try distance(text, key: "cohortDistance", of: record)
    let meanTemplateCohortDistance = try record.metadata["meanTemplateCohortDistance"].flatMap {
      (text: String) throws(CommandFailure) in
      try distance(text, key: "meanTemplateCohortDistance", of: record)
    }
    return (matcher, threshold, true, cohortDistance, meanTemplateCohortDistance)
  }

  /// A cohort distance kept as metadata: a positive number, or `nil` for `"none"`.
  static func distance(_ text: String, key: String, of record: SignatureRecord)
    throws(CommandFailure) -> Double?
  {
    if text == "none" { return nil }
    guard let value = Double(text), value.isFinite, value > 0 else {
      throw CommandFailure(
        .malformedInput,
        "\(record.name): metadata \"\(key)\" is not a positive number or \"none\": "
          + "\(SignatureStore.quoted(text))")
    }
    return value
  }
}
