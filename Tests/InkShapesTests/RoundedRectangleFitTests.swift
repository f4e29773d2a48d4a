import Foundation
import Testing
import _DuctusSupport

@testable import InkShapes

/// The rounded rectangle fit on exact outlines (turned, shifted, with and without noise and
/// left-out points), its signed distance, the convex hull's minimum-area rectangle and strip,
/// and the inputs they refuse.
@Suite struct RoundedRectangleFitTests {
  /// Points every `spacing` along the ideal outline of a rounded rectangle.
  func outline(
    center: (Double, Double), radii: (Double, Double), rotation: Double, radius: Double,
    spacing: Double = 1
  ) throws -> (xs: [Double], ys: [Double]) {
    let truth = DetectedShape(
      kind: .roundedRectangle, confidence: 1, strokes: [0], center: [center.0, center.1],
      radii: [radii.0, radii.1], rotation: rotation, cornerRadius: radius)
    let points = try IdealShape(truth).densified(spacing: spacing)[0]
    return (points.map { Double($0.x) }, points.map { Double($0.y) })
  }

  @Test(arguments: [0.0, 0.3, -0.6, 1.2, 2.0])
  func anExactOutlineGivesItsParametersBack(rotation: Double) throws {
    let (xs, ys) = try outline(
      center: (300, 200), radii: (90, 50), rotation: rotation, radius: 18)
    let fit = try #require(RoundedRectangleFit(xs: xs, ys: ys, range: 0..<xs.count))
    #expect(abs(fit.cx - 300) < 0.5 && abs(fit.cy - 200) < 0.5)
    // The first side within 45° of level: a and b swap where the rotation turns by a quarter.
    let quarter = (rotation / (.pi / 2)).rounded()
    #expect(abs(remainder(fit.rotation - (rotation - quarter * .pi / 2), .pi)) < 0.01)
    let (a, b) = Int(quarter) & 1 == 1 ? (50.0, 90.0) : (90.0, 50.0)
    #expect(abs(fit.a - a) < 0.5 && abs(fit.b - b) < 0.5, "\(fit.a) \(fit.b)")
    #expect(abs(fit.radius - 18) < 1.5, "\(fit.radius)")
    #expect(fit.rotation > -.pi / 4 && fit.rotation <= .pi / 4)
    // Every outline point lies on the fitted outline.
    let worst = fit.signedDistances(xs: xs, ys: ys, range: xs.indices).map(abs).max()!
    #expect(worst < 0.6)
  }

  @Test(arguments: [0.5, 0.7, 0.9])
  func roundCornersAreFoundFromTheStart(share: Double) throws {
    // Corners rounded by this part of the shorter half side: only ink in a corner's square
    // moves the radius, so the start must already be round enough.
    let (xs, ys) = try outline(center: (0, 0), radii: (80, 50), rotation: 0.1, radius: 50 * share)
    let fit = try #require(RoundedRectangleFit(xs: xs, ys: ys, range: 0..<xs.count))
    #expect(abs(fit.radius - 50 * share) < 0.05 * 50, "\(fit.radius)")
    #expect(abs(fit.a - 80) < 0.5 && abs(fit.b - 50) < 0.5)
  }

  @Test func aSharpRectangleFitsACornerRadiusNearZero() throws {
    let xs =
      (0..<40).map { Double($0) * 5 } + (0..<20).map { _ in 200.0 }
      + (0..<40).map { 200 - Double($0) * 5 } + (0..<20).map { _ in 0.0 }
    let ys =
      (0..<40).map { _ in 0.0 } + (0..<20).map { Double($0) * 5 }
      + (0..<40).map { _ in 100.0 } + (0..<20).map { 100 - Double($0) * 5 }
    let fit = try #require(RoundedRectangleFit(xs: xs, ys: ys, range: 0..<xs.count))
    #expect(fit.radius < 1, "\(fit.radius)")
    #expect(abs(fit.a - 100) < 0.5 && abs(fit.b - 50) < 0.5)
  }

