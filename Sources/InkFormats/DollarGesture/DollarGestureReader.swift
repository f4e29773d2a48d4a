import Foundation
import OpenPencilKit

/// Reads the gesture logs of the $1 unistroke recognizer study (Wobbrock, Wilson and Li, UIST
/// 2007): one XML file a gesture, `<Gesture Name="check02" Subject="11" Speed="slow" …>` holding
/// `<Point X= Y= T=/>` samples in screen pixels (y down) with `T` in absolute milliseconds.
///
/// A folder is a corpus: every `.xml` file below it, in path order, is one record whose key is
/// the relative path, whose label is the gesture name without its repetition number
/// (`check02` → `check`) and whose metadata carry `subject`, `speed`, `number`, `name` and
/// `date` (the file's `Date` and `TimeOfDay`, as written). Each gesture is one stroke; times
/// count from its first point, made strictly increasing as for SVC2004 (the published logs
/// need no correction), and the stroke starts at the reference date, since the logs hold
/// tick counts, not wall-clock times.
///
/// ```swift
/// var reader = try DollarGestureReader(url: URL(fileURLWithPath: "dollar-unistroke"))
/// while let record = try reader.next() { print(record.label ?? "?", record.metadata["speed"]!) }
/// ```
public struct DollarGestureReader: CorpusReader {
  private var files: CorpusFiles

  /// Opens a gesture log or a folder of them.
  public init(url: URL) throws {
    files = try CorpusFiles(root: url) { CorpusFiles.hasExtension($0, in: ["xml"]) }
  }

  /// The next gesture, or `nil` after the last file.
  public mutating func next() throws -> CorpusRecord? {
    guard let entry = files.next() else { return nil }
    return try Self.record(from: Data(contentsOf: entry.url), name: entry.relativePath)
  }

  /// Reads one gesture log held in memory; `name` is the key and the file errors name.
  public static func record(from data: Data, name: String) throws -> CorpusRecord {
    let content = try DollarGestureXMLContent(reading: XMLStreamReader(data: data, name: name))
    guard let attributes = content.gestureAttributes else {
      throw InkFormatError(.malformed, "no <Gesture> element", file: name)
    }
    guard !content.points.isEmpty else {
      throw InkFormatError(.malformed, "a <Gesture> without <Point> elements", file: name)
    }
    let clock = MonotoneClock(timestamps: content.points.map(\.t), unitsPerSecond: 1000)
    let points = zip(content.points, clock.seconds).map { sample, time in
      ImportedStroke.point(x: sample.x, y: sample.y, time: time)
    }
    let gestureName = attributes["Name"] ?? fileStem(name)
    var metadata: [String: String] = ["name": gestureName]
    metadata["subject"] = attributes["Subject"]
    metadata["speed"] = attributes["Speed"]
    metadata["number"] = attributes["Number"]
    let date = [attributes["Date"], attributes["TimeOfDay"]].compactMap { $0 }
    if !date.isEmpty { metadata["date"] = date.joined(separator: " ") }
    if clock.corrections > 0 { metadata["timeCorrections"] = String(clock.corrections) }
    return CorpusRecord(
      key: name, label: gestureClass(gestureName), metadata: metadata,
      drawing: PKDrawing(strokes: [ImportedStroke.stroke(points, startTime: 0)]))
  }

  /// A gesture name without its trailing repetition number: `left_sq_bracket10` →
  /// `left_sq_bracket`.
  public static func gestureClass(_ name: String) -> String {
    let stem = name.reversed().drop(while: \.isNumber).reversed()
    return stem.isEmpty ? name : String(stem)
  }

  private static func fileStem(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return file.split(separator: ".").first.map(String.init) ?? file
  }
}
