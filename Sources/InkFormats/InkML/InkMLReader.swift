import Foundation
import OpenPencilKit

/// Reads an InkML document (W3C Ink Markup Language, 2011; see <doc:InkML>) as one drawing.
///
/// ```swift
/// let record = try InkMLReader().record(from: Data(contentsOf: url), key: "sample")
/// ```
///
/// Every `<trace>` becomes a pen stroke with an identity transform: `X`, `Y` give the location,
/// `T` the time (the stroke's `creationDate` is its first time after the reference date, point
/// offsets count from there), `F` the force, `OA`/`OE` the azimuth and altitude, `W` the width
/// and height; absent channels take Ductus JSON's defaults. The document's
/// `<annotation type="truth">` (or the first untyped one) is the record's label, other
/// annotations go to the metadata under their type, and each labelled trace group adds
/// `traceGroup.N.label` and `traceGroup.N.strokes` (stroke indices, space-separated).
/// Trace text is parsed byte by byte, not split into strings.
public struct InkMLReader: Sendable {
  /// Creates a reader.
  public init() {}

  /// The drawing and its labels.
  ///
  /// - Throws: `InkFormatError` naming the XML line (the file is `key`) or the trace and
  ///   character of the problem.
  public func record(from data: Data, key: String) throws -> CorpusRecord {
    try record(reading: XMLStreamReader(data: data, name: key), key: key)
  }

  /// The drawing and its labels of an InkML file, streamed from disk.
  ///
  /// - Throws: `InkFormatError` naming the file and XML line, or the trace and character of
  ///   the problem.
  public func record(contentsOf url: URL, key: String) throws -> CorpusRecord {
    try record(reading: XMLStreamReader(contentsOf: url, name: url.path), key: key)
  }

  /// Reads the document. Both entry points stream: libxml2 pulls the bytes in blocks, so a
  /// document of any size is read.
  private func record(reading xml: XMLStreamReader, key: String) throws -> CorpusRecord {
    let document = try InkMLDocumentParser(reading: xml)
    guard document.sawInkElement else {
      throw InkFormatError(.unknownFormat, "the document has no <ink> element")
    }
    var strokes: [PKStroke] = []
    strokes.reserveCapacity(document.traces.count)
    for (index, trace) in document.traces.enumerated() {
      do {
        strokes.append(try Self.stroke(trace))
      } catch let error as InkFormatError {
        throw InkFormatError(
          error.kind, "trace \(index + 1) (line \(trace.line)): \(error.message)")
      }
    }
    var label: String?
    var metadata: [String: String] = [:]
    for annotation in document.annotations {
      if annotation.type == "truth" || (annotation.type.isEmpty && label == nil) {
        label = annotation.text
      } else {
        metadata[annotation.type.isEmpty ? "annotation" : annotation.type] = annotation.text
      }
    }
    for (index, group) in document.groups.enumerated() {
      guard let groupLabel = group.label else { continue }
      metadata["traceGroup.\(index).label"] = groupLabel
      metadata["traceGroup.\(index).strokes"] = group.traces.map(String.init).joined(separator: " ")
    }
    return CorpusRecord(
      key: key, label: label, metadata: metadata, drawing: PKDrawing(strokes: strokes))
  }

  /// One stroke from a trace's channels.
  static func stroke(_ trace: InkMLDocumentParser.Trace) throws -> PKStroke {
    let columns = try InkMLTraceParser(channels: trace.channels).parse(trace.text)
    var byName: [String: [Double]] = [:]
    for (channel, values) in zip(trace.channels, columns) where byName[channel.name] == nil {
      let scale = channel.scaleToModel
      byName[channel.name] = scale == 1 ? values : values.map { $0 * scale }
    }
    guard let xs = byName["X"], let ys = byName["Y"] else {
      throw InkFormatError(.malformed, "the trace format has no X and Y channels")
    }
    let ink = PKInk(.pen, color: .black)
    func column(_ name: String, _ channel: DuctusJSONChannel) -> [Double] {
      byName[name]
        ?? Array(repeating: channel.defaultValue(for: ink) ?? 0, count: xs.count)
    }
    let times = byName["T"] ?? Array(repeating: 0, count: xs.count)
    let start = times.first ?? 0
    let forces = column("F", .force)
    let azimuths = column("OA", .azimuth)
    let altitudes = column("OE", .altitude)
    let widths = column("W", .width)
    var points: [PKStrokePoint] = []
    points.reserveCapacity(xs.count)
    for i in xs.indices {
      points.append(
        PKStrokePoint(
          location: CGPoint(x: xs[i], y: ys[i]), timeOffset: times[i] - start,
          size: CGSize(width: widths[i], height: widths[i]), opacity: 1, force: forces[i],
          azimuth: azimuths[i], altitude: altitudes[i]))
    }
    return PKStroke(
      ink: ink,
      path: PKStrokePath(
        controlPoints: points, creationDate: Date(timeIntervalSinceReferenceDate: start)))
  }
}
