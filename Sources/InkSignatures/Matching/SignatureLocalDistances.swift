/// The dynamic-time-warping distances between two signatures: over every compared local
/// function at once, and over each kind's functions alone.
///
/// JSON: `{"joint", "kinds": {"shape", "timing", "pressure"}}`.
public struct SignatureLocalDistances: Hashable, Sendable, Codable {
  /// The distance of one alignment over all the functions the matcher compares.
  public var joint: Double
  /// The distance over each kind's functions (0 for a kind without any).
  public var kinds: SignatureEvidenceValues<Double>

  /// Distances with the given values.
  public init(joint: Double, kinds: SignatureEvidenceValues<Double>) {
    self.joint = joint
    self.kinds = kinds
  }

  /// No distance at all: a signature against itself.
  public static let zero = SignatureLocalDistances(
    joint: 0, kinds: SignatureEvidenceValues(repeating: 0))
}
