/// The features of one stroke or of one drawing, one number a feature, in the order of
/// ``InkFeatureExtractor/names``.
///
/// ```swift
/// let drawing = try InkFeatureExtractor().drawingFeatures(of: drawing)
/// drawing["length"]        // the ink's length, pen-up jumps included
/// drawing["rubine13"]      // Rubine's f13, the duration in seconds
/// drawing.values.count     // InkFeatureExtractor.names.count
/// ```
///
/// Every value is finite: ratios with a zero denominator are 0, statistics of nothing are 0.
/// See <doc:StrokeAndDrawingFeatures> for each feature's formula and source. JSON: an object
/// from name to value.
public struct InkFeatureVector: NamedFeatureValues {
  /// The values, one a name of ``InkFeatureExtractor/names``.
  public var values: [Double]

  /// Features with the given values, in the order of ``InkFeatureExtractor/names``.
  public init(values: [Double]) {
    self.values = values
  }

  /// ``InkFeatureExtractor/names``, as ``NamedFeatureValues`` reads them.
  public static var featureNames: [String] { InkFeatureExtractor.names }
  /// What a feature is called in a decoding error.
  public static let featureNoun = "feature"
}
