import DuctusTestSupport
import Foundation
import Testing

@testable import InkFormats

@Suite("SVG path data")
struct SVGPathDataTests {
  struct Reference: Decodable {
    struct Case: Decodable {
      var d: String
      var length: Double
      var subpathEnds: [[Double]?]
      var samples: [[[Double]]]
    }
    var cases: [Case]
  }

  static func distance(_ point: [Double], toPolyline vertices: [CGPoint]) -> Double {
    guard vertices.count > 1 else {
      return hypot(point[0] - vertices[0].x, point[1] - vertices[0].y)
    }
    var best = Double.infinity
    for (a, b) in zip(vertices, vertices.dropFirst()) {
      let (dx, dy) = (b.x - a.x, b.y - a.y)
      let lengthSquared = dx * dx + dy * dy
      let t =
        lengthSquared > 0
        ? min(max(((point[0] - a.x) * dx + (point[1] - a.y) * dy) / lengthSquared, 0), 1) : 0
      best = min(best, hypot(point[0] - (a.x + t * dx), point[1] - (a.y + t * dy)))
    }
    return best
  }

  static func length(_ vertices: [CGPoint]) -> Double {
    zip(vertices, vertices.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
  }

  @Test("geometry agrees with svg.path (Scripts/reference/svg_path.py)")
  func agreesWithSvgPath() throws {
    let reference = try Fixture.decode(Reference.self, from: "svgpath/reference.json")
    #expect(reference.cases.count == 10)
    for item in reference.cases {
      let path = try SVGPathData(item.d)
      #expect(path.subpaths.count == item.subpathEnds.count, "\(item.d)")
      let polylines = path.subpaths.map { $0.polyline() }
      let total = polylines.map(Self.length).reduce(0, +)
      // Chords fall short of the curve by O(h²); eight vertices a unit keep that tiny.
      #expect(abs(total - item.length) <= 2e-4 * item.length + 1e-9, "\(item.d): \(total)")
      for (index, polyline) in polylines.enumerated() {
        if let end = item.subpathEnds[index], let last = polyline.last {
          #expect(abs(last.x - end[0]) < 1e-9 && abs(last.y - end[1]) < 1e-9, "\(item.d)")
        }
        let worst = item.samples[index].map { Self.distance($0, toPolyline: polyline) }.max() ?? 0
        // Chord sag of 1/8-unit chords and the cubic arc approximation, both tiny.
        #expect(worst < 1e-3, "\(item.d): a reference point lies \(worst) from the polyline")
      }
    }
  }

  @Test func implicitCommandsAndRunTogetherNumbers() throws {
    let path = try SVGPathData("M1,2 3,4 m1 1 2 2L5-6.5.5.25")
    #expect(path.subpaths.count == 2)
    #expect(path.subpaths[0].start == CGPoint(x: 1, y: 2))
    #expect(path.subpaths[0].segments == [.line(to: CGPoint(x: 3, y: 4))])
    #expect(path.subpaths[1].start == CGPoint(x: 4, y: 5))
    #expect(
      path.subpaths[1].segments == [
        .line(to: CGPoint(x: 6, y: 7)), .line(to: CGPoint(x: 5, y: -6.5)),
        .line(to: CGPoint(x: 0.5, y: 0.25)),
      ])
  }

  @Test func emptyPathDataHasNoSubpaths() throws {
    #expect(try SVGPathData(" \n").subpaths.isEmpty)
  }

  @Test func smoothCurvesReflectThePreviousControlPoint() throws {
    let path = try SVGPathData("M0,0 C0,10 10,10 10,0 S20,-10 20,0 L30,0 S40,10 40,0")
    let segments = path.subpaths[0].segments
    #expect(
      segments[1]
        == .cubic(
          control1: CGPoint(x: 10, y: -10), control2: CGPoint(x: 20, y: -10),
          to: CGPoint(x: 20, y: 0)))
    // After a line, the first control point is the current point.
    #expect(
      segments[3]
        == .cubic(
          control1: CGPoint(x: 30, y: 0), control2: CGPoint(x: 40, y: 10), to: CGPoint(x: 40, y: 0))
    )
  }

  @Test func closingReturnsToTheStartAndADrawingCommandAfterItStartsAnewThere() throws {
    let path = try SVGPathData("M1,1 h2 v2 Z l1,0")
    #expect(path.subpaths.count == 2)
    #expect(path.subpaths[0].isClosed)
    #expect(path.subpaths[0].segments.last == .line(to: CGPoint(x: 1, y: 1)))
    #expect(path.subpaths[1].start == CGPoint(x: 1, y: 1))
    #expect(path.subpaths[1].segments == [.line(to: CGPoint(x: 2, y: 1))])
  }

  @Test func zeroRadiusArcIsALine() throws {
    let path = try SVGPathData("M0,0 A0,5 0 0 1 10,0")
    #expect(path.subpaths[0].segments == [.line(to: CGPoint(x: 10, y: 0))])
  }

  @Test(arguments: [
    ("L1,2", 0), ("12", 0), ("M1", 2), ("M1,2 L3", 7), ("M1,2 x3,4", 5),
    ("M1,2 A1,1 0 2 0 3,4", 12), ("M0,0 Z 1,2", 7), ("M1e999,0", 1),
  ])
  func malformedPathDataGivesTheOffset(text: String, offset: Int) {
    #expect {
      try SVGPathData(text)
    } throws: { error in
      guard let error = error as? InkFormatError else { return false }
      return error.kind == .malformed && error.offset == offset
    }
  }
}
