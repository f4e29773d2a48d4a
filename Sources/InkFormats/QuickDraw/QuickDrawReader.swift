import Foundation
import OpenPencilKit

/// Streams the drawings of a Quick, Draw! NDJSON file (Google, 2017; see <doc:QuickDraw>), raw
/// or simplified, one line at a time.
///
/// Each line is `{"word":…,"countrycode":…,"timestamp":…,"recognized":…,"key_id":…,
/// "drawing":[[xs,ys,ts],…]}`: a stroke is `[[x…],[y…],[t…]]` in the raw files (t in
/// milliseconds since the drawing began) or `[[x…],[y…]]` in the simplified ones. The record's
/// key is `key_id`, its label `word`; `countrycode`, `recognized` and `timestamp` go to the
/// metadata. Each stroke is a pen stroke whose `creationDate` is its first time (seconds after
/// the reference date, so that stroke gaps survive) and whose points count time from there;
/// simplified strokes have all times zero. Points take the pen's default width and the model's
/// neutral force, azimuth and altitude.
public struct QuickDrawReader: CorpusReader {
  private var stream: LineRecordStream
  private let limits: InkReadLimits

  /// Opens a Quick, Draw! NDJSON file whose lines may take up to
  /// ``InkReadLimits/maximumRecordBytes`` bytes and whose drawings are read within `limits`.
  public init(url: URL, limits: InkReadLimits = .default) throws {
    stream = try LineRecordStream(url: url, maximumRecordBytes: limits.maximumRecordBytes)
    self.limits = limits
  }

  public mutating func next() throws -> CorpusRecord? {
    let limits = limits
    return try stream.next { (scanner, line) throws(InkFormatError) in
      try Self.readRecord(&scanner, line: line, limits: limits)
    }
  }

  /// The metadata members kept as text.
  static let metadataKeys: Set<String> = ["countrycode", "recognized", "timestamp"]

  /// Reads one drawing object; a drawing without `key_id` is keyed by its line number.
  static func readRecord(_ scanner: inout JSONScanner, line: Int, limits: InkReadLimits)
    throws(InkFormatError) -> CorpusRecord
  {
    let start = scanner.position
    try scanner.beginObject()
    var key: String?
    var label: String?
    var metadata: [String: String] = [:]
    var strokes: [PKStroke]?
    var first = true
    while let member = try scanner.nextKey(&first) {
      switch member {
      case "key_id": key = try scanner.readValueText()
      case "word": label = try scanner.readString()
      case "drawing": strokes = try readStrokes(&scanner, limits: limits)
      case let name where metadataKeys.contains(name):
        metadata[name] = try scanner.readValueText()
      default: try scanner.skipValue()
      }
    }
    guard let strokes else {
      scanner.position = start
      throw scanner.failure(.malformed, "the line has no \"drawing\"")
    }
    return CorpusRecord(
      key: key ?? String(line), label: label, metadata: metadata,
      drawing: PKDrawing(strokes: strokes))
  }

  /// Reads `[[xs, ys(, ts)], …]` within `limits`.
  static func readStrokes(_ scanner: inout JSONScanner, limits: InkReadLimits)
    throws(InkFormatError) -> [PKStroke]
  {
    let names = ["x", "y", "t"]
    var points = 0
    try scanner.beginArray()
    var strokes: [PKStroke] = []
    var channels: [[Double]] = [[], [], []]
    // Room for a stroke of a few hundred points at once (the channels are refilled stroke after
    // stroke), not grown from nothing by doubling in every record.
    for k in channels.indices { channels[k].reserveCapacity(256) }
    let ink = PKInk(.pen, color: .black)
    let width = ink.inkType.defaultWidth
    var firstStroke = true
    while try scanner.nextElement(&firstStroke) {
      let strokeStart = scanner.position
      let index = strokes.count
      do {
        try limits.checkStrokeCount(index + 1)
      } catch {
        throw scanner.failure(error.kind, error.message)
      }
      try scanner.beginArray()
      var count = 0
      var firstChannel = true
      while try scanner.nextElement(&firstChannel) {
        guard count < 3 else {
          throw scanner.failure(.malformed, "a stroke has 2 or 3 arrays (x, y, t)")
        }
        channels[count].removeAll(keepingCapacity: true)
        try scanner.readNumbers(
          into: &channels[count], maximumCount: limits.maximumStrokePoints,
          limit: InkReadLimits.strokePointsLimit
        ) {
          "field \"\(names[count])\" of stroke \(index) point \($0)"
        }
        count += 1
      }
      let xs = channels[0]
      let ys = channels[1]
      guard count >= 2, xs.count == ys.count, count == 2 || channels[2].count == xs.count else {
        scanner.position = strokeStart
        throw scanner.failure(
          .invalidValue, "a stroke needs x, y (and t) arrays of one length")
      }
      points += xs.count
      do {
        try limits.checkDrawingPointCount(points)
      } catch {
        scanner.position = strokeStart
        throw scanner.failure(error.kind, error.message)
      }
      let start = count == 3 ? (channels[2].first ?? 0) : 0
      var points: [PKStrokePoint] = []
      points.reserveCapacity(xs.count)
      for i in xs.indices {
        points.append(
          PKStrokePoint(
            location: CGPoint(x: xs[i], y: ys[i]),
            timeOffset: count == 3 ? (channels[2][i] - start) / 1000 : 0,
            size: CGSize(width: width, height: width), opacity: 1, force: 1, azimuth: 0,
            altitude: .pi / 2))
      }
      strokes.append(
        PKStroke(
          ink: ink,
          path: PKStrokePath(
            controlPoints: points, creationDate: Date(timeIntervalSinceReferenceDate: start / 1000)
          )))
    }
    return strokes
  }
}