  @Test func leftOutPointsDoNotPullTheFit() throws {
    var (xs, ys) = try outline(center: (0, 0), radii: (60, 40), rotation: 0, radius: 12)
    // A spike out of the bottom side, as a chat bubble's tail.
    for k in 0..<10 {
      xs.append(Double(k) * 2)
      ys.append(40 + 30 * Double(k) / 9)
    }
    let excluded = xs.indices.map { $0 >= xs.count - 10 }
    let fit = try #require(
      RoundedRectangleFit(xs: xs, ys: ys, range: 0..<xs.count, excluding: excluded))
    #expect(abs(fit.b - 40) < 0.3 && abs(fit.cy) < 0.3)
    let pulled = try #require(RoundedRectangleFit(xs: xs, ys: ys, range: 0..<xs.count))
    #expect(abs(pulled.b - 40) + abs(pulled.cy) > abs(fit.b - 40) + abs(fit.cy))
  }

  @Test func noisyInkStillGivesTheBox() throws {
    var (xs, ys) = try outline(center: (100, 100), radii: (70, 45), rotation: 0.2, radius: 15)
    var random = SplitMix64(seed: 3)
    for i in xs.indices {
      xs[i] += random.uniform(-1.5...1.5)
      ys[i] += random.uniform(-1.5...1.5)
    }
    let fit = try #require(RoundedRectangleFit(xs: xs, ys: ys, range: 0..<xs.count))
    #expect(abs(fit.cx - 100) < 1 && abs(fit.cy - 100) < 1)
    #expect(abs(fit.a - 70) < 1.5 && abs(fit.b - 45) < 1.5)
    #expect(abs(fit.rotation - 0.2) < 0.02)
    #expect(abs(fit.radius - 15) < 4)
  }

  /// The signed distance and gradient at parameters `p` (centre, rotation, half sides, radius).
  func distance(_ p: [Double], x: Double, y: Double) -> (value: Double, gradient: SIMD8<Double>) {
    RoundedRectangleFit.distance(
      SIMD8(p[0], p[1], p[2], p[3], p[4], p[5], 0, 0), cosine: cos(p[2]), sine: sin(p[2]),
      x: x, y: y)
  }

  @Test func theSignedDistanceIsExactOnSidesAndCorners() {
    let p: [Double] = [0, 0, 0, 10, 5, 2]
    #expect(distance(p, x: 0, y: 0).value == -5)
    #expect(distance(p, x: 14, y: 0).value == 4)
    #expect(distance(p, x: 0, y: -7).value == 2)
    // Outside a corner: from the corner circle's centre (8, 3), radius 2.
    #expect(abs(distance(p, x: 8 + 3, y: 3 + 4).value - 3) < 1e-12)
  }

  @Test func theGradientMatchesFiniteDifferences() {
    let p: [Double] = [3, -2, 0.4, 20, 12, 5]
    for (x, y) in [(30.0, 10.0), (-5, 20), (5, -1), (22, -18), (-30, -25)] {
      let gradient = distance(p, x: x, y: y).gradient
      for k in 0..<6 {
        var (up, down) = (p, p)
        up[k] += 1e-6
        down[k] -= 1e-6
        let numeric = (distance(up, x: x, y: y).value - distance(down, x: x, y: y).value) / 2e-6
        #expect(abs(numeric - gradient[k]) < 1e-5, "(\(x), \(y)) parameter \(k)")
      }
    }
  }

  @Test func theHullAndTheMinimumAreaRectangle() throws {
    // A square turned by 30° with points inside it.
    let (c, s) = (cos(Double.pi / 6), sin(Double.pi / 6))
    let corners = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)]
    let local = corners + [(0, 0), (0.5, 0.2), (-0.7, 0.9), (0.3, -0.95)]
    let xs = local.map { 10 * (c * $0.0 - s * $0.1) }
    let ys = local.map { 10 * (s * $0.0 + c * $0.1) }
    let hull = ConvexHull(xs: xs, ys: ys)
    #expect(hull.points.count == 4)
    let box = try #require(hull.minimumAreaRectangle())
    #expect(abs(box.a - 10) < 1e-9 && abs(box.b - 10) < 1e-9)
    #expect(abs(remainder(box.rotation - .pi / 6, .pi / 2)) < 1e-9)
    // A 2 by 1 rectangle turned by 30°: its strip runs along the long side, 0.5 either way.
    let long = corners.map { (2 * $0.0, $0.1) }
    let strip = try #require(
      ConvexHull(
        xs: long.map { 10 * (c * $0.0 - s * $0.1) }, ys: long.map { 10 * (s * $0.0 + c * $0.1) }
      ).minimumWidthStrip())
    #expect(abs(strip.halfWidth - 10) < 1e-9)
    #expect(abs(remainder(strip.direction - .pi / 6, .pi)) < 1e-9)
    #expect(abs(strip.cx) < 1e-9 && abs(strip.cy) < 1e-9)
  }

  /// Hulls of more points than one vector block holds (the projections are made eight points a
  /// step, the last block padded): regular polygons, whose boxes are known.
  @Test func theBoxesOfHullsOfManyPoints() throws {
    func regular(_ n: Int, radius: Double, turn: Double) -> (xs: [Double], ys: [Double]) {
      let angles = (0..<n).map { turn + 2 * Double.pi * Double($0) / Double(n) }
      return (angles.map { 5 + radius * cos($0) }, angles.map { -3 + radius * sin($0) })
    }
    // A 24-gon's boxes on its sides are squares, their half sides its apothem.
    let many = regular(24, radius: 10, turn: 0.1)
    let hull = ConvexHull(xs: many.xs, ys: many.ys)
    #expect(hull.points.count == 24)
    let box = try #require(hull.minimumAreaRectangle())
    let apothem = 10 * cos(Double.pi / 24)
    #expect(abs(box.a - apothem) < 1e-9 && abs(box.b - apothem) < 1e-9)
    #expect(abs(box.cx - 5) < 1e-9 && abs(box.cy + 3) < 1e-9)
    // A 13-gon's narrowest strip runs along a side: from it to the opposite corner, the apothem
    // and the radius.
    let odd = regular(13, radius: 10, turn: 0.3)
    let strip = try #require(ConvexHull(xs: odd.xs, ys: odd.ys).minimumWidthStrip())
    #expect(abs(strip.halfWidth - 10 * (1 + cos(Double.pi / 13)) / 2) < 1e-9)
  }

  @Test func degenerateInputIsRefused() {
    let line = (0..<20).map(Double.init)
    #expect(RoundedRectangleFit(xs: line, ys: line, range: 0..<20) == nil)
    #expect(RoundedRectangleFit(xs: [0, 1, 2], ys: [0, 1, 0], range: 0..<3) == nil)
    let same = [Double](repeating: 4, count: 12)
    #expect(RoundedRectangleFit(xs: same, ys: same, range: 0..<12) == nil)
    #expect(ConvexHull(xs: [], ys: []).points.isEmpty)
    #expect(ConvexHull(xs: line, ys: line).minimumWidthStrip() == nil)
  }
}
