import Foundation
import OpenPencilKit
import Testing

import _DuctusSupport

@testable import InkShapes

@Suite struct ShapeSynthesizerTests {
  @Test func everyKindIsDrawnCloseToItsTruthInEachStrokeCount() throws {
    let synthesizer = ShapeSynthesizer(seed: 11)
    for kind in ShapeSynthesizer.kinds {
      for strokes in ShapeSynthesizer.strokeCounts(of: kind) {
        var worst = ShapeFit(meanDeviation: 0, maximumDeviation: 0, coverage: 1)
        for index in 0..<8 {
          let specimen = synthesizer.specimen(kind: kind, index: index, strokes: strokes...strokes)
          let truth = specimen.truth
          #expect(truth.kind == kind)
          #expect(specimen.drawing.strokes.count == strokes, "\(kind) in \(strokes)")
          #expect(truth.strokes == Array(0..<strokes))
          let fit = try #require(truth.fit, "\(kind)")
          worst.meanDeviation = max(worst.meanDeviation, fit.meanDeviation)
          worst.maximumDeviation = max(worst.maximumDeviation, fit.maximumDeviation)
          worst.coverage = min(worst.coverage, fit.coverage)
        }
        #expect(worst.meanDeviation < 0.03, "\(kind) in \(strokes)")
        #expect(worst.maximumDeviation < 0.12, "\(kind) in \(strokes)")
        #expect(worst.coverage > 0.85, "\(kind) in \(strokes)")
      }
    }
  }

