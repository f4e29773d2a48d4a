import Foundation
import OpenPencilKit

/// Reads Ductus JSON drawings (see <doc:DuctusJSON> for the schema) with a byte-level parser.
///
/// ```swift
/// let drawing = try DuctusJSONReader().drawing(from: Data(contentsOf: url))
/// ```
///
/// The parser walks the bytes once, parses each number array straight into a `[Double]` with
/// `DecimalNumberParser` (correctly rounded), and skips members it does not know, so that files
/// of later minor additions still read. Errors are `InkFormatError`s with the byte offset.
public struct DuctusJSONReader: Sendable {
  /// Creates a reader.
  public init() {}

  /// The drawing in a Ductus JSON text, with at most the strokes and points `limits` allow.
  ///
  /// - Throws: `InkFormatError` naming the byte offset of the first problem, and the field
  ///   (`field "x" of stroke 2 point 7`) of a number that is not one or is out of range.
  public func drawing(from data: Data, limits: InkReadLimits = .default) throws -> PKDrawing {
    try document(from: data, limits: limits).drawing
  }

  /// The drawing in a Ductus JSON text with its optional `label` and `metadata`, as a record.
  ///
  /// - Throws: `InkFormatError` naming the byte offset of the first problem.
  public func record(from data: Data, key: String, limits: InkReadLimits = .default) throws
    -> CorpusRecord
  {
    let document = try document(from: data, limits: limits)
    return CorpusRecord(
      key: key, label: document.label, metadata: document.metadata, drawing: document.drawing)
  }

  /// A whole text: one document and nothing after it.
  private func document(from data: Data, limits: InkReadLimits) throws -> Document {
    try data.withUnsafeBytes { bytes in
      var scanner = JSONScanner(bytes)
      let document = try Self.readDocument(&scanner, limits: limits)
      try scanner.expectEnd()
      return document
    }
  }

  /// What a drawing object holds: the drawing, and the label and metadata a file of one
  /// record may carry.
  struct Document {
    var drawing: PKDrawing
    var label: String?
    var metadata: [String: String]
  }

  /// Reads a drawing object at the scanner's position. `format` and `version` may be absent
  /// (as in a corpus record's `drawing`); when present they must name a readable schema.
  /// Strokes and points beyond `limits` are refused as they are read.
  static func readDocument(_ scanner: inout JSONScanner, limits: InkReadLimits)
    throws(InkFormatError) -> Document
  {
    try scanner.beginObject()
    var strokes: [PKStroke] = []
    var label: String?
    var metadata: [String: String] = [:]
    var first = true
    var seen: UInt32 = 0
    var (members, drawingMembers) = (0, 0)
    while let key = try scanner.nextKey(&first) {
      try scanner.checkFirst(key, among: DuctusJSONSchema.drawingKeys, seen: &seen)
      members += 1
      if DuctusJSONSchema.drawingKeys.contains(key) { drawingMembers += 1 }
      switch key {
      case "format":
        let name = try scanner.readString()
        guard name == DuctusJSONSchema.formatName else {
          throw scanner.failure(.unknownFormat, "format \"\(name)\" is not a Ductus drawing")
        }
      case "version":
        let version = try scanner.readInteger(in: 0...Int(Int32.max), "version")
        guard version <= DuctusJSONSchema.version else {
          throw scanner.failure(
            .unsupportedVersion,
            "version \(version) is newer than \(DuctusJSONSchema.version), the newest this reads")
        }
      case "label":
        label = try scanner.readNull() ? nil : try scanner.readString()
      case "metadata":
        metadata = try scanner.readTextObject()
      case "strokes":
        try scanner.beginArray()
        var firstStroke = true
        var points = 0
        while try scanner.nextElement(&firstStroke) {
          let start = scanner.position
          do {
            try limits.checkStrokeCount(strokes.count + 1)
            let stroke = try readStroke(&scanner, index: strokes.count, limits: limits)
            points += stroke.path.count + (stroke.mask?.polygons.reduce(0) { $0 + $1.count } ?? 0)
            try limits.checkDrawingPointCount(points)
            strokes.append(stroke)
          } catch  where error.offset == nil {
            scanner.position = start
            throw scanner.failure(error.kind, error.message)
          }
        }
      default:
        try scanner.skipValue()
      }
    }
    // An object with members but none of a drawing's is some other JSON, not an empty drawing
    // (which is `{}` or `"strokes": []`).
    guard members == 0 || drawingMembers > 0 else {
      throw scanner.failure(
        .malformed, "none of a drawing's members (format, strokes …): not a Ductus drawing")
    }
    return Document(drawing: PKDrawing(strokes: strokes), label: label, metadata: metadata)
  }

