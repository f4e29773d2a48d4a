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
        + "references. The templates are computed as enrolment computes them, so they equal "
        + "the exporting store's. A user enrolled already is a usage error (exit 2) unless "
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
      let cohort = try SignatureStoreOptions.cohort(excluding: user, in: store)
      let template: SignatureTemplate
      do {
        template = try SignatureEnrollment(minimumReferences: 2, consistencyLimit: nil).enroll(
          references.map(\.features), cohort: cohort)
      } catch {
        throw CommandFailure(
          .malformedInput, "\(path): user \(SignatureStore.quoted(user)): not imported: \(error)")
      }
      let answer = try SignatureStoreOptions.enroll(
        user, records: references, template: template, replacing: arguments.flag("replace"),
        in: store)
      context.output.write(try TraceOptions.encoder.encode(answer) + Data("\n".utf8))
    }
    return .success
  }
}
