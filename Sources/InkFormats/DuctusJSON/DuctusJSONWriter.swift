import Foundation
import OpenPencilKit
import _DuctusSupport

/// Writes drawings as Ductus JSON (see <doc:DuctusJSON>), so that every attribute of the model
/// reads back bit for bit.
///
/// ```swift
/// try DuctusJSONWriter().data(for: drawing).write(to: url, options: .atomic)
/// ```
///
/// Numbers are printed in their shortest round-trip form; a channel whose every value is its
/// default is left out; a colour is `#RRGGBBAA` when its components are exact multiples of
/// 1/255 and `[r,g,b,a]` otherwise.
public struct DuctusJSONWriter: Sendable {
  /// Whether each stroke starts a new line (for files people read); `false` writes one line,
  /// as a corpus record needs.
  public var breaksLinesBetweenStrokes: Bool

  /// Creates a writer.
  public init(breaksLinesBetweenStrokes: Bool = true) {
    self.breaksLinesBetweenStrokes = breaksLinesBetweenStrokes
  }

  /// The drawing as a Ductus JSON document, ending with a line feed.
  public func data(for drawing: PKDrawing) -> Data {
    data(for: CorpusRecord(key: "", drawing: drawing))
  }

  /// The record's drawing as a Ductus JSON document with the record's `label` and `metadata`
  /// (each only when present; the key is the file's name and is not written).
  public func data(for record: CorpusRecord) -> Data {
    var text = JSONTextWriter()
    write(record.drawing, into: &text, label: record.label, metadata: record.metadata)
    text.bytes.append(0x0A)
    return Data(text.bytes)
  }

  /// Appends the drawing object, with its `format` and `version`, and a label and metadata when
  /// given.
  func write(
    _ drawing: PKDrawing, into text: inout JSONTextWriter, label: String? = nil,
    metadata: [String: String] = [:]
  ) {
    text.append("{")
    text.appendKey("format", first: true)
    text.appendString(DuctusJSONSchema.formatName)
    text.appendKey("version")
    text.appendNumber(Double(DuctusJSONSchema.version))
    if let label {
      text.appendKey("label")
      text.appendString(label)
    }
    if !metadata.isEmpty {
      text.appendKey("metadata")
      text.appendTextObject(metadata)
    }
    text.appendKey("strokes")
    text.append("[")
    for (index, stroke) in drawing.strokes.enumerated() {
      if index > 0 { text.append(",") }
      if breaksLinesBetweenStrokes { text.append("\n") }
      write(stroke, into: &text)
    }
    if breaksLinesBetweenStrokes && !drawing.strokes.isEmpty { text.append("\n") }
    text.append("]}")
  }

  /// Appends one stroke object.
  func write(_ stroke: PKStroke, into text: inout JSONTextWriter) {
    text.append("{")
    text.appendKey("ink", first: true)
    text.appendString(stroke.ink.inkType.name)
    text.appendKey("color")
    writeColor(stroke.ink.color, into: &text)
    let t = stroke.transform
    text.appendKey("transform")
    text.appendNumbers([t.a, t.b, t.c, t.d, t.tx, t.ty])
    text.appendKey("creationDate")
    text.appendNumber(stroke.path.creationDate.timeIntervalSinceReferenceDate)
    text.appendKey("randomSeed")
    text.appendNumber(Double(stroke.randomSeed))
    if let mask = stroke.mask {
      text.appendKey("mask")
      text.append("[")
      for (index, polygon) in mask.polygons.enumerated() {
        if index > 0 { text.append(",") }
        text.appendNumbers(polygon.lazy.flatMap { [Double($0.x), Double($0.y)] })
      }
      text.append("]")
    }
    text.appendKey("points")
    text.append("{")
    var firstChannel = true
    let points = stroke.path.controlPoints
    for channel in DuctusJSONChannel.allCases {
      let values = points.map(channel.value(of:))
      let defaultValue: Double? =
        channel == .height
        ? nil : channel.defaultValue(for: stroke.ink)
      if let defaultValue, values.allSatisfy({ $0.bitPattern == defaultValue.bitPattern }) {
        continue
      }
      if channel == .height,
        points.allSatisfy({ $0.size.height.bitPattern == $0.size.width.bitPattern })
      {
        continue
      }
      text.appendKey(channel.rawValue, first: firstChannel)
      firstChannel = false
      text.appendNumbers(values)
    }
    text.append("}}")
  }

  /// Appends `"#RRGGBBAA"` when exact, else `[r,g,b,a]`.
  func writeColor(_ color: PKColor, into text: inout JSONTextWriter) {
    let components = [color.red, color.green, color.blue, color.alpha].map { Double($0) }
    let exact = components.allSatisfy {
      (0...1).contains($0) && (($0 * 255).rounded() / 255).bitPattern == $0.bitPattern
    }
    if exact {
      text.appendString(color.hexString)
    } else {
      text.appendNumbers(components)
    }
  }
}
