/// Why an evaluation could not run on a data set.
public enum SignatureEvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Fewer than two users: random forgeries and cross-validation need two.
  case tooFewUsers(count: Int)
  /// A user with fewer genuine signatures than the protocol's pool of references and one test.
  case tooFewGenuine(user: String, count: Int, needed: Int)
  /// A user without skilled forgeries.
  case noSkilledForgeries(user: String)
  /// A signature that cannot be compared; the error names it (`U1S3`).
  case signature(SignatureMatchingError)

  /// One line naming the user and the problem.
  public var description: String {
    switch self {
    case .tooFewUsers(let count):
      "the evaluation needs at least 2 users (random forgeries and cross-validation); "
        + "\(count) found"
    case .tooFewGenuine(let user, let count, let needed):
      "\(user): \(count) genuine signatures; the protocol needs \(needed)"
    case .noSkilledForgeries(let user):
      "\(user): no skilled forgery"
    case .signature(let error):
      "\(error)"
    }
  }
}