  /// Reads one stroke object, the `index`-th of its drawing, with at most
  /// ``InkReadLimits/maximumStrokePoints`` points.
  static func readStroke(_ scanner: inout JSONScanner, index: Int, limits: InkReadLimits)
    throws(InkFormatError) -> PKStroke
  {
    let stroke = "stroke \(index)"
    try scanner.beginObject()
    var inkType = PKInk.InkType.pen
    var color = PKColor.black
    var transform = CGAffineTransform.identity
    var creationDate = Date(timeIntervalSinceReferenceDate: 0)
    var mask: PKBezierPath?
    var randomSeed: UInt32 = 0
    var channels: [DuctusJSONChannel: [Double]] = [:]
    var pointsOffset = scanner.position
    var first = true
    var seen: UInt32 = 0
    while let key = try scanner.nextKey(&first) {
      try scanner.checkFirst(key, among: DuctusJSONSchema.strokeKeys, seen: &seen)
      switch key {
      case "ink":
        let name = try scanner.readString()
        guard let type = PKInk.InkType(name: name) else {
          throw scanner.failure(.invalidValue, "empty ink name")
        }
        inkType = type
      case "color":
        color = try readColor(&scanner, stroke: stroke)
      case "transform":
        let start = scanner.position
        var values: [Double] = []
        try scanner.readNumbers(into: &values, maximumCount: 6) {
          "field \"transform\" of \(stroke) number \($0)"
        }
        guard values.count == 6 else {
          scanner.position = start
          throw scanner.failure(.invalidValue, "a transform has 6 numbers [a,b,c,d,tx,ty]")
        }
        transform = CGAffineTransform(
          a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
      case "creationDate":
        do {
          creationDate = Date(timeIntervalSinceReferenceDate: try scanner.readNumber())
        } catch {
          var named = error
          named.message = "field \"creationDate\" of \(stroke): \(error.message)"
          throw named
        }
      case "mask":
        mask = try readMask(&scanner, stroke: stroke, limits: limits)
      case "randomSeed":
        randomSeed = UInt32(try scanner.readInteger(in: 0...Int(UInt32.max), "randomSeed"))
      case "points":
        scanner.skipWhitespace()
        pointsOffset = scanner.position
        channels = try readChannels(&scanner, stroke: stroke, limits: limits)
      default:
        try scanner.skipValue()
      }
    }
    let ink = PKInk(inkType, color: color)
    let points = try makePoints(channels, ink: ink, offset: scanner.baseOffset + pointsOffset)
    return PKStroke(
      ink: ink, path: PKStrokePath(controlPoints: points, creationDate: creationDate),
      transform: transform, mask: mask, randomSeed: randomSeed)
  }

  /// Reads `"#RRGGBB"`, `"#RRGGBBAA"` or `[r, g, b, a]`.
  static func readColor(_ scanner: inout JSONScanner, stroke: String) throws(InkFormatError)
    -> PKColor
  {
    let start = scanner.position
    if scanner.peek() == 0x22 {
      let text = try scanner.readString()
      guard let color = PKColor(hex: text) else {
        scanner.position = start
        throw scanner.failure(.invalidValue, "colour \"\(text)\" is not #RRGGBB or #RRGGBBAA")
      }
      return color
    }
    var values: [Double] = []
    try scanner.readNumbers(into: &values, maximumCount: 4) {
      "field \"color\" of \(stroke) number \($0)"
    }
    guard values.count == 4 else {
      scanner.position = start
      throw scanner.failure(.invalidValue, "a colour array has 4 numbers [r,g,b,a]")
    }
    return PKColor(red: values[0], green: values[1], blue: values[2], alpha: values[3])
  }

  /// What the count of a mask's numbers is bounded by, after it in an error.
  static let maskCoordinatesLimit =
    "mask coordinates left (two a vertex, the vertices of a mask within the limit of points a "
    + "stroke)"

  /// Reads `null` or an array of polygons, each a flat array `[x0, y0, x1, y1, …]`, of at most
  /// ``InkReadLimits/maximumStrokePoints`` vertices in all (they count as points of the
  /// drawing too).
  static func readMask(_ scanner: inout JSONScanner, stroke: String, limits: InkReadLimits)
    throws(InkFormatError) -> PKBezierPath?
  {
    if try scanner.readNull() { return nil }
    try scanner.beginArray()
    var polygons: [[CGPoint]] = []
    var first = true
    var values: [Double] = []
    var vertices = 0
    while try scanner.nextElement(&first) {
      let start = scanner.position
      values.removeAll(keepingCapacity: true)
      let (most, overflow) = (limits.maximumStrokePoints - vertices).multipliedReportingOverflow(
        by: 2)
      try scanner.readNumbers(
        into: &values, maximumCount: overflow ? .max : most, limit: Self.maskCoordinatesLimit
      ) { "field \"mask\" of \(stroke) number \($0)" }
      guard values.count % 2 == 0 else {
        scanner.position = start
        throw scanner.failure(.invalidValue, "a mask polygon has an odd count of coordinates")
      }
      vertices += values.count / 2
      polygons.append(
        stride(from: 0, to: values.count, by: 2).map { CGPoint(x: values[$0], y: values[$0 + 1]) })
    }
    return PKBezierPath(polygons: polygons)
  }

  /// Reads the `points` object: one number array per channel, of at most
  /// ``InkReadLimits/maximumStrokePoints`` numbers.
  static func readChannels(_ scanner: inout JSONScanner, stroke: String, limits: InkReadLimits)
    throws(InkFormatError) -> [DuctusJSONChannel: [Double]]
  {
    try scanner.beginObject()
    var channels: [DuctusJSONChannel: [Double]] = [:]
    var first = true
    while let key = try scanner.nextKey(&first) {
      guard let channel = DuctusJSONChannel(rawValue: key) else {
        try scanner.skipValue()
        continue
      }
      guard channels[channel] == nil else {
        throw scanner.failure("the key \"\(key)\" appears twice in one object")
      }
      var values: [Double] = []
      values.reserveCapacity(channels[.x]?.count ?? 64)
      try scanner.readNumbers(
        into: &values, maximumCount: limits.maximumStrokePoints,
        limit: InkReadLimits.strokePointsLimit
      ) {
        "field \"\(key)\" of \(stroke) point \($0)"
      }
      channels[channel] = values
    }
    return channels
  }

  /// Builds the control points from the channel arrays, checking their lengths.
  static func makePoints(
    _ channels: [DuctusJSONChannel: [Double]], ink: PKInk, offset: Int
  ) throws(InkFormatError) -> [PKStrokePoint] {
    guard let xs = channels[.x], let ys = channels[.y] else {
      if channels.isEmpty { return [] }
      throw InkFormatError(.malformed, "points need both \"x\" and \"y\"", offset: offset)
    }
    let count = xs.count
    for (channel, values) in channels where values.count != count {
      throw InkFormatError(
        .invalidValue,
        "points channel \"\(channel.rawValue)\" has \(values.count) values, \"x\" has \(count)",
        offset: offset)
    }
    func column(_ channel: DuctusJSONChannel) -> [Double] {
      channels[channel] ?? Array(repeating: channel.defaultValue(for: ink) ?? 0, count: count)
    }
    let ts = column(.t)
    let widths = column(.width)
    let heights = channels[.height] ?? widths
    let forces = column(.force)
    let azimuths = column(.azimuth)
    let altitudes = column(.altitude)
    let opacities = column(.opacity)
    let secondaryScales = column(.secondaryScale)
    let thresholds = column(.threshold)
    var points: [PKStrokePoint] = []
    points.reserveCapacity(count)
    for i in 0..<count {
      points.append(
        PKStrokePoint(
          location: CGPoint(x: xs[i], y: ys[i]), timeOffset: ts[i],
          size: CGSize(width: widths[i], height: heights[i]), opacity: opacities[i],
          force: forces[i], azimuth: azimuths[i], altitude: altitudes[i],
          secondaryScale: secondaryScales[i], threshold: thresholds[i]))
    }
    return points
  }
}
