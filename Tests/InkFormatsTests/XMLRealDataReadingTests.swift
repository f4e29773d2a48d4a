import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

/// Every real XML file of the shared data sets reads exactly as it did through Foundation's
/// `XMLParser` before the readers moved to libxml2: the digests below are those of the
/// readings made with the old readers (the canonical text of ``RecordFingerprint``, every
/// number by its bits). Set `DUCTUS_XML_DUMP` to a folder to get the texts themselves.
@Suite(
  "real XML files read as before",
  .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
struct XMLRealDataReadingTests {
  /// The digests of the readings through Foundation's `XMLParser` (commit c1c4808).
  static let expected = [
    "dollar": "e9ee5995fcfd9f6a", "kanjivg": "9975769c6744da94",
    "inkml-dollar": "e9ee5995fcfd9f6a", "inkml-kanjivg": "4406bb4a31aed82c",
  ]

  static func records(_ reader: consuming some CorpusReader) throws -> [CorpusRecord] {
    var reader = reader
    var records: [CorpusRecord] = []
    while let record = try reader.next() { records.append(record) }
    return records
  }

  /// Each record written as InkML by `InkMLWriter` and read back by `InkMLReader`.
  static func inkMLFingerprint(of records: [CorpusRecord]) throws -> RecordFingerprint {
    var fingerprint = RecordFingerprint()
    for record in records {
      fingerprint.add(
        try InkMLReader().record(from: InkMLWriter().data(for: record), key: record.key))
    }
    return fingerprint
  }

  @Test func allDollarGestureLogs() throws {
    let records = try Self.records(
      DollarGestureReader(url: SharedData.url("datasets/dollar-unistroke")))
    var fingerprint = RecordFingerprint()
    for record in records { fingerprint.add(record) }
    try fingerprint.dump(as: "dollar.txt")
    #expect(fingerprint.records == 5_280)
    #expect(fingerprint.digest == Self.expected["dollar"])
    let inkML = try Self.inkMLFingerprint(of: records)
    try inkML.dump(as: "inkml-dollar.txt")
    #expect(inkML.records == 5_280)
    #expect(inkML.digest == Self.expected["inkml-dollar"])
  }

  @Test func allKanjiVGFiles() throws {
    let records = try Self.records(KanjiVGReader(url: SharedData.url("datasets/kanjivg-sample")))
    var fingerprint = RecordFingerprint()
    for record in records { fingerprint.add(record) }
    try fingerprint.dump(as: "kanjivg.txt")
    #expect(fingerprint.records == 373)
    #expect(fingerprint.digest == Self.expected["kanjivg"])
    let inkML = try Self.inkMLFingerprint(of: records)
    try inkML.dump(as: "inkml-kanjivg.txt")
    #expect(inkML.records == 373)
    #expect(inkML.digest == Self.expected["inkml-kanjivg"])
  }
}
