import Foundation
import OpenPencilKit

/// Walks an InkML document through ``XMLStreamReader`` and collects what the model needs: the
/// traces with their channel formats, the document's annotations and the labelled trace groups.
///
/// Formats: a `<traceFormat>` (with `<channel>` and `<intermittentChannels>`) may stand in a
/// `<context>` or in `<definitions>`, with an `xml:id`; a `<context>` may point to one with
/// `traceFormatRef`; a `<trace>` uses its `contextRef` or `traceFormatRef`, else the document's
/// current format (the last declared outside `<definitions>`, else the first declared), else
/// `X Y`. `<traceView traceDataRef>` inside a trace group counts the referenced trace as a
/// member (CROHME's layout).
struct InkMLDocumentParser {
  /// A trace as read: its channels and the raw text.
  struct Trace {
    var channels: [InkMLChannel]
    var text: [UInt8]
    var line: Int
  }

  /// A trace group: its label and the indices of the traces in it.
  struct TraceGroup {
    var label: String?
    var traces: [Int] = []
  }

  private(set) var traces: [Trace] = []
  private(set) var annotations: [(type: String, text: String)] = []
  private(set) var groups: [TraceGroup] = []
  private(set) var sawInkElement = false

  private var formats: [String: [InkMLChannel]] = [:]
  private var contextFormats: [String: [InkMLChannel]] = [:]
  private var currentFormat: [InkMLChannel]?
  private var firstFormat: [InkMLChannel]?
  private var building: (id: String?, channels: [InkMLChannel])?
  private var inIntermittent = false
  private var contextID: String?
  private var definitionsDepth = 0
  private var traceIDs: [String: Int] = [:]
  private var openGroups: [Int] = []
  private var trace: Trace?
  private var annotation: (type: String, text: String, groupLevel: Int)?

  /// The default format when a document declares none.
  static let defaultChannels = [InkMLChannel(name: "X"), InkMLChannel(name: "Y")]

  /// Reads a document to its end.
  ///
  /// - Throws: `InkFormatError` naming the file and the line of the XML's first error.
  init(reading xml: XMLStreamReader) throws {
    while let node = try xml.next() {
      switch node {
      case .start: start(xml)
      case .end: end(xml.elementName)
      case .text:
        if trace != nil {
          xml.appendText(to: &trace!.text)
        } else if annotation != nil {
          annotation?.text += xml.text
        }
      }
    }
  }

  private mutating func start(_ xml: XMLStreamReader) {
    let id = xml.attribute("xml:id") ?? xml.attribute("id")
    switch xml.elementName {
    case "ink":
      sawInkElement = true
    case "definitions":
      definitionsDepth += 1
    case "context":
      contextID = id
      if let reference = xml.attribute("traceFormatRef"),
        let format = formats[Self.strip(reference)], let id
      {
        contextFormats[id] = format
      }
    case "traceFormat":
      building = (id, [])
    case "intermittentChannels":
      inIntermittent = true
    case "channel":
      building?.channels.append(
        InkMLChannel(
          name: xml.attribute("name") ?? "", units: xml.attribute("units"),
          isIntermittent: inIntermittent))
    case "trace":
      let format =
        xml.attribute("contextRef").flatMap { contextFormats[Self.strip($0)] }
        ?? xml.attribute("traceFormatRef").flatMap { formats[Self.strip($0)] }
        ?? currentFormat ?? firstFormat ?? Self.defaultChannels
      trace = Trace(channels: format, text: [], line: xml.line)
      if let id { traceIDs[id] = traces.count }
    case "traceGroup":
      openGroups.append(groups.count)
      groups.append(TraceGroup())
    case "traceView":
      if let reference = xml.attribute("traceDataRef"),
        let index = traceIDs[Self.strip(reference)],
        let group = openGroups.last
      {
        groups[group].traces.append(index)
      }
    case "annotation":
      annotation = (xml.attribute("type") ?? "", "", openGroups.count)
    default:
      break
    }
  }

  private mutating func end(_ elementName: String) {
    switch elementName {
    case "definitions":
      definitionsDepth -= 1
    case "context":
      contextID = nil
    case "traceFormat":
      guard let format = building else { break }
      building = nil
      if let id = format.id { formats[id] = format.channels }
      if let contextID { contextFormats[contextID] = format.channels }
      if firstFormat == nil { firstFormat = format.channels }
      if definitionsDepth == 0 { currentFormat = format.channels }
    case "intermittentChannels":
      inIntermittent = false
    case "trace":
      guard let finished = trace else { break }
      if let group = openGroups.last { groups[group].traces.append(traces.count) }
      traces.append(finished)
      trace = nil
    case "traceGroup":
      if let group = openGroups.popLast(), let parent = openGroups.last {
        groups[parent].traces.append(contentsOf: groups[group].traces)
      }
    case "annotation":
      guard let finished = annotation else { break }
      annotation = nil
      let text = finished.text.trimmingCharacters(in: .whitespacesAndNewlines)
      if finished.groupLevel > 0, let group = openGroups.last {
        if groups[group].label == nil || finished.type == "truth" { groups[group].label = text }
      } else {
        annotations.append((finished.type, text))
      }
    default:
      break
    }
  }

  /// A reference without its leading `#`.
  static func strip(_ reference: String) -> String {
    reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
  }
}
