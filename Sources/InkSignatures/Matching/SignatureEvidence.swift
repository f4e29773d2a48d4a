/// The kinds of difference between a questioned signature and its references, as a
/// verification names them: how it looks, how it was written in time, how hard the pen pressed.
///
/// Each kind owns some local functions (compared by dynamic time warping) and some global
/// features (compared by a diagonal Mahalanobis distance); see <doc:SignatureVerification> for
/// the decomposition. JSON: the case name.
public enum SignatureEvidence: String, Hashable, Sendable, Codable, CaseIterable {
  /// The trajectory: position, path-tangent angle, curvature, extent, directions.
  case shape
  /// The dynamics: velocity, acceleration, duration, pen-up and speed statistics.
  case timing
  /// The pen force and its statistics.
  case pressure
}
