import Foundation
import OpenPencilKit

/// One `<Signature>` of signature XML as it is read: its key, label and properties, its
/// channel descriptions, and its samples turned into strokes as they come, within the read
/// limits.
struct SignatureXMLContent {
  /// The signature's key.
  let key: String
  private let label: String?
  private let limits: InkReadLimits
  private var metadata: [String: String] = [:]
  /// The channels described, in the order of their descriptions.
  private var descriptions: [SignatureChannelDescription] = []
  /// The finished strokes.
  private var strokes: [PKStroke] = []
  /// The stroke being read: its points and its first sample's time in seconds.
  private var points: [PKStrokePoint] = []
  private var strokeStart = 0.0
  /// Whether a `<Stroke>` element is open.
  private var inStroke = false
  /// Points read so far in all strokes.
  private var drawingPoints = 0
  /// Bytes of text kept so far (key, label, property names and values), bounded by the record
  /// bytes of the limits.
  private var textBytes = 0

  /// The attribute names of a `<SamplePoint>` to read: the described channels'.
  private(set) var describedNames: [String] = []

  /// A signature with this key and label, bounded by `limits`.
  init(key: String, label: String?, limits: InkReadLimits) {
    self.key = key
    self.label = label
    self.limits = limits
    textBytes = key.utf8.count + (label?.utf8.count ?? 0)
  }

  /// Takes a `<ChannelDescription channel= scaling=>`.
  mutating func describe(channel name: String?, scaling text: String?) throws(InkFormatError) {
    guard let name else {
      throw InkFormatError(.malformed, "a <ChannelDescription> without a channel attribute")
    }
    guard points.isEmpty, strokes.isEmpty else {
      throw InkFormatError(.malformed, "a <ChannelDescription> after the first <SamplePoint>")
    }
    guard let channel = SignatureChannel(rawValue: name) else {
      if SignatureChannel.otherStandardChannels.contains(name) { return }
      throw InkFormatError(
        .malformed,
        "the channel \(Self.quoted(name)) is none of ISO/IEC 19794-7's (x, y, t, f, az, el, s "
          + "are read; z, vx, vy, ax, ay, dt, tx, ty, r are dropped)")
    }
    guard !descriptions.contains(where: { $0.channel == channel }) else {
      throw InkFormatError(.malformed, "the channel \(name) is described twice")
    }
    var scaling = 1.0
    if let text {
      guard let value = Self.number(text), value > 0 else {
        throw InkFormatError(
          .invalidValue,
          "the scaling of channel \(name) is \(Self.quoted(text)), not a finite number above 0")
      }
      scaling = value
    }
    descriptions.append(SignatureChannelDescription(channel: channel, scaling: scaling))
    describedNames.append(name)
  }

  /// Takes a `<Property name= value=>`.
  mutating func addProperty(name: String?, value: String?) throws(InkFormatError) {
    guard let name, let value else {
      throw InkFormatError(.malformed, "a <Property> needs a name and a value attribute")
    }
    textBytes += name.utf8.count + value.utf8.count
    try limits.checkRecordBytes(textBytes)
    guard metadata.updateValue(value, forKey: name) == nil else {
      throw InkFormatError(.malformed, "the property \(Self.quoted(name)) is given twice")
    }
  }

  /// Takes a `<Stroke>` start: the samples before it end their stroke.
  mutating func beginStroke() throws(InkFormatError) {
    guard !inStroke else { throw InkFormatError(.malformed, "a <Stroke> inside a <Stroke>") }
    finishStroke()
    inStroke = true
  }

  /// Takes a `<Stroke>` end.
  mutating func endStroke() {
    finishStroke()
    inStroke = false
  }

