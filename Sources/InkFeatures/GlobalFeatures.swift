/// The global features of a signature: one number a feature, in the order of ``names``.
///
/// ```swift
/// let global = SignatureFeatureExtractor().globalFeatures(of: samples)
/// global["duration"]       // seconds from the first to the last sample
/// global.values.count      // GlobalFeatures.names.count, 61
/// ```
///
/// Every value is finite: ratios with a zero denominator are 0, statistics of nothing are 0.
/// See <doc:SignatureGlobalFeatures> for each feature's formula and source. JSON: an object from name
/// to value.
public struct GlobalFeatures: NamedFeatureValues {
  /// The features' names, a stable order: new features are only ever appended.
  public static let names: [String] =
    [
      "duration", "penUps", "penDownDurationRatio", "sampleCount", "meanPenUpDuration",
      "pathLength", "width", "height", "widthOverHeight", "pathLengthOverDiagonal",
      "centroidX", "centroidY", "firstX", "firstY", "lastX", "lastY",
      "initialDirection", "finalDirection", "firstToLastDirection",
      "firstToLastDistanceOverDiagonal",
      "meanSpeed", "sdSpeed", "maxSpeed", "meanVx", "sdVx", "maxAbsVx", "meanVy", "sdVy",
      "maxAbsVy", "meanOverMaxSpeed", "pathLengthOverPenDownDuration", "timeOfMaxSpeed",
      "meanAcceleration", "sdAcceleration", "maxAcceleration", "timeOfMaxAcceleration",
      "meanJerk", "sdJerk", "maxJerk",
      "dxSignChanges", "dySignChanges",
      "meanPressure", "sdPressure", "maxPressure", "timeOfMaxPressure",
      "meanAzimuth", "sdAzimuth", "meanAltitude", "sdAltitude",
    ] + (0..<8).map { "direction\($0)" } + (0..<4).map { "turning\($0)" }

  /// The values, one a name of ``names``.
  public var values: [Double]

  /// Features with the given values, in the order of ``names``.
  public init(values: [Double]) {
    self.values = values
  }

  /// ``names``, as ``NamedFeatureValues`` reads them.
  public static var featureNames: [String] { names }
  /// What a feature is called in a decoding error.
  public static let featureNoun = "global feature"
}
