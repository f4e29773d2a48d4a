import Foundation
import InkSampling
import Testing

@testable import InkShapes

/// How strokes meet (``StrokeContact``): touching, crossing, and the segments a crossing test
/// compares.
@Suite struct StrokeContactTests {
  /// A ring of radius `r` about (0, 0), 40 chords round, as an ink path.
  func ring(_ r: Double) -> InkPath {
    let angles = (0...40).map { 2 * Double.pi * Double($0) / 40 }
    return InkPath(
      strokes: [SampleBuffer(xs: angles.map { r * cos($0) }, ys: angles.map { r * sin($0) })])!
  }

  @Test func aRingInsideARingIsComparedOnlyWhereItsBoxIs() {
    // The outer ring (radius 100) has no segment in the inner ring's box (±10): the test of
    // their crossing walks its points once and compares no segments.
    let (inner, outer) = (ring(10), ring(100))
    #expect(StrokeContact.segments(of: outer, reaching: inner).isEmpty)
    #expect(StrokeContact.segments(of: inner, reaching: outer).count == inner.count - 1)
    #expect(!StrokeContact.cross(inner, outer))
    #expect(!StrokeContact.touch(inner, outer, within: 0.15))
    // Rings 2 apart touch (an end within 0.15 of the diagonal of the other).
    #expect(StrokeContact.touch(ring(10), ring(12), within: 0.15))
  }

  @Test func aChordThroughARingCrossesIt() {
    let chord = InkPath(strokes: [SampleBuffer(xs: [-150, 150], ys: [5, 5])])!
    let outer = ring(100)
    // Only the two segments across y = 5, one either side, reach into the chord's flat box.
    #expect(StrokeContact.segments(of: outer, reaching: chord).count == 2)
    #expect(StrokeContact.cross(chord, outer))
    #expect(StrokeContact.cross(outer, chord))
  }

  @Test func ringsThatTouchInAChainAreReadOneByOneAndRingsApartAlone() {
    let recognizer = ShapeRecognizer()
    // 40 rings 2 apart touch in a chain: one set, over eight strokes, so each is read alone.
    let chain = (0..<40).map { k -> SampleBuffer in
      let r = 10 + 2 * Double(k)
      let angles = (0...40).map { 2 * Double.pi * Double($0) / 40 }
      return SampleBuffer(xs: angles.map { r * cos($0) }, ys: angles.map { r * sin($0) })
    }
    #expect(recognizer.groups(of: chain) == (0..<40).map { [$0] })
    #expect(recognizer.shapes(inStrokes: chain).allSatisfy { $0.kind == .circle })
  }
}
