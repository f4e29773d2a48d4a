import Foundation
import InkSampling
import Testing

@testable import InkShapes

/// The gate of a closed path's spiral and helix (``ShapeClassifier/coilCornerEvidence``): a
/// loop that turns at sharp corners between straight sides, as a pentagram winds twice round at
/// its points, is read as no spiral or helix; a smooth loop that winds as far is still read as
/// a spiral.
@Suite struct CoilGateTests {
  /// The classifier of one stroke through `points`.
  func classifier(_ points: [(Double, Double)]) throws -> ShapeClassifier {
    let buffer = try SampleBuffer(
      xs: points.map(\.0), ys: points.map(\.1),
      extraChannels: [.t: points.indices.map { Double($0) / 100 }])
    return ShapeClassifier(path: try #require(InkPath(strokes: [buffer])))
  }

  /// The kinds of `readings`.
  func kinds(_ readings: [ShapeCandidate]) -> Set<ShapeKind> { Set(readings.map(\.shape.kind)) }

  /// A pentagram of outer radius 80 about (200, 150) in one stroke, a point every unit, back
  /// at its first point.
  var pentagram: [(Double, Double)] {
    let points = (0..<5).map { k -> (Double, Double) in
      let a = -Double.pi / 2 + 4 * Double.pi * Double(k) / 5
      return (200 + 80 * cos(a), 150 + 80 * sin(a))
    }
    return (0..<5).flatMap { k -> [(Double, Double)] in
      let (p, q) = (points[k], points[(k + 1) % 5])
      let steps = Int(hypot(q.0 - p.0, q.1 - p.1))
      return (0..<steps).map { s in
        let u = Double(s) / Double(steps)
        return (p.0 + u * (q.0 - p.0), p.1 + u * (q.1 - p.1))
      }
    } + [points[0]]
  }

  /// `turns` turns of an Archimedean spiral about (100, 100) from radius `inner` out to
  /// `outer`, clockwise, 300 points a turn.
  func spiral(inner: Double, outer: Double, turns: Double) -> [(Double, Double)] {
    let count = Int(300 * turns)
    return (0...count).map { k -> (Double, Double) in
      let u = Double(k) / Double(count)
      let (r, a) = (inner + (outer - inner) * u, 2 * Double.pi * turns * u)
      return (100 + r * cos(a), 100 + r * sin(a))
    }
  }

  @Test func aPentagramWindsTwiceButIsReadAsNoCoil() throws {
    let reader = try classifier(pentagram)
    #expect(reader.path.closingIndex() != nil)
    #expect(abs(reader.turning().signed) >= 2 * .pi * ShapeClassifier.leastCoilTurns)
    // Ungated, its spiral is read: it winds twice about its centre.
    #expect(kinds(reader.coilCandidates()).contains(.spiral))
    let readings = reader.candidates()
    #expect(readings.contains { ($0.cornerEvidence ?? 0) >= ShapeClassifier.coilCornerEvidence })
    #expect(kinds(readings).isDisjoint(with: [.spiral, .helix]))
    #expect(kinds(readings).contains(.star))
  }

  @Test func aSpiralWhoseOuterTurnPassesItsStartIsStillOne() throws {
    // From radius 60 out to 80 in two turns: its last turn passes 10 from its start, so that
    // the path is read closed, and its readings turn all along.
    let reader = try classifier(spiral(inner: 60, outer: 80, turns: 2))
    #expect(reader.path.closingIndex() != nil)
    let readings = reader.candidates()
    #expect(readings.allSatisfy { ($0.cornerEvidence ?? 0) < ShapeClassifier.coilCornerEvidence })
    #expect(kinds(readings).contains(.spiral))
  }
}
