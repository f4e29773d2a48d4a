/// Both feature sets of one signature, as ``SignatureFeatureExtractor/features(of:)`` returns
/// them. JSON: `{"local": {"count", "names", "columns"}, "global": {name: value}}`.
public struct SignatureFeatures: Hashable, Sendable, Codable {
  /// The per-sample functions, z-normalised.
  public var local: LocalFunctions
  /// The global features.
  public var global: GlobalFeatures

  /// The features of a signature.
  public init(local: LocalFunctions, global: GlobalFeatures) {
    self.local = local
    self.global = global
  }
}
