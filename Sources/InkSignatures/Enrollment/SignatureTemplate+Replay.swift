import InkFeatures

extension SignatureTemplate {
  /// The verification of `questioned`, an exact copy of reference `index`: a forgery with the
  /// score 0, its distances those to the references it does not copy (its distance to a copy,
  /// zero, says nothing of it).
  ///
  /// - Throws: ``SignatureMatchingError/duplicateReference(index:original:)`` when every
  ///   reference is a copy of it (a template enrolled from copies of one signature, before
  ///   enrolment refused them: it cannot be compared with anything, and should be enrolled
  ///   again), and the errors of ``verify(_:)``.
  func replay(of index: Int, _ questioned: SignatureFeatures) throws(SignatureMatchingError)
    -> SignatureVerificationResult
  {
    var others = self
    others.references.removeAll { matcher.isExactCopy(questioned, of: $0) }
    guard !others.references.isEmpty else {
      throw .duplicateReference(index: references.count > 1 ? 1 : 0, original: 0)
    }
    var verification = try others.verify(questioned)
    verification.score = 0
    verification.isAccepted = false
    verification.replayedReference = index
    return verification
  }
}
