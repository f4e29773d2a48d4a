import Foundation
import OpenPencilKit

/// An element as Ductus JSON stores it: an object whose `kind` says which (see
/// <doc:PaperMarkupJSON>).
extension MarkupElement: Codable {
  enum Key: String, CodingKey {
    case kind, type, frame, rotation, fillColor, strokeColor, lineWidth
    case from, to, startMarker, endMarker
    case cornerRadius, points, innerRadius, sides, tailLocation, tailAngle, cornerPoint
    case text, width, height, rgba, pencilKit
  }

  /// Reads an element, refusing any value out of its range (the error names the field).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Key.self)
    let kind = try c.decode(String.self, forKey: .kind)
    switch kind {
    case "shape", "line": self = .shape(try Self.shape(c, line: kind == "line"))
    case "textbox":
      let text = try c.decode(String.self, forKey: .text)
      guard text.utf8.count <= PaperMarkupLimits.maximumTextBytes else {
        throw DecodingError.dataCorruptedError(
          forKey: .text, in: c,
          debugDescription:
            "\(text.utf8.count) bytes, more than the \(PaperMarkupLimits.maximumTextBytes) allowed")
      }
      self = .textbox(
        TextboxMarkup(
          attributedText: AttributedString(text), frame: try c.decodeRect(.frame),
          rotation: try c.decodeNumber(.rotation)))
    case "image": self = .image(try Self.image(c))
    case "drawing": self = .drawing(try Self.drawing(c))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: c,
        debugDescription: "unknown kind \"\(kind)\" (shape, line, textbox, image, drawing)")
    }
  }

  /// Writes the element with the fields of its kind and type only.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Key.self)
    switch self {
    case .shape(let shape): try Self.encode(shape, into: &c)
    case .textbox(let box):
      try c.encode("textbox", forKey: .kind)
      try c.encode(box.text, forKey: .text)
      try c.encodeRect(box.frame, forKey: .frame)
      try c.encodeNumbers([box.rotation], forKey: .rotation)
    case .image(let image):
      try c.encode("image", forKey: .kind)
      try c.encodeRect(image.frame, forKey: .frame)
      try c.encodeNumbers([image.rotation], forKey: .rotation)
      try c.encode(image.image.width, forKey: .width)
      try c.encode(image.image.height, forKey: .height)
      try c.encode(image.image.rgbaPixels.base64EncodedString(), forKey: .rgba)
    case .drawing(let drawing):
      try c.encode("drawing", forKey: .kind)
      try c.encode(drawing.dataRepresentation().base64EncodedString(), forKey: .pencilKit)
    }
  }

  private static func shape(_ c: KeyedDecodingContainer<Key>, line: Bool) throws -> ShapeMarkup {
    var configuration = ShapeConfiguration(
      type: .line, fillColor: try c.decodeColorIfPresent(.fillColor),
      strokeColor: try c.decodeColorIfPresent(.strokeColor),
      lineWidth: try c.decodeNumber(.lineWidth, in: 0...PaperMarkupLimits.maximumMagnitude))
    if line {
      return ShapeMarkup(
        lineConfiguration: configuration, from: try c.decodePoint(.from),
        to: try c.decodePoint(.to),
        startMarker: try c.decode(Bool.self, forKey: .startMarker),
        endMarker: try c.decode(Bool.self, forKey: .endMarker))
    }
    let name = try c.decode(String.self, forKey: .type)
    guard let type = ShapeConfiguration.Shape(rawValue: name), type != .line else {
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: c,
        debugDescription: "unknown shape type \"\(name)\" (lines are of kind \"line\")")
    }
    configuration.type = type
    var shape = ShapeMarkup(
      configuration: configuration, frame: try c.decodeRect(.frame),
      rotation: try c.decodeNumber(.rotation))
    let vertices = 3...PaperMarkupLimits.maximumVertices
    switch type {
    case .roundedRectangle: shape.cornerRadius = try c.decodeNumber(.cornerRadius, in: 0...0.5)
    case .star:
      shape.starPoints = try c.decodeInteger(.points, in: vertices)
      shape.starInnerRadius = try c.decodeNumber(.innerRadius, in: 0...1)
    case .regularPolygon: shape.polygonSides = try c.decodeInteger(.sides, in: vertices)
    case .chatBubble:
      shape.chatBubbleTailLocation = try c.decodePoint(.tailLocation)
      shape.chatBubbleTailAngle = try c.decodeNumber(.tailAngle)
    case .arrowShape: shape.arrowCornerPoint = try c.decodePoint(.cornerPoint)
    case .rectangle, .ellipse, .line: break
    }
    return shape
  }

  private static func encode(_ shape: ShapeMarkup, into c: inout KeyedEncodingContainer<Key>)
    throws
  {
    let type = shape.configuration.type
    try c.encodeColorIfPresent(shape.configuration.fillColor, forKey: .fillColor)
    try c.encodeColorIfPresent(shape.configuration.strokeColor, forKey: .strokeColor)
    try c.encodeNumbers([shape.configuration.lineWidth], forKey: .lineWidth)
    if type == .line {
      try c.encode("line", forKey: .kind)
      try c.encodePoint(shape.lineStart, forKey: .from)
      try c.encodePoint(shape.lineEnd, forKey: .to)
      try c.encode(shape.startMarker, forKey: .startMarker)
      try c.encode(shape.endMarker, forKey: .endMarker)
      return
    }
    try c.encode("shape", forKey: .kind)
    try c.encode(type.rawValue, forKey: .type)
    try c.encodeRect(shape.frame, forKey: .frame)
    try c.encodeNumbers([shape.rotation], forKey: .rotation)
    switch type {
    case .roundedRectangle: try c.encodeNumbers([shape.cornerRadius], forKey: .cornerRadius)
    case .star:
      try c.encode(shape.starPoints, forKey: .points)
      try c.encodeNumbers([shape.starInnerRadius], forKey: .innerRadius)
    case .regularPolygon: try c.encode(shape.polygonSides, forKey: .sides)
    case .chatBubble:
      try c.encodePoint(shape.chatBubbleTailLocation, forKey: .tailLocation)
      try c.encodeNumbers([shape.chatBubbleTailAngle], forKey: .tailAngle)
    case .arrowShape: try c.encodePoint(shape.arrowCornerPoint, forKey: .cornerPoint)
    case .rectangle, .ellipse, .line: break
    }
  }

  private static func image(_ c: KeyedDecodingContainer<Key>) throws -> ImageMarkup {
    let side = 1...PaperMarkupLimits.maximumImagePixels
    let width = try c.decodeInteger(.width, in: side)
    let height = try c.decodeInteger(.height, in: side)
    guard width * height <= PaperMarkupLimits.maximumImagePixels else {
      throw DecodingError.dataCorruptedError(
        forKey: .height, in: c,
        debugDescription:
          "\(width) × \(height) pixels, more than the \(PaperMarkupLimits.maximumImagePixels) allowed"
      )
    }
    let text = try c.decode(String.self, forKey: .rgba)
    guard text.utf8.count <= (width * height * 4 + 2) / 3 * 4 + 4,
      let pixels = Data(base64Encoded: text),
      let image = CGImage(width: width, height: height, rgbaPixels: pixels)
    else {
      throw DecodingError.dataCorruptedError(
        forKey: .rgba, in: c,
        debugDescription: "not the base64 of \(width) × \(height) × 4 bytes of RGBA")
    }
    return ImageMarkup(
      image: image, frame: try c.decodeRect(.frame), rotation: try c.decodeNumber(.rotation))
  }

  private static func drawing(_ c: KeyedDecodingContainer<Key>) throws -> PKDrawing {
    guard let data = Data(base64Encoded: try c.decode(String.self, forKey: .pencilKit)) else {
      throw DecodingError.dataCorruptedError(
        forKey: .pencilKit, in: c, debugDescription: "not base64")
    }
    do {
      return try PKDrawing(
        data: data, maximumStrokes: PaperMarkupLimits.maximumStrokes,
        maximumStrokePoints: PaperMarkupLimits.maximumStrokePoints,
        maximumDrawingPoints: PaperMarkupLimits.maximumDrawingPoints)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: .pencilKit, in: c, debugDescription: "PencilKit data \(error)")
    }
  }
}
