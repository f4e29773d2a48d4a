import Foundation
import InkFormats
import InkSignatureStore
import InkSignatures
import _DuctusSupport

/// `ductus signature enroll --store S --user ID FILE…`: enrolls a user from reference
/// signatures, refusing an inconsistent enrolment with the reason.
struct SignatureEnrollCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "enroll",
      abstract: "Enroll a user from reference signatures into a signature store.",
      discussion:
        "Every drawing of every file is a reference (a file of one signature, or a corpus of "
        + "several), in any format ductus reads, PencilKit bytes included. The references "
        + "must be at least --min-references and agree with one another: for each kind of "
        + "evidence (shape, timing, pressure), no reference may be more than 1.8 times as far "
        + "from the others as the typical reference is; an inconsistent enrolment is refused "
        + "with the reference to write again (exit 65), and nothing is stored. The references' "
        + "spread (their mean distance to one another) may be at most "
        + "\(SignatureEnrollment.defaultSpreadLimit) times their distance to other people's "
        + "signatures (the cohort's, taken no smaller than the typical one), else they are "
        + "refused as not one person's (exit 65). A reference that is an exact copy of "
        + "another (the same samples) is refused (exit 65), naming both. The store keeps "
        + "each drawing (as Ductus JSON), its features and the user's template, in one "
        + "transaction: a killed enrolment leaves the user wholly enrolled or not at all. "
        + "Enrolling a user again needs --replace. The template is set against a cohort: the "
        + "first reference of each of up to 20 other users of the store. --threshold gives "
        + "the user a threshold of their own (the default is the one tuned on SVC2004 users "
        + "1-10 at their equal error rate; signature evaluate --target-far shows the rates of "
        + "others). Answer: {\"user\", \"references\", \"store\"}.",
      options: [
        SignatureStoreOptions.store, SignatureStoreOptions.user,
        .value(
          "min-references", valueName: "N", help: "The fewest references accepted (2 or more).",
          defaultDescription: "5"),
        .flag("replace", help: "Replace an enrolled user's references and template."),
        .value(
          "threshold", valueName: "score",
          help: "The user's own decision threshold, a score from 0 to 1.",
          defaultDescription: "the matcher's"),
        CommonOptions.inputFormat(help: "The files' format."),
      ] + ReadLimitOptions.all,
      arguments: [
        ArgumentDeclaration(
          "files", arity: .oneOrMore, help: "The reference signatures' files.")
      ])
  }

  /// What an enrolment answers.
  struct Answer: Encodable {
    var user: String
    var references: Int
    var store: String
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let path = try SignatureStoreOptions.storePath(arguments)
    let user = try SignatureStoreOptions.userID(arguments)
    let minimum = try arguments.value("min-references", as: Int.self) ?? 5
    let threshold = try arguments.value("threshold", as: Double.self)
    if let threshold, !(0...1).contains(threshold) {
      throw UsageError("--threshold must be a score from 0 to 1, not \(threshold)")
    }
    guard minimum >= 2 else { throw UsageError("--min-references must be at least 2") }
    let files = arguments.arguments("files")
    guard !files.isEmpty else { throw UsageError("missing the reference signatures' files") }
    let records = try SignatureRecord.all(
      of: files, format: try arguments.value("from", as: InkFileFormat.self),
      limits: try ReadLimitOptions.limits(arguments), context: context)
    // The cohort comes from a store that exists; a failed enrolment creates none.
    let cohort =
      FileManager.default.fileExists(atPath: path)
      ? try SignatureStoreOptions.cohort(
        excluding: user, in: try SignatureStore(path: path, create: false)) : []
    var template: SignatureTemplate
    do {
      template = try SignatureEnrollment(minimumReferences: minimum).enroll(
        records.map(\.features), cohort: cohort)
    } catch {
      throw CommandFailure(.malformedInput, Self.message(error, records: records))
    }
    if let threshold { template.matcher.fusion.threshold = threshold }
    let answer = try SignatureStoreOptions.enroll(
      user, records: records, template: template, replacing: arguments.flag("replace"),
      in: try SignatureStore(path: path, create: true))
    context.output.write(try TraceOptions.encoder.encode(answer) + Data("\n".utf8))
    return .success
  }

  /// The refusal of an enrolment, naming the files of the references it is about.
  static func message(_ error: SignatureMatchingError, records: [SignatureRecord]) -> String {
    func name(_ index: Int) -> String {
      records.indices.contains(index) ? records[index].name : "reference \(index + 1)"
    }
    switch error {
    case .duplicateReference(let index, let original):
      return "not enrolled: reference \(index + 1) (\(name(index))) is an exact copy of "
        + "reference \(original + 1) (\(name(original))): the same samples, which a pen never "
        + "writes twice; leave it out"
    case .inconsistentReference(let index, _, _, _):
      return "not enrolled: \(error) (reference \(index + 1) is \(name(index)))"
    case .emptySignature(let signature), .tooManySamples(let signature, _, _),
      .missingFunction(let signature, _), .nonFiniteFeature(let signature, _, _):
      // The library names a reference "reference k"; the file says which.
      if signature.hasPrefix("reference "), let k = Int(signature.dropFirst(10)),
        records.indices.contains(k - 1)
      {
        return "\(records[k - 1].name): not enrolled: \(error)"
      }
      return "not enrolled: \(error)"
    default:
      return "not enrolled: \(error)"
    }
  }
}
