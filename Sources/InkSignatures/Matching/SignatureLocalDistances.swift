/// The dynamic-time-warping distances between two signatures: over every compared local
/// function at once, and each kind's functions' share of that one alignment (their cost along
/// its warping path).
///
/// JSON: `{"joint", "kinds": {"shape", "timing", "pressure"}}`.
public struct SignatureLocalDistances: Hashable, Sendable, Codable {
  /// The distance of one alignment over all the functions the matcher compares.
  public var joint: Double
  /// The cost of each kind's functions along the joint alignment's warping path, divided as the
  /// joint distance is (0 for a kind without any).
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
