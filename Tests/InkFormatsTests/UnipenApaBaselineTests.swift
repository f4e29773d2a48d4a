import DuctusTestSupport
import Foundation
import Testing

@testable import InkFormats

/// The apa readings, pinned before the reader numbered pen-up components: the same segments,
/// strokes, points and bit-for-bit the same records.
@Suite("UNIPEN apa baseline")
struct UnipenApaBaselineTests {
  @Test(
    "data/1a, 1b and 1c read exactly as before",
    .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func apaReadingsAreUnchanged() throws {
    let root = SharedData.url("datasets/unipen-apa")
    var found: [String: [Int]] = [:]
    var fingerprints: [String: RecordFingerprint] = [:]
    for folder in ["1a", "1b", "1c"] {
      var reader = try UnipenReader(url: root.appendingPathComponent("data/\(folder)"))
      var counts = [0, 0, 0]
      var fingerprint = RecordFingerprint()
      while let record = try reader.next() {
        counts[0] += 1
        counts[1] += record.drawing.strokes.count
        counts[2] += record.drawing.strokes.reduce(0) { $0 + $1.path.count }
        fingerprint.add(record)
      }
      found[folder] = counts
      fingerprints[folder] = fingerprint
    }
    // Recorded with the reader that numbered pen-down blocks only (apa records no pen-up
    // samples, so numbering pen-up blocks must not move a segment): segments, strokes, points.
    #expect(
      found == [
        "1a": [692, 913, 26_313], "1b": [2_236, 3_959, 91_476], "1c": [7_414, 8_922, 256_539],
      ])
    #expect(
      fingerprints.mapValues(\.digest) == [
        "1a": "75880bb7e9f45921", "1b": "2b80853e7b0c3dc1", "1c": "2e55f99678e03acc",
      ])
  }
}
