/// Feature values in the order of a fixed list of names, written to JSON as an object from name
/// to value (a missing name is a decoding error): what ``GlobalFeatures`` and
/// ``InkFeatureVector`` share.
public protocol NamedFeatureValues: Hashable, Sendable, Codable {
  /// The features' names, in the order of ``values``.
  static var featureNames: [String] { get }
  /// What a feature is called in a decoding error's message ("feature", "global feature").
  static var featureNoun: String { get }
  /// The values, one a name of ``featureNames``.
  var values: [Double] { get }
  /// Features with the given values, in the order of ``featureNames``.
  init(values: [Double])
}

extension NamedFeatureValues {
  /// The value of the feature with the given name, or `nil`.
  public subscript(name: String) -> Double? {
    Self.featureNames.firstIndex(of: name).map { values[$0] }
  }

  /// Decodes the object from name to value that ``encode(to:)`` writes; a missing name is an
  /// error.
  public init(from decoder: any Decoder) throws {
    let object = try decoder.singleValueContainer().decode([String: Double].self)
    let values = try Self.featureNames.map { name in
      guard let value = object[name] else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "no \(Self.featureNoun) \"\(name)\""))
      }
      return value
    }
    self.init(values: values)
  }

  /// Encodes an object from name to value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Dictionary(uniqueKeysWithValues: zip(Self.featureNames, values)))
  }
}
