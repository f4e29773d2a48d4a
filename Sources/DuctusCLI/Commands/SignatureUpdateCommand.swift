import Foundation
import InkFeatures
import InkFormats
import InkSignatureStore
import InkSignatures
import _DuctusSupport

/// `ductus signature update --store S --user ID FILE`: adds a signature that verifies as
/// genuine to the user's references, keeping at most `--keep` of them.
struct SignatureUpdateCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "update",
      abstract: "Add a verified genuine signature to a user's references.",
      discussion:
        "The signature is verified first, and the verification logged (one transaction); "
        + "only when it is judged genuine is it added, with the template computed again from "
        + "the references (the newest --keep of them; the oldest go), in a second "
        + "transaction, which adds nothing when another process changed the user in between "
        + "(exit 74: try again). A signature judged a forgery is not added (exit 65), nor one "
        + "that is an exact copy of a reference (the same samples: a replay, logged as a "
        + "forgery; exit 65, naming the reference). --keep may not be below the user's "
        + "--min-references (exit 2). Answer: "
        + "the verification's, with \"added\" and \"references\".",
      options: [
        SignatureStoreOptions.store, SignatureStoreOptions.user, RecordSelection.option,
        .value(
          "keep", valueName: "N",
          help: "The most references a user keeps (2-\(SignatureStore.maximumReferences)).",
          defaultDescription: "10"),
        .value(
          "min-references", valueName: "N",
          help: "The fewest references the user may keep, as enrolled (2 or more).",
          defaultDescription: "5"),
        CommonOptions.inputFormat(help: "The file's format."),
      ] + ReadLimitOptions.all,
      arguments: [ArgumentDeclaration("file", help: "The signature's file.")])
  }

  /// What an update answers.
  struct Answer: Encodable {
    var verification: SignatureVerifyCommand.Answer
    var added: Bool
    var references: Int
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let id = try SignatureStoreOptions.userID(arguments)
    let keep = try arguments.value("keep", as: Int.self) ?? 10
    guard (2...SignatureStore.maximumReferences).contains(keep) else {
      throw UsageError("--keep must be 2 to \(SignatureStore.maximumReferences)")
    }
    let minimum = try arguments.value("min-references", as: Int.self) ?? 5
    guard minimum >= 2 else { throw UsageError("--min-references must be at least 2") }
    guard keep >= minimum else {
      throw UsageError(
        "--keep \(keep) is below the user's minimum of \(minimum) references (give "
          + "--min-references as the user was enrolled with)")
    }
    guard let path = arguments.argument("file") else {
      throw UsageError("missing the signature's file")
    }
    let store = try SignatureStoreOptions.open(arguments, create: false)
    let user = try SignatureStoreOptions.enrolledUser(id, in: store)
    let template = try SignatureStoreOptions.template(of: user, store: store)
    let candidate = try SignatureRecord.one(
      path, arguments: arguments, format: try arguments.value("from", as: InkFileFormat.self),
      limits: try ReadLimitOptions.limits(arguments), context: context)
    let verification = try SignatureVerifyCommand.verify(
      candidate, user: id, template: template, store: store)
    if let replayed = verification.replayedReference {
      throw CommandFailure(
        .malformedInput,
        "\(candidate.name): not added to \(SignatureStore.quoted(id))'s references: it is an "
          + "exact copy of reference \(replayed + 1) (the same samples, which a pen never "
          + "writes twice)")
    }
    guard verification.decision == "genuine" else {
      throw CommandFailure(
        .malformedInput,
        "\(candidate.name): not added to \(SignatureStore.quoted(id))'s references: it was "
          + "judged a forgery (score \(verification.score), threshold "
          + "\(verification.threshold))")
    }
    let kept = Array((template.references + [candidate.features]).suffix(keep))
    let cohort = try SignatureStoreOptions.cohort(excluding: id, in: store)
    let updated: SignatureTemplate
    do {
      updated = try SignatureEnrollment(
        matcher: template.matcher, minimumReferences: 2, consistencyLimit: nil,
        spreadLimit: nil
      ).enroll(kept, cohort: cohort)
    } catch {
      throw CommandFailure(.malformedInput, "\(candidate.name): \(error)")
    }
    try store.addReference(
      try candidate.reference(added: Date()), to: id,
      model: try SignatureStoreOptions.model(of: updated), expectedModel: user.model,
      keepingAtMost: keep)
    let answer = Answer(verification: verification, added: true, references: kept.count)
    context.output.write(try TraceOptions.encoder.encode(answer) + Data("\n".utf8))
    return .success
  }
}
