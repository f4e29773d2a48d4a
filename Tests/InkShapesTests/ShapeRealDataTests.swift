import DuctusTestSupport
import Foundation
import InkFormats
import InkShapes
import Testing

/// The recognizer's held-out figures on real data (the protocol of ``ShapeDataProtocol``; every
/// threshold was decided on the tuning halves): asserted a little below what was measured, so
/// that a regression fails. To stay within seconds in a debug build, the $1 figure is that of
/// every second of the held-out subjects' `medium` gestures and the letters' that of every sixth
/// held-out record
/// (`DuctusBench evaluate-shapes real` gives the whole halves). Skipped when `../shared` is
/// absent.
@Suite(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
struct ShapeRealDataTests {
  let recognizer = ShapeRecognizer()

  /// The share of held-out target records answered right.
  func heldOutShare(
    _ folder: String, tunes: (CorpusRecord) -> Bool, expected: (String) -> Set<ShapeKind>?,
    isLetter: Bool = false, every stride: Int = 1,
    where included: (CorpusRecord) -> Bool = { _ in true }
  ) throws -> Double {
    var reader = try InkFileFormat.openCorpus(at: SharedData.url("datasets/" + folder))
    var total = 0
    var right = 0
    var seen = 0
    while let record = try reader.next() {
      guard !tunes(record), included(record), let kinds = expected(record.label ?? "") else {
        continue
      }
      seen += 1
      guard seen % stride == 0 else { continue }
      let shapes = recognizer.shapes(in: record.drawing)
      total += 1
      if ShapeDataProtocol.isRight(shapes, expected: kinds, isLetter: isLetter) { right += 1 }
    }
    return Double(right) / Double(max(total, 1))
  }

  @Test func dollarLogShapesComeBackAsTheirKinds() throws {
    let share = try heldOutShare(
      "dollar-unistroke", tunes: ShapeDataProtocol.dollarTunes,
      expected: { ShapeDataProtocol.dollarKinds[$0] }, every: 2,
      where: { $0.metadata["speed"] == "medium" })
    #expect(share >= 0.95)  // measured 234 / 240 = 97.5% (230 before stop 38)
  }

  @Test func quickDrawShapesComeBackAsTheirKinds() throws {
    let share = try heldOutShare(
      "quickdraw-dev", tunes: ShapeDataProtocol.quickDrawTunes,
      expected: { ShapeDataProtocol.quickDrawKinds[$0] })
    #expect(share >= 0.58)  // measured 92 / 153 = 60.1%
  }

  @Test func unipenLettersComeBackAsNone() throws {
    let folder = SharedData.url("datasets/unipen-apa/data/1c")
    let tuning = try ShapeDataProtocol.tuningWriters(in: folder)
    let share = try heldOutShare(
      "unipen-apa/data/1c", tunes: { tuning.contains($0.metadata["writer"] ?? "") },
      expected: { ShapeDataProtocol.shapeLetters.contains($0) ? nil : [ShapeKind.none] },
      isLetter: true, every: 6)
    // Measured 291 / 329 = 88.45%, under the 90% target on this sixth of the held-out records
    // (292 before stop 38's changes; 296 before arrows were measured part by part, which reads
    // some r and t strokes as arrows; 298 before arcs were read: a p's bowl and a t's hook are
    // arcs); the whole held-out half is 89.97% (1,777 / 1,975), which `Scripts/evaluate shapes`
    // reports. The bar was set at the subset's figure less a record's worth when it was 292; it
    // now sits at the measured figure, so that one record fewer fails it.
    #expect(share >= 0.884)
  }
}
