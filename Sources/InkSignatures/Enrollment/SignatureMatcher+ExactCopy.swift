import InkFeatures

extension SignatureMatcher {
  /// Whether `a` is an exact copy of `b`: every local function the matcher compares equal
  /// sample for sample, and every global feature equal, as two readings of the same samples
  /// give.
  ///
  /// A pen never writes a signature twice alike, so an exact copy is a replay of a stored or
  /// stolen signature: ``SignatureEnrollment/enroll(_:cohort:)`` refuses references of which
  /// one copies another, and ``SignatureTemplate/verify(_:)`` judges a copy of a reference a
  /// forgery (``SignatureVerificationResult/replayedReference``).
  ///
  /// ```swift
  /// matcher.isExactCopy(questioned, of: template.references[0])   // true for a replay
  /// ```
  ///
  /// - Complexity: O(n) for signatures of n samples.
  public func isExactCopy(_ a: SignatureFeatures, of b: SignatureFeatures) -> Bool {
    guard a.local.count == b.local.count, a.global.values == b.global.values else {
      return false
    }
    return comparedFunctions.allSatisfy { function in
      guard let x = a.local[function], let y = b.local[function] else { return false }
      return x == y
    }
  }
}