  @Test func oneStrokePolygonsStartMidSideOrLoopAtACornerAsWritersDo() {
    // A square of side 100 drawn 400 times: about three in ten start along its last side, off
    // it by 1–3 of the size, and about one in five curls round one of its other corners.
    let square = [
      CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100),
    ]
    var random = SplitMix64(seed: 3)
    var (midSide, looped) = (0, 0)
    for _ in 0..<400 {
      let path = ShapePlan.oneStrokeLoop(square, size: 100, random: &random)
      let start = path.points[0]
      if start != square[0] {
        midSide += 1
        // The last side runs down x = 0 from (0, 100) to (0, 0).
        #expect(abs(start.x) >= 1 - 1e-9 && abs(start.x) <= 3 + 1e-9)
        #expect((start.y >= 15 && start.y <= 35) || (start.y >= 65 && start.y <= 85))
        #expect(path.corners.contains(0) && path.corners.contains(path.points.count - 1))
      }
      if path.points.count - path.corners.count == 3 { looped += 1 }
    }
    #expect(midSide > 90 && midSide < 150)
    #expect(looped > 55 && looped < 105)
  }

  @Test func roundTurnsCutTheCornersAndKeepTheEnds() {
    // A delete mark 100 across: each turn is cut from 15–35 (0.15–0.35 of its shorter run, 100)
    // along both runs.
    let mark = [
      CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100), CGPoint(x: 100, y: 0),
    ]
    var random = SplitMix64(seed: 5)
    let path = ShapePlan.roundedTurns(mark, random: &random)
    #expect(path.points.first == mark[0] && path.points.last == mark[3])
    #expect(path.corners == [0, path.points.count - 1])
    for vertex in mark[1...2] {
      let nearest = path.points.map { IdealShape.distance($0, vertex) }.min()!
      // The arc's middle, nearest the vertex, is a quarter of the sum of the arms: 2 cos 22.5°
      // / 4 = 0.462 of the cut at a 45° turn, so 6.9–16.2 (a sampled point a little farther).
      #expect(nearest > 0.462 * 15 && nearest < 0.462 * 35 + 0.5)
    }
  }

  @Test func aSquashedCircleIsAnOvalOfTheSameMeanRadius() {
    // A circle of radius 100 squashed to 0.9 along x: axes 100 · 2 / 1.9 and 100 · 1.8 / 1.9.
    let circle = (0..<360).map { k -> CGPoint in
      let angle = Double(k) * Double.pi / 180
      return CGPoint(x: 100 * cos(angle), y: 100 * sin(angle))
    }
    let plan = ShapePlan(
      truth: DetectedShape(kind: .circle, confidence: 1, strokes: []),
      paths: [PenPath(circle)], ends: .loop)
    let oval = plan.squashed(to: 0.9, along: 0, about: .zero).paths[0].points
    #expect(abs(oval.map { Double($0.x) }.max()! - 200 / 1.9) < 1e-9)
    #expect(abs(oval.map { Double($0.y) }.max()! - 180 / 1.9) < 1e-9)
    #expect(plan.squashed(to: 0.9, along: 0, about: .zero).truth == plan.truth)
  }

  @Test func aSpecimenDependsOnlyOnTheSeedAndItsIndex() {
    let kinds: [ShapeKind] = [.star, .arrow, .quadrilateral]
    for kind in kinds {
      let a = ShapeSynthesizer(seed: 5).specimen(kind: kind, index: 3)
      #expect(a == ShapeSynthesizer(seed: 5).specimen(kind: kind, index: 3))
      #expect(a != ShapeSynthesizer(seed: 5).specimen(kind: kind, index: 4))
      #expect(a != ShapeSynthesizer(seed: 6).specimen(kind: kind, index: 3))
    }
  }

  @Test func aStrokeRangeOutsideTheKindsTakesTheNearestCount() {
    let synthesizer = ShapeSynthesizer(seed: 2)
    #expect(
      synthesizer.specimen(kind: .circle, index: 0, strokes: 4...4).drawing.strokes.count == 2)
    #expect(synthesizer.specimen(kind: .line, index: 0, strokes: 3...4).drawing.strokes.count == 1)
    #expect(ShapeSynthesizer.strokeCounts(of: .arrow) == 1...3)
    #expect(!ShapeSynthesizer.kinds.contains(.none))
  }

  /// The length of side `k` of a closed polygon.
  func side(_ corners: [[Double]], _ k: Int) -> Double {
    let (a, b) = (corners[k], corners[(k + 1) % corners.count])
    return hypot(b[0] - a[0], b[1] - a[1])
  }

  /// The cosine of the angle at corner `k` of a closed polygon.
  func cosine(_ corners: [[Double]], _ k: Int) -> Double {
    let n = corners.count
    let (p, c, q) = (corners[(k + n - 1) % n], corners[k], corners[(k + 1) % n])
    let (ux, uy, vx, vy) = (p[0] - c[0], p[1] - c[1], q[0] - c[0], q[1] - c[1])
    return (ux * vx + uy * vy) / (hypot(ux, uy) * hypot(vx, vy))
  }

  @Test func theTruthIsExact() throws {
    let synthesizer = ShapeSynthesizer(seed: 3)
    var seen = Set<ShapeSubkind>()
    var pentagrams = 0
    for index in 0..<40 {
      let triangle = synthesizer.specimen(kind: .triangle, index: index).truth
      let corners = try #require(triangle.vertices)
      let sides = (0..<3).map { side(corners, $0) }.sorted()
      let cosines = (0..<3).map { cosine(corners, $0) }
      let subkind = try #require(triangle.subkind)
      seen.insert(subkind)
      switch subkind {
      case .equilateral: #expect(sides[2] - sides[0] < 1e-9)
      case .isosceles:
        #expect(min(sides[1] - sides[0], sides[2] - sides[1]) < 1e-9)
        #expect(cosines.allSatisfy { abs($0) > 0.1 && abs($0 - 0.5) > 0.05 })
      case .right: #expect(cosines.contains { abs($0) < 1e-9 })
      default:
        #expect(min(sides[1] - sides[0], sides[2] - sides[1]) > 0.1 * sides[2])
        #expect(cosines.allSatisfy { abs($0) > 0.1 })
      }
      let square = synthesizer.specimen(kind: .quadrilateral, index: index).truth
      let quad = try #require(square.vertices)
      seen.insert(try #require(square.subkind))
      if square.subkind == .square || square.subkind == .rectangle {
        #expect((0..<4).allSatisfy { abs(cosine(quad, $0)) < 1e-9 })
        #expect(square.radii == nil && square.rotation == nil)
        #expect((abs(side(quad, 0) - side(quad, 1)) < 1e-9) == (square.subkind == .square))
      }
      let pentagon = synthesizer.specimen(kind: .pentagon, index: index).truth
      let center = try #require(pentagon.center)
      let radius = try #require(pentagon.radii)[0]
      for corner in try #require(pentagon.vertices) {
        #expect(abs(hypot(corner[0] - center[0], corner[1] - center[1]) - radius) < 1e-9)
      }
      let star = synthesizer.specimen(kind: .star, index: index, strokes: 1...1).truth
      let starRadii = try #require(star.radii)
      if star.points == 5, abs(starRadii[1] / starRadii[0] - 0.381_966_011_250_105_1) < 1e-12 {
        pentagrams += 1
      }
    }
    #expect(seen == Set(ShapeSubkind.allCases))
    #expect(pentagrams > 5)
  }

  @Test func thePenSlowsAtCornersAndIsSampledAt240Hertz() throws {
    let synthesizer = ShapeSynthesizer(seed: 8)
    var cornerSpeeds: [Double] = []
    var edgeSpeeds: [Double] = []
    var steps: [Double] = []
    for index in 0..<10 {
      let specimen = synthesizer.specimen(kind: .pentagon, index: index, strokes: 1...1)
      let path = Array(try #require(specimen.drawing.strokes.first).path)
      let corners = try #require(specimen.truth.vertices)
      let size = 2 * (try #require(specimen.truth.radii)[0])
      for (a, b) in zip(path, path.dropFirst()) {
        let dt = b.timeOffset - a.timeOffset
        #expect(dt > 0)
        steps.append(dt)
        let speed = hypot(b.location.x - a.location.x, b.location.y - a.location.y) / dt
        let nearest = corners.map { hypot($0[0] - a.location.x, $0[1] - a.location.y) }.min()!
        if nearest < 0.03 * size { cornerSpeeds.append(speed) }
        if nearest > 0.25 * size { edgeSpeeds.append(speed) }
      }
    }
    let mean = { (values: [Double]) in values.reduce(0, +) / Double(values.count) }
    #expect(mean(cornerSpeeds) < 0.4 * mean(edgeSpeeds))
    steps.sort()
    #expect(steps[steps.count / 2] > 1.0 / 250 && steps[steps.count / 2] < 1.0 / 200)
  }

  @Test func strokesFollowOneAnotherInTime() {
    let specimen = ShapeSynthesizer(seed: 4).specimen(
      kind: .quadrilateral, index: 0, strokes: 4...4)
    let strokes = specimen.drawing.strokes
    #expect(strokes.count == 4)
    for (a, b) in zip(strokes, strokes.dropFirst()) {
      let end = a.path.creationDate.addingTimeInterval(a.path.last?.timeOffset ?? 0)
      let pause = b.path.creationDate.timeIntervalSince(end)
      #expect(pause >= 0.15 && pause <= 0.45)
    }
  }
}