  /// Takes the `<SamplePoint>` at which `xml` stands, reading the described channels'
  /// attributes (``describedNames``) as bytes: a point of the stroke being read, or, with the
  /// pen-tip switch at 0, the end of that stroke.
  mutating func addSample(_ xml: XMLStreamReader) throws(InkFormatError) {
    for channel in SignatureChannel.required
    where !descriptions.contains(where: { $0.channel == channel }) {
      throw InkFormatError(
        .malformed,
        descriptions.isEmpty
          ? "a <SamplePoint> before the <ChannelDescriptions>"
          : "the channel descriptions have no \(channel.rawValue) channel (x, y and t are needed)"
      )
    }
    var written = [Double?](repeating: nil, count: descriptions.count)
    var refused: (index: Int, text: String)?
    xml.withAttributeBytes(describedNames) { index, bytes in
      written[index] = Self.number(bytes)
      if written[index] == nil, refused == nil {
        refused = (index, String(decoding: bytes, as: UTF8.self))
      }
    }
    if let refused {
      throw InkFormatError(
        .invalidValue,
        "the \(describedNames[refused.index]) of a <SamplePoint> is "
          + "\(Self.quoted(refused.text)), not a number")
    }
    var sample = ImportedStroke.point(x: 0, y: 0, time: 0)
    var time = 0.0
    for (description, value) in zip(descriptions, written) {
      guard let written = value else {
        throw InkFormatError(
          .malformed,
          "a <SamplePoint> without the described channel \(description.channel.rawValue)")
      }
      let value = description.modelValue(written: written)
      switch description.channel {
      case .x: sample.location.x = value
      case .y: sample.location.y = value
      case .t: time = value
      case .f: sample.force = value
      case .az: sample.azimuth = value
      // Up to 90° (upright) is up to π/2, whatever the rounding of the product.
      case .el: sample.altitude = written / description.scaling <= 90 ? min(value, .pi / 2) : value
      case .s:
        guard written == 0 || written == 1 else {
          throw InkFormatError(
            .invalidValue,
            "the pen-tip switch s is \(Self.quoted(XMLText.decimal(written))), not 0 or 1")
        }
        if written == 0 {
          finishStroke()
          return
        }
      }
    }
    if points.isEmpty {
      try limits.checkStrokeCount(strokes.count + 1)
      strokeStart = time
    }
    try limits.checkPointCount(points.count + 1, stroke: strokes.count)
    try limits.checkDrawingPointCount(drawingPoints + 1)
    sample.timeOffset = time - strokeStart
    points.append(sample)
    drawingPoints += 1
  }

  /// The record, at the signature's end.
  mutating func record() throws(InkFormatError) -> CorpusRecord {
    if inStroke { throw InkFormatError(.malformed, "a <Stroke> without its end") }
    finishStroke()
    return CorpusRecord(
      key: key, label: label, metadata: metadata, drawing: PKDrawing(strokes: strokes))
  }

  /// Ends the stroke being read, if it has points.
  private mutating func finishStroke() {
    guard !points.isEmpty else { return }
    strokes.append(ImportedStroke.stroke(points, startTime: strokeStart))
    points.removeAll(keepingCapacity: true)
  }

  /// The number of a text, as ``number(_:)-(UnsafeRawBufferPointer)`` reads its bytes.
  static func number(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { number(UnsafeRawBufferPointer($0)) }
  }

  /// A decimal number in UTF-8 bytes, read as InkML's trace values are (JSON's grammar, else
  /// XML Schema's wider forms such as `.5` or `+1`; no `nan`, `inf` or hexadecimal), finite and
  /// the whole of the bytes.
  static func number(_ bytes: UnsafeRawBufferPointer) -> Double? {
    var position = 0
    guard let value = InkMLTraceParser.number(bytes, at: &position), position == bytes.count,
      value.isFinite
    else { return nil }
    return value
  }

  /// Text in quotation marks for a one-line message: control characters as `\u{…}`, cut
  /// after 60 characters.
  static func quoted(_ text: String) -> String {
    let shown = text.unicodeScalars.prefix(60).map { scalar in
      scalar.value < 0x20 || scalar.value == 0x7F
        ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }.joined()
    return "\"" + shown + (text.unicodeScalars.count > 60 ? "…" : "") + "\""
  }
}
