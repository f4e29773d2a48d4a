import Foundation
import InkSampling
import OpenPaperKit
import Testing

@testable import InkShapes

@Suite struct IdealShapeTests {
  /// Whether two points are within `tolerance` of each other.
  func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool {
    hypot(Double(a.x - b.x), Double(a.y - b.y)) <= tolerance
  }

  @Test func aSquaresOutlineIsItsCornersClosed() throws {
    let square = DetectedShape(
      kind: .quadrilateral, subkind: .square, confidence: 1, strokes: [0],
      vertices: [[0, 0], [10, 0], [10, 10], [0, 10]])
    let ideal = try IdealShape(square)
    #expect(
      ideal.pieces == [
        [
          CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10),
          CGPoint(x: 0, y: 0),
        ]
      ])
    #expect(abs(ideal.size - 200.0.squareRoot()) < 1e-12)
    #expect(ideal.length == 40)
    let dense = ideal.densified(spacing: 2.5)
    #expect(dense[0].count == 17)
    #expect(dense[0][4] == CGPoint(x: 10, y: 0))
    let record = try #require(try square.paperKitShape(lineWidth: 3))
    #expect(record.configuration.type == .rectangle)
    #expect(record.configuration.fillColor == nil)
    #expect(record.configuration.lineWidth == 3)
    #expect(record.frame == CGRect(x: 0, y: 0, width: 10, height: 10))
    #expect(record.rotation == 0)
  }

  @Test func aRectanglesRecordComesFromItsCornersWhenItHasThem() throws {
    // As the recognizer reports a polygon: radii to the corners, rotation of the top corner.
    let square = DetectedShape(
      kind: .quadrilateral, subkind: .rectangle, confidence: 1, strokes: [0], center: [10, 5],
      radii: [11.18, 11.18], rotation: -1.1, vertices: [[0, 0], [20, 0], [20, 10], [0, 10]])
    let record = try #require(try square.paperKitShape())
    #expect(record.frame == CGRect(x: 0, y: 0, width: 20, height: 10))
    #expect(record.rotation == 0)
    var boxed = square
    (boxed.vertices, boxed.radii, boxed.rotation) = (nil, [10, 5], 0.5)
    let fromBox = try #require(try boxed.paperKitShape())
    #expect(fromBox.frame == CGRect(x: 0, y: 0, width: 20, height: 10))
    #expect(fromBox.rotation == 0.5)
  }

  @Test func squaresRectanglesAndEquilateralTrianglesAreDrawnTrue() throws {
    // Fitted corners are a little uneven; the subkind promises the regular form, which the
    // ideal outline and the PaperKit record share.
    let square = DetectedShape(
      kind: .quadrilateral, subkind: .square, confidence: 1, strokes: [0],
      vertices: [[0, 0], [10.6, 0.4], [10.2, 9.8], [-0.3, 10.3]])
    let corners = Array(try IdealShape(square).pieces[0].dropLast())
    let sides = (0..<4).map { IdealShape.distance(corners[$0], corners[($0 + 1) % 4]) }
    // The mean of the four fitted sides: 10.6075…, 9.4085…, 10.5119…, 10.3044….
    #expect(sides.allSatisfy { abs($0 - 10.208_079_325_169) < 1e-9 })
    #expect(
      abs(IdealShape.distance(corners[0], corners[2]) - 10.208_079_325_169 * 2.0.squareRoot())
        < 1e-9)
    let record = try #require(try square.paperKitShape())
    #expect(abs(Double(record.frame.midX) - 5.125) < 1e-12)
    #expect(abs(Double(record.frame.midY) - 5.125) < 1e-12)
    // The sides turned onto the first and added: (41.8, 0.6147…).
    #expect(abs(record.rotation - 0.014_704_822_377_851) < 1e-12)

    // Wound the other way round, from another corner: the same square.
    var reversed = square
    reversed.vertices = [[10.6, 0.4], [0, 0], [-0.3, 10.3], [10.2, 9.8]]
    let record2 = try #require(try reversed.paperKitShape())
    #expect(abs(Double(record2.frame.width) - 10.208_079_325_169) < 1e-9)
    #expect(abs(record2.rotation - 0.014_704_822_377_851) < 1e-12)

    // A level rectangle as the recognizer orders its corners (clockwise from the top, so its
    // first side is the right one): a level frame, 200 wide and 100 high.
    var rectangle = square
    (rectangle.subkind, rectangle.vertices) = (
      .rectangle, [[201, 1], [199, 99], [1, 101], [-1, -1]]
    )
    let box = try #require(try rectangle.paperKitShape())
    #expect(abs(Double(box.frame.midX) - 100) < 1e-9 && abs(Double(box.frame.midY) - 50) < 1e-9)
    // The means of opposite sides: (198.0101 + 202.0099) / 2 and (98.0204 + 102.0196) / 2.
    #expect(abs(Double(box.frame.width) - 200.010_000_75) < 1e-6)
    #expect(abs(Double(box.frame.height) - 100.020_005_999) < 1e-6)
    // The sides turned onto the right one add up to (0, 600): a quarter turn, brought to 0.
    #expect(abs(box.rotation) < 1e-12)
    let boxCorners = Array(try IdealShape(rectangle).pieces[0].dropLast())
    #expect(zip(boxCorners, box.outline).allSatisfy { near($0, $1) })

    // A bow tie is no rectangle.
    var bowTie = rectangle
    bowTie.vertices = [[0, 0], [10, 0], [0, 10], [10, 10]]
    #expect(throws: IdealShapeError.self) { try IdealShape(bowTie) }

    let triangle = DetectedShape(
      kind: .triangle, subkind: .equilateral, confidence: 1, strokes: [0],
      vertices: [[0, -10], [9, 6], [-8.4, 4.6]])
    let points = Array(try IdealShape(triangle).pieces[0].dropLast())
    let triangleSides = (0..<3).map { IdealShape.distance(points[$0], points[($0 + 1) % 3]) }
    #expect(points.count == 3)
    #expect(triangleSides.allSatisfy { abs($0 - triangleSides[0]) < 1e-9 })
    var scalene = triangle
    scalene.subkind = .scalene
    #expect(
      try IdealShape(scalene).pieces[0].dropLast() == [
        CGPoint(x: 0, y: -10), CGPoint(x: 9, y: 6), CGPoint(x: -8.4, y: 4.6),
      ])
  }

  @Test func aRegularPentagonStartsAtTheTop() throws {
    let pentagon = DetectedShape(
      kind: .pentagon, confidence: 1, strokes: [0], center: [0, 0], radii: [10, 10])
    let corners = try IdealShape(pentagon).pieces[0]
    #expect(corners.count == 6)
    #expect(near(corners[0], CGPoint(x: 0, y: -10)))
    #expect(near(corners[1], CGPoint(x: 10 * sin(0.4 * Double.pi), y: -10 * cos(0.4 * Double.pi))))
    #expect(near(corners[1], CGPoint(x: 9.510_565_162_951_535, y: -3.090_169_943_749_474)))
    let record = try #require(try pentagon.paperKitShape())
    #expect(record.configuration.type == .regularPolygon)
    #expect(record.polygonSides == 5)
    #expect(abs(record.rotation) < 1e-12)
    // PaperKit's drawing of the record has the same corners.
    for (a, b) in zip(record.outline, corners) { #expect(near(a, b, 1e-9)) }
  }

  @Test func aStarKeepsItsInnerRadius() throws {
    let star = DetectedShape(
      kind: .star, confidence: 1, strokes: [0], center: [50, 50], radii: [20, 8],
      rotation: 0.3, points: 5)
    let ideal = try IdealShape(star)
    #expect(ideal.pieces[0].count == 11)
    #expect(abs(IdealShape.distance(ideal.pieces[0][1], CGPoint(x: 50, y: 50)) - 8) < 1e-9)
    let record = try #require(try star.paperKitShape())
    #expect(record.configuration.type == .star)
    #expect(record.starPoints == 5)
    #expect(abs(record.starInnerRadius - 0.4) < 1e-12)
    #expect(abs(record.rotation - 0.3) < 1e-12)
    #expect(near(record.frame.origin, CGPoint(x: 30, y: 30), 1e-9))
    #expect(abs(record.frame.width - 40) < 1e-9)
    for (a, b) in zip(record.outline, ideal.pieces[0]) { #expect(near(a, b, 1e-9)) }
  }

  @Test func theRecordsRoundTripThroughPaperMarkupJSON() throws {
    let shapes = [
      DetectedShape(
        kind: .ellipse, confidence: 1, strokes: [0], center: [40, 30], radii: [20, 10],
        rotation: 0.5),
      DetectedShape(kind: .arrow, confidence: 1, strokes: [1, 2], head: [100, 0], tail: [0, 0]),
      DetectedShape(
        kind: .roundedRectangle, confidence: 1, strokes: [3], center: [0, 0], radii: [20, 10],
        cornerRadius: 4),
      DetectedShape(
        kind: .chatBubble, confidence: 1, strokes: [4], center: [0, 0], radii: [20, 10],
        tail: [-10, 15]),
      DetectedShape(
        kind: .star, confidence: 1, strokes: [5], center: [9, 9], radii: [9, 3], points: 6),
    ]
    let records = try shapes.map {
      try #require(try $0.paperKitShape(strokeColor: .white, lineWidth: 2))
    }
    #expect(records[1].configuration.type == .line)
    #expect(records[1].endMarker && !records[1].startMarker)
    #expect(records[1].lineEnd == CGPoint(x: 100, y: 0))
    #expect(abs(records[2].cornerRadius - 0.2) < 1e-12)
    #expect(near(records[3].chatBubbleTailLocation, CGPoint(x: 0.25, y: 1.25), 1e-12))
    var markup = PaperMarkup(bounds: CGRect(x: 0, y: 0, width: 200, height: 200))
    markup.elements = records.map(MarkupElement.shape)
    let read = try PaperMarkup(dataRepresentation: try markup.jsonData())
    #expect(read == markup)
  }

  @Test func kindsPaperKitHasNoTypeForHaveNoRecord() throws {
    let shapes = [
      DetectedShape(kind: .heart, confidence: 1, strokes: [0], center: [0, 0], radii: [10, 10]),
      DetectedShape(
        kind: .check, confidence: 1, strokes: [0], vertices: [[0, 0], [3, 3], [9, -6]]),
      DetectedShape(
        kind: .triangle, subkind: .right, confidence: 1, strokes: [0],
        vertices: [[0, 0], [4, 0], [0, 3]]),
    ]
    for shape in shapes {
      #expect(try shape.paperKitShape() == nil)
      #expect(try IdealShape(shape).size > 0)
    }
  }

  @Test func anArcPassesItsMiddleVertexAndASpiralEndsOnItsOuterRadius() throws {
    let arc = DetectedShape(
      kind: .arc, confidence: 1, strokes: [0], center: [0, 0], radii: [10, 10],
      vertices: [[10, 0], [0, -10], [-10, 0]])
    let points = try IdealShape(arc).pieces[0]
    #expect(points.count == 65)
    #expect(points.allSatisfy { $0.y <= 1e-9 })
    #expect(near(points[64], CGPoint(x: -10, y: 0), 1e-9))
    let spiral = DetectedShape(
      kind: .spiral, confidence: 1, strokes: [0], center: [0, 0], radii: [10, 10],
      vertices: [[1, 0]], turns: 2)
    let turns = try IdealShape(spiral).pieces[0]
    #expect(turns.count == 257)
    #expect(near(turns[256], CGPoint(x: 10, y: 0), 1e-9))
    #expect(near(turns[32], CGPoint(x: 0, y: 1 + 9.0 / 8), 1e-9))
  }

  @Test func theFitMeasuresDistanceAndCoverage() throws {
    let circle = DetectedShape(
      kind: .circle, confidence: 1, strokes: [0], center: [0, 0], radii: [10, 10])
    let ideal = try IdealShape(circle)
    #expect(abs(ideal.size - 800.0.squareRoot()) < 1e-9)
    let angles = (0...16).map { 2 * Double.pi * Double($0) / 16 }
    let outside = SampleBuffer(xs: angles.map { 10.5 * cos($0) }, ys: angles.map { 10.5 * sin($0) })
    let fit = ideal.fit(of: [outside])
    #expect(abs(fit.meanDeviation - 0.5 / ideal.size) < 1e-9)
    #expect(abs(fit.maximumDeviation - 0.5 / ideal.size) < 1e-9)
    #expect(fit.coverage == 1)
    let threeQuarters = (0...300).map { 1.5 * Double.pi * Double($0) / 300 }
    let open = SampleBuffer(
      xs: threeQuarters.map { 10 * cos($0) }, ys: threeQuarters.map { 10 * sin($0) })
    let partial = ideal.fit(of: [open])
    #expect(partial.maximumDeviation < 0.01)
    #expect(partial.coverage > 0.75 && partial.coverage < 0.82)
    #expect(ideal.fit(of: []) == ShapeFit(meanDeviation: 0, maximumDeviation: 0, coverage: 0))
  }

  @Test func missingParametersAreNamed() {
    let circle = DetectedShape(kind: .circle, confidence: 1, strokes: [0], radii: [10, 10])
    #expect(throws: IdealShapeError(kind: .circle, problem: "the key \"center\" is missing")) {
      try IdealShape(circle)
    }
    let bad = DetectedShape(
      kind: .triangle, confidence: 1, strokes: [0], vertices: [[0, 0], [1, 1]])
    #expect(throws: IdealShapeError.self) { try IdealShape(bad) }
    let none = DetectedShape(kind: .none, confidence: 0.2, strokes: [0])
    #expect(throws: IdealShapeError(kind: .none, problem: "it is not a shape")) {
      try IdealShape(none)
    }
    #expect(
      IdealShapeError(kind: .circle, problem: "the key \"center\" is missing").description
        == "a shape of kind circle has no ideal outline: the key \"center\" is missing")
  }
}
