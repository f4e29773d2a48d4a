import InkFeatures

/// One record's line of `ductus signature features`: its key and label, and the feature sets
/// asked for (`null` for the other).
struct SignatureFeaturesAnswer: Encodable {
  var key: String
  var label: String?
  var local: LocalFunctions?
  var global: GlobalFeatures?

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(key, forKey: .key)
    try container.encode(label, forKey: .label)
    try container.encodeIfPresent(local, forKey: .local)
    try container.encodeIfPresent(global, forKey: .global)
  }

  enum CodingKeys: String, CodingKey { case key, label, local, global }
}
