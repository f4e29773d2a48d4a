/// Why a signature could not be enrolled or compared.
///
/// `signature` names the signature in the caller's words (`"reference 3"`, `"questioned"`).
public enum SignatureMatchingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The signature has no pen-down sample.
  case emptySignature(signature: String)
  /// The signature has more samples than a matcher aligns
  /// (``SignatureMatcher/maximumSampleCount``).
  case tooManySamples(signature: String, count: Int, limit: Int)
  /// The signature's local functions lack one the matcher compares.
  case missingFunction(signature: String, name: String)
  /// A local function or global feature holds a number that is not finite.
  case nonFiniteFeature(signature: String, name: String, value: Double)
  /// The matcher names a global feature that `GlobalFeatures.names` does not hold.
  case unknownGlobalFeature(name: String)
  /// Fewer references than the enrolment asks for.
  case tooFewReferences(count: Int, minimum: Int)
  /// One reference is much farther from the others than the typical reference is: `ratio` is
  /// its mean distance to the others over the median of those means, for `evidence`.
  case inconsistentReference(index: Int, evidence: SignatureEvidence, ratio: Double, limit: Double)
  /// Reference `index` is an exact copy of reference `original` (both 0-based): the same
  /// samples, which a pen never writes twice.
  case duplicateReference(index: Int, original: Int)
  /// The references are too far from one another for one person's: their spread (mean joint
  /// distance to one another) over their distance to other people is `ratio`, above `limit`.
  case spreadReferences(ratio: Double, limit: Double)

  /// One line naming the signature and the problem.
  public var description: String {
    switch self {
    case .emptySignature(let signature):
      "\(signature): the signature has no pen-down sample"
    case .tooManySamples(let signature, let count, let limit):
      "\(signature): the signature has \(count) samples, more than the \(limit) a matcher aligns"
    case .missingFunction(let signature, let name):
      "\(signature): the local functions have no \"\(name)\", which the matcher compares"
    case .nonFiniteFeature(let signature, let name, let value):
      "\(signature): the feature \(name) is \(value), which is not a finite number"
    case .unknownGlobalFeature(let name):
      "the matcher compares a global feature \"\(name)\", which is not one of the 61"
    case .tooFewReferences(let count, let minimum):
      "an enrolment needs at least \(minimum) reference signatures; \(count) given"
    case .inconsistentReference(let index, let evidence, let ratio, let limit):
      "reference \(index + 1) is inconsistent with the others: its mean \(evidence) distance to "
        + "them is \(Self.rounded(ratio)) times the typical reference's (the limit is "
        + "\(Self.rounded(limit))); write it again or leave it out"
    case .duplicateReference(let index, let original):
      "reference \(index + 1) is an exact copy of reference \(original + 1) (the same samples, "
        + "which a pen never writes twice); leave it out"
    case .spreadReferences(let ratio, let limit):
      "the references are as far from one another as from other people's signatures: their "
        + "mean distance to one another is \(Self.rounded(ratio)) times their distance to "
        + "others (the limit is \(Self.rounded(limit))); are they all one person's?"
    }
  }

  /// A ratio with two decimals.
  static func rounded(_ value: Double) -> String {
    String((value * 100).rounded() / 100)
  }
}
