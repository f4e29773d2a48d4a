import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

extension TracingTemplate {
  enum CodingKeys: String, CodingKey {
    case format, version, name, description, orderSource, box, guides, strokes
  }

  enum BoxKeys: String, CodingKey {
    case x, y, width, height
  }

  /// Decodes the `ductus-template` JSON; a wrong format name or a newer version is an error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let format = try container.decode(String.self, forKey: .format)
    guard format == Self.formatName else {
      throw DecodingError.dataCorruptedError(
        forKey: .format, in: container,
        debugDescription: "format is '\(format)', expected '\(Self.formatName)'")
    }
    let version = try container.decode(Int.self, forKey: .version)
    guard version <= Self.formatVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .version, in: container,
        debugDescription: "version \(version) is newer than \(Self.formatVersion)")
    }
    let box = try container.nestedContainer(keyedBy: BoxKeys.self, forKey: .box)
    self.init(
      name: try container.decode(String.self, forKey: .name),
      description: try container.decodeIfPresent(String.self, forKey: .description) ?? "",
      orderSource: try container.decodeIfPresent(OrderSource.self, forKey: .orderSource) ?? .taught,
      box: CGRect(
        x: try box.decode(Double.self, forKey: .x), y: try box.decode(Double.self, forKey: .y),
        width: try box.decode(Double.self, forKey: .width),
        height: try box.decode(Double.self, forKey: .height)),
      guides: try container.decodeIfPresent([String: Double].self, forKey: .guides) ?? [:],
      strokes: try container.decode([TemplateStroke].self, forKey: .strokes))
    guard !strokes.isEmpty else {
      throw DecodingError.dataCorruptedError(
        forKey: .strokes, in: container, debugDescription: "a template needs at least one stroke")
    }
  }

  /// Encodes the `ductus-template` JSON, format name and version first.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.formatName, forKey: .format)
    try container.encode(Self.formatVersion, forKey: .version)
    try container.encode(name, forKey: .name)
    if !description.isEmpty { try container.encode(description, forKey: .description) }
    try container.encode(orderSource, forKey: .orderSource)
    var boxContainer = container.nestedContainer(keyedBy: BoxKeys.self, forKey: .box)
    try boxContainer.encode(Double(box.minX), forKey: .x)
    try boxContainer.encode(Double(box.minY), forKey: .y)
    try boxContainer.encode(Double(box.width), forKey: .width)
    try boxContainer.encode(Double(box.height), forKey: .height)
    if !guides.isEmpty { try container.encode(guides, forKey: .guides) }
    try container.encode(strokes, forKey: .strokes)
  }
}
