import Foundation
import OpenPencilKit

@testable import InkFormats

/// A canonical text of corpus records, every number by its bit pattern, and its 64-bit FNV-1a
/// digest: two readings are the same exactly when their fingerprints are.
struct RecordFingerprint {
  /// The canonical text so far, one line a record and a line a stroke.
  private(set) var text = ""
  /// How many records went in.
  private(set) var records = 0

  /// Adds a record: key, label, sorted metadata, then each stroke's ink, transform, mask,
  /// seed, creation date and every control point's fields.
  mutating func add(_ record: CorpusRecord) {
    records += 1
    text += "record \(record.key)|\(record.label ?? "<nil>")"
    for (name, value) in record.metadata.sorted(by: { $0.key < $1.key }) {
      text += "|\(name)=\(value)"
    }
    text += "\n"
    for stroke in record.drawing.strokes {
      let t = stroke.transform
      text += "stroke \(stroke.ink.inkType.rawValue) \(stroke.ink.color.hexString)"
      text += " \(Self.bits([t.a, t.b, t.c, t.d, t.tx, t.ty])) mask \(stroke.mask == nil ? 0 : 1)"
      text += " seed \(stroke.randomSeed)"
      text += " date \(Self.bits([stroke.path.creationDate.timeIntervalSinceReferenceDate]))\n"
      for point in stroke.path {
        text += Self.bits([
          point.location.x, point.location.y, point.timeOffset, point.size.width,
          point.size.height, point.opacity, point.force, point.azimuth, point.altitude,
          point.secondaryScale, point.threshold,
        ])
        text += "\n"
      }
    }
  }

  /// The 64-bit FNV-1a digest of the text, in hexadecimal.
  var digest: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return String(hash, radix: 16)
  }

  /// Writes the text to `DUCTUS_XML_DUMP/name` when that variable names a folder.
  func dump(as name: String) throws {
    guard let folder = ProcessInfo.processInfo.environment["DUCTUS_XML_DUMP"], !folder.isEmpty
    else { return }
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
  }

  private static func bits(_ values: [Double]) -> String {
    values.map { String($0.bitPattern, radix: 16) }.joined(separator: " ")
  }
}
