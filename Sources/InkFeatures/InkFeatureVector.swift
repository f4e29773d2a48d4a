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
public struct InkFeatureVector: Hashable, Sendable, Codable {
  /// The values, one a name of ``InkFeatureExtractor/names``.
  public var values: [Double]

  /// Features with the given values, in the order of ``InkFeatureExtractor/names``.
  public init(values: [Double]) {
    self.values = values
  }

  /// The value of the feature with the given name, or `nil`.
  public subscript(name: String) -> Double? {
    InkFeatureExtractor.names.firstIndex(of: name).map { values[$0] }
  }

  /// Decodes the object from name to value that ``encode(to:)`` writes; a missing name is an
  /// error.
  public init(from decoder: any Decoder) throws {
    let object = try decoder.singleValueContainer().decode([String: Double].self)
    values = try InkFeatureExtractor.names.map { name in
      guard let value = object[name] else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "no feature \"\(name)\""))
      }
      return value
    }
  }

  /// Encodes an object from name to value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Dictionary(uniqueKeysWithValues: zip(InkFeatureExtractor.names, values)))
  }
}
