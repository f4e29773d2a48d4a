import Foundation
import InkSampling
import Testing

@testable import InkShapes

/// A cloud is told from a round reading before the readings are weighed
/// (``ShapeClassifier/cloudCandidate(range:ellipse:round:)``): its bumps, which its ideal
/// outline follows far closer than the ellipse does, put it in the round reading's place.
@Suite struct CloudReadingTests {
  @Test func aCloudTakesTheRoundReadingsPlace() throws {
    // The synthesizer's one-stroke clouds: six to nine bumps round an ellipse.
    let synthesizer = ShapeSynthesizer(seed: 11)
    for index in 0..<8 {
      let specimen = synthesizer.specimen(kind: .cloud, index: index, strokes: 1...1)
      let readings = ShapeRecognizer().candidates(
        of: ShapeRecognizer.strokeSamples(of: specimen.drawing))
      #expect(readings.contains { $0.shape.kind == .cloud }, "specimen \(index)")
      #expect(!readings.contains { [.circle, .ellipse].contains($0.shape.kind) }, "\(index)")
    }
  }

  @Test func aWobblyEllipseKeepsItsRoundReading() throws {
    // An ellipse 200 by 130 whose radius wobbles by 3% seven times round, with no cusps: its
    // radius dips too little for a cloud's bumps (``ShapeClassifier/cloudDipDepth``), so no
    // cloud is fitted and its ellipse stays. (At 10% its seven lobes do read as a cloud, whose
    // bumps then follow it six times closer than its ellipse.)
    let points = (0...360).map { k -> (Double, Double) in
      let a = 2 * Double.pi * Double(k) / 360
      let wobble = 1 + 0.03 * cos(7 * a)
      return (300 + 100 * wobble * cos(a), 200 + 65 * wobble * sin(a))
    }
    let stroke = try SampleBuffer(
      xs: points.map(\.0), ys: points.map(\.1),
      extraChannels: [.t: points.indices.map { Double($0) / 100 }])
    let path = try #require(InkPath(strokes: [stroke]))
    let classifier = ShapeClassifier(path: path)
    let range = 0..<(try #require(path.closingIndex()) + 1)
    let ellipse = try #require(EllipseFit(xs: path.xs, ys: path.ys, range: range))
    let round = try #require(classifier.roundCandidate(range: range, ellipse: ellipse))
    // Too few dips for a cloud: no cloud is fitted.
    let (c, s) = (cos(ellipse.rotation), sin(ellipse.rotation))
    let radius = range.map { i -> Double in
      let (dx, dy) = (path.xs[i] - ellipse.cx, path.ys[i] - ellipse.cy)
      return hypot((c * dx + s * dy) / ellipse.major, (-s * dx + c * dy) / ellipse.minor)
    }
    #expect(
      ShapeClassifier.dips(radius, depth: ShapeClassifier.cloudDipDepth)
        < ShapeClassifier.leastCloudBumps)
    #expect(classifier.cloudCandidate(range: range, ellipse: ellipse, round: round) == nil)
    let readings = ShapeRecognizer().candidates(of: [stroke])
    #expect(readings.contains { $0.shape.kind == .ellipse })
    #expect(!readings.contains { $0.shape.kind == .cloud })
  }
}
