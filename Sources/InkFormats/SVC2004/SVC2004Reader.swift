import Foundation
import OpenPencilKit

/// Reads the signature files of the First International Signature Verification Competition,
/// SVC2004 (Yeung, Chang, Xiong, George, Kashi, Matsumoto and Rigoll, ICBA 2004).
///
/// A file `U<user>S<n>.TXT` holds the number of samples on its first line, then one sample a
/// line: `X Y timestamp button azimuth altitude pressure` (Task 2, a Wacom Intuos tablet at
/// about 100 Hz) or `X Y timestamp button` (Task 1). Signatures S1–S20 of a user are genuine,
/// S21–S40 skilled forgeries. How the columns become the model, checked on all 800 files of the
/// public Task 2 set:
///
/// - **Strokes.** Nothing is recorded while the pen is up; each pen-down run starts with exactly
///   one row whose button is 0 (the first sample after the gap, with pressure already) followed
///   by rows of button 1. A row of button 0 therefore starts a new stroke and is kept as its
///   first point.
/// - **Coordinates.** Tablet units, with y negated: the tablet's y axis points up, the model's
///   down.
/// - **Time.** Timestamps are milliseconds; 300 steps of 0 ms and 13 steps of −8 or −9 ms occur
///   between regular 10 ms steps. Each such step is replaced by the median step, and the later
///   samples move by the same correction; the record's `timeCorrections` metadata counts them.
///   Each stroke's path starts at its first sample's time after the reference date.
/// - **Pen angles.** Azimuth and altitude are in tenths of a degree (seen: azimuth 0–1840,
///   altitude 280–900, i.e. up to 90° for a pen held upright) and become radians; the azimuth
///   keeps the tablet's reference direction.
/// - **Pressure.** 0–1023 (the Intuos has 1,024 levels; seen 1–1023) becomes force
///   `pressure / 1023`, so 1 is the tablet's full scale. Task 1 files get force 1, azimuth 0 and
///   an upright pen.
///
/// The record's key is the relative path, its label the user (`U1`), its metadata `user`,
/// `signature`, `authenticity` (`genuine` or `forgery`) and `timeCorrections` when any.
public struct SVC2004Reader: CorpusReader {
  /// The largest pressure value of the tablet, the force scale's 1.
  public static let fullScalePressure = 1023.0

  private var files: CorpusFiles

  /// Opens a signature file or a folder of them (every `.txt` file below it, in path order).
  public init(url: URL) throws {
    files = try CorpusFiles(root: url) { CorpusFiles.hasExtension($0, in: ["txt"]) }
  }

  /// The next signature, or `nil` after the last file.
  public mutating func next() throws -> CorpusRecord? {
    guard let entry = files.next() else { return nil }
    return try Self.record(
      from: TextSource(contentsOf: entry.url, name: entry.relativePath))
  }

  /// Reads one signature file held in memory; `name` is the key and the file errors name (its
  /// last component, `U3S25.TXT`, gives the user and the authenticity).
  public static func record(from data: Data, name: String) throws -> CorpusRecord {
    try record(from: TextSource(bytes: [UInt8](data), name: name))
  }

  private static func record(from source: TextSource) throws -> CorpusRecord {
    let lines = source.lines.filter { !$0.range.isEmpty }
    guard let header = lines.first else {
      throw InkFormatError(.truncated, "empty file: no sample count", file: source.name)
    }
    var headerScanner = NumberScanner(source.bytes, range: header.range)
    guard let declared = headerScanner.number(), headerScanner.isAtEnd,
      declared >= 1, declared <= 1e9, declared == declared.rounded()
    else {
      throw source.error(
        .malformed,
        "line 1 must be the sample count, a whole number from 1; it is "
          + "\"\(source.text(header.range))\"", line: header.number)
    }
    let count = Int(declared)
    guard lines.count - 1 == count else {
      throw source.error(
        lines.count - 1 < count ? .truncated : .malformed,
        "the header declares \(count) samples but \(lines.count - 1) lines follow",
        line: lines[lines.count - 1].number)
    }
    var columns = 0
    var rows: [[Double]] = []
    rows.reserveCapacity(count)
    for line in lines.dropFirst() {
      var scanner = NumberScanner(source.bytes, range: line.range)
      var row: [Double] = []
      while let value = scanner.number() {
        guard scanner.atSeparatorOrEnd, value.isFinite else { break }
        row.append(value)
      }
      guard scanner.isAtEnd, row.count == 4 || row.count == 7 else {
        throw source.error(
          .malformed,
          "expected 7 numbers (X Y timestamp button azimuth altitude pressure) or 4 "
            + "(X Y timestamp button), found \"\(source.text(line.range))\"", line: line.number)
      }
      if columns == 0 { columns = row.count }
      guard row.count == columns else {
        throw source.error(
          .malformed, "\(row.count) columns where earlier lines have \(columns)",
          line: line.number)
      }
      guard row[3] == 0 || row[3] == 1 else {
        throw source.error(
          .invalidValue, "button status must be 0 or 1, not \(row[3])", line: line.number)
      }
      rows.append(row)
    }
    let clock = MonotoneClock(timestamps: rows.map { $0[2] }, unitsPerSecond: 1000)
    var strokes: [PKStroke] = []
    var points: [PKStrokePoint] = []
    var strokeStart = 0.0
    for (row, time) in zip(rows, clock.seconds) {
      if row[3] == 0, !points.isEmpty {
        strokes.append(ImportedStroke.stroke(points, startTime: strokeStart))
        points.removeAll(keepingCapacity: true)
      }
      if points.isEmpty { strokeStart = time }
      let degrees = Double.pi / 1800
      points.append(
        columns == 7
          ? ImportedStroke.point(
            x: row[0], y: -row[1], time: time - strokeStart, force: row[6] / fullScalePressure,
            azimuth: row[4] * degrees, altitude: row[5] * degrees)
          : ImportedStroke.point(x: row[0], y: -row[1], time: time - strokeStart))
    }
    strokes.append(ImportedStroke.stroke(points, startTime: strokeStart))
    var metadata: [String: String] = [:]
    var label: String?
    if let (user, signature) = userAndSignature(source.name) {
      label = "U\(user)"
      metadata["user"] = String(user)
      metadata["signature"] = String(signature)
      metadata["authenticity"] = signature <= 20 ? "genuine" : "forgery"
    }
    if clock.corrections > 0 { metadata["timeCorrections"] = String(clock.corrections) }
    return CorpusRecord(
      key: source.name, label: label, metadata: metadata, drawing: PKDrawing(strokes: strokes))
  }

  /// The user and signature numbers of a file named `U<user>S<n>.TXT` (any case).
  static func userAndSignature(_ path: String) -> (user: Int, signature: Int)? {
    let file = (path.split(separator: "/").last.map(String.init) ?? path).uppercased()
    guard file.hasPrefix("U"), let s = file.firstIndex(of: "S"),
      let dot = file.lastIndex(of: "."), s < dot,
      let user = Int(file[file.index(after: file.startIndex)..<s]),
      let signature = Int(file[file.index(after: s)..<dot])
    else { return nil }
    return (user, signature)
  }
}
