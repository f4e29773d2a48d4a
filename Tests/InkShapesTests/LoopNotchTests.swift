import Foundation
import InkSampling
import Testing

@testable import InkShapes

/// The gates of a loop's notch (``ShapeClassifier/hasNotch(range:)``): a loop is read as a
/// heart only when it turns back against its winding at a notch, as a heart does between its
/// lobes and a convex loop never does, and a loop without one whose corners are as round as an
/// ellipse's is fitted no rounded rectangle, as it can be no chat bubble.
@Suite struct LoopNotchTests {
  /// The classifier of one closed stroke through `points` (the first point repeated at the end)
  /// and the loop's points, up to its return to its start.
  func classifier(_ points: [(Double, Double)]) throws -> (ShapeClassifier, Range<Int>) {
    let closed = points + [points[0]]
    let buffer = try SampleBuffer(
      xs: closed.map(\.0), ys: closed.map(\.1),
      extraChannels: [.t: closed.indices.map { Double($0) / 100 }])
    let path = try #require(InkPath(strokes: [buffer]))
    let end = try #require(path.closingIndex())
    return (ShapeClassifier(path: path), 0..<end + 1)
  }

  /// The classic heart curve, 100 wide and 90 high, its tip down about (200, 150).
  var heart: [(Double, Double)] {
    (0..<256).map { k -> (Double, Double) in
      let t = 2 * Double.pi * Double(k) / 256
      let y = 13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t)
      return (200 + 50 * pow(sin(t), 3), 150 - 3.3 * y)
    }
  }

  /// `count` points round the ellipse of half axes `rx, ry` about (200, 150).
  func ellipse(rx: Double, ry: Double, count: Int = 200) -> [(Double, Double)] {
    (0..<count).map { k in
      let a = 2 * Double.pi * Double(k) / Double(count)
      return (200 + rx * cos(a), 150 + ry * sin(a))
    }
  }

  /// The square of side 100 about (200, 150), a point every unit.
  var square: [(Double, Double)] {
    let corners = [(150.0, 100.0), (250, 100), (250, 200), (150, 200)]
    return corners.indices.flatMap { i -> [(Double, Double)] in
      let (a, b) = (corners[i], corners[(i + 1) % 4])
      return (0..<100).map { s in
        (a.0 + Double(s) / 100 * (b.0 - a.0), a.1 + Double(s) / 100 * (b.1 - a.1))
      }
    }
  }

  @Test func aHeartHasItsNotchAndIsReadAsOne() throws {
    let (reader, loop) = try classifier(heart)
    #expect(reader.hasNotch(range: loop))
    #expect(reader.heartCandidate(range: loop)?.shape.kind == .heart)
    // Drawn the other way round, the notch turns against the other winding.
    let (backward, backLoop) = try classifier(heart.reversed())
    #expect(backward.hasNotch(range: backLoop))
  }

  @Test(arguments: [(60.0, 60.0), (90, 40)])
  func aRoundLoopHasNoNotchAndNoHeart(rx: Double, ry: Double) throws {
    let (reader, loop) = try classifier(ellipse(rx: rx, ry: ry))
    #expect(!reader.hasNotch(range: loop))
    #expect(reader.heartCandidate(range: loop) == nil)
  }

  @Test func aSquareHasNoNotchAndNoHeart() throws {
    let (reader, loop) = try classifier(square)
    #expect(!reader.hasNotch(range: loop))
    #expect(reader.heartCandidate(range: loop) == nil)
  }
}

extension LoopNotchTests {
  /// The rounded rectangle of the loop `range` of `reader`'s path, fitted as a loop with or
  /// without a notch.
  func box(_ reader: ShapeClassifier, _ range: Range<Int>, notched: Bool) -> RoundedRectangleFit? {
    RoundedRectangleFit(
      xs: reader.path.xs, ys: reader.path.ys, range: range, leastFill: ShapeClassifier.leastBoxFill,
      fitsRoundLoops: notched)
  }

  @Test func aRoundLoopWithoutANotchIsFittedNoRoundedRectangle() throws {
    let (reader, loop) = try classifier(ellipse(rx: 90, ry: 50))
    #expect(!reader.hasNotch(range: loop))
    #expect(box(reader, loop, notched: true) != nil)
    #expect(box(reader, loop, notched: false) == nil)
  }

  @Test func aRoundedRectangleIsFittedWithoutANotch() throws {
    // 160 by 90 about (100, 80), corners rounded by 20: the ink passes inside its box's corners
    // by (√2 − 1) 20, short of an ellipse's reach.
    let truth = DetectedShape(
      kind: .roundedRectangle, confidence: 1, strokes: [0], center: [100, 80], radii: [80, 45],
      rotation: 0, cornerRadius: 20)
    let outline = try IdealShape(truth).densified(spacing: 1)[0]
    let (reader, loop) = try classifier(outline.map { (Double($0.x), Double($0.y)) })
    #expect(!reader.hasNotch(range: loop))
    let fit = try #require(box(reader, loop, notched: false))
    #expect(abs(fit.radius - 20) < 0.15 * 20)
    #expect(reader.candidates().contains { $0.shape.kind == .roundedRectangle })
  }

  @Test func aChatBubbleHasANotchAtItsTail() throws {
    // A body 200 by 110 about (300, 200), its tail's tip below its left half.
    let truth = DetectedShape(
      kind: .chatBubble, confidence: 1, strokes: [0], center: [300, 200], radii: [100, 55],
      rotation: 0, tail: [250, 290])
    let outline = try IdealShape(truth).densified(spacing: 1)[0]
    let (reader, loop) = try classifier(outline.map { (Double($0.x), Double($0.y)) })
    #expect(reader.hasNotch(range: loop))
    #expect(reader.candidates().contains { $0.shape.kind == .chatBubble })
  }
}
