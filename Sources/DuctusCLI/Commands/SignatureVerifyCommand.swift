import Foundation
import InkFormats
import InkSignatureStore
import InkSignatures
import _DuctusSupport

/// `ductus signature verify --store S --user ID FILE`: judges a questioned signature against
/// a user's references, and logs the verification in the store.
struct SignatureVerifyCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "verify",
      abstract: "Judge a questioned signature against an enrolled user's references.",
      discussion:
        "The signature is compared with each reference by dynamic time warping of its local "
        + "functions and by its global features, each distance set against the references' "
        + "own spread, and the distances are fused into a score in 0-1 (see the Signature "
        + "verification article of InkSignatures). Answer (keys sorted): {\"user\", "
        + "\"score\", \"decision\" (\"genuine\" when the score reaches the threshold, else "
        + "\"forgery\"), \"threshold\", \"evidence\" (the kind of difference that weighed "
        + "most: \"shape\", \"timing\" or \"pressure\"), \"contributions\" (per kind, "
        + "local[k] + w * global[k]: its DTW distance over the references' own spread plus "
        + "its weighted global-feature distance, about 1 for a signature as far from the "
        + "references as they are from one another; the largest is the evidence; they are "
        + "not shares of the fused distance)}. A signature that is an exact copy of a "
        + "reference (the same samples, which a pen never writes twice) is a replay: judged "
        + "\"forgery\" with the score 0 and a \"reason\" naming the reference it copies. "
        + "The exit status is 0 whatever the decision. Each verification, a replay's too, "
        + "is appended to the store's log (the outcome only, never the signature).",
      options: [
        SignatureStoreOptions.store, SignatureStoreOptions.user, RecordSelection.option,
        CommonOptions.inputFormat(help: "The file's format."),
      ] + ReadLimitOptions.all,
      arguments: [ArgumentDeclaration("file", help: "The questioned signature's file.")])
  }

  /// What a verification answers.
  struct Answer: Encodable {
    var user: String
    var score: Double
    var decision: String
    var threshold: Double
    var evidence: String
    var contributions: SignatureEvidenceValues<Double>
    /// Why a signature was judged a forgery whatever its distances (a replay), if it was.
    var reason: String?
    /// The reference (0-based) the signature copies, for `update`'s refusal; not answered.
    var replayedReference: Int?

    private enum CodingKeys: String, CodingKey {
      case user, score, decision, threshold, evidence, contributions, reason
    }
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let id = try SignatureStoreOptions.userID(arguments)
    guard let path = arguments.argument("file") else {
      throw UsageError("missing the questioned signature's file")
    }
    let store = try SignatureStoreOptions.open(arguments, create: false)
    let template = try SignatureStoreOptions.template(
      of: try SignatureStoreOptions.enrolledUser(id, in: store), store: store)
    let questioned = try SignatureRecord.one(
      path, arguments: arguments, format: try arguments.value("from", as: InkFileFormat.self),
      limits: try ReadLimitOptions.limits(arguments), context: context)
    let answer = try Self.verify(questioned, user: id, template: template, store: store)
    context.output.write(try TraceOptions.encoder.encode(answer) + Data("\n".utf8))
    return .success
  }

  /// Verifies a signature against a template and logs the outcome.
  static func verify(
    _ questioned: SignatureRecord, user: String, template: SignatureTemplate,
    store: SignatureStore
  ) throws -> Answer {
    let verification: SignatureVerificationResult
    do {
      verification = try template.verify(questioned.features)
    } catch {
      throw CommandFailure(.malformedInput, "\(questioned.name): \(error)")
    }
    let answer = Answer(
      user: user, score: verification.score,
      decision: verification.isAccepted ? "genuine" : "forgery",
      threshold: verification.threshold, evidence: verification.evidence.rawValue,
      contributions: verification.contributions,
      reason: verification.replayedReference.map {
        "an exact copy of reference \($0 + 1) (the same samples, which a pen never writes "
          + "twice): a replay"
      }, replayedReference: verification.replayedReference)
    try store.log(
      VerificationRecord(
        user: user, date: Date(), score: answer.score, decision: answer.decision,
        threshold: answer.threshold, evidence: answer.evidence))
    return answer
  }
}
