import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

/// Writing PencilKit's binary format and reading it back.
@Suite("PencilKit binary round trip")
struct PencilKitBinaryRoundTripTests {
  static func reread(_ drawing: PKDrawing) throws -> PKDrawing {
    try PKDrawing(data: drawing.dataRepresentation())
  }

  static func expectSameRenderBounds(_ lhs: PKDrawing, _ rhs: PKDrawing) {
    for (a, b) in zip(lhs.strokes, rhs.strokes) { #expect(a.renderBounds == b.renderBounds) }
  }

  @Test("random drawings read back as their quantized selves", arguments: 0..<20)
  func randomDrawings(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let drawing = RandomDrawings.drawing(strokes: 6, points: 0...40, using: &rng)
    let again = try Self.reread(drawing)
    let quantized = drawing.quantized()
    #expect(again == quantized)
    #expect(again.strokes.count == drawing.strokes.count)
    Self.expectSameRenderBounds(again, quantized)
    #expect(quantized.quantized() == quantized)
    #expect(again.dataRepresentation() == drawing.dataRepresentation())
  }

  @Test("quantization changes a point by less than one step of each channel")
  func quantizationIsClose() throws {
    var rng = SplitMix64(seed: 99)
    let drawing = RandomDrawings.drawing(strokes: 8, points: 1...30, using: &rng)
    for (original, stored) in zip(drawing.strokes, try Self.reread(drawing).strokes) {
      for (p, q) in zip(original.path, stored.path) {
        #expect(abs(p.location.x - q.location.x) <= abs(p.location.x) * 1e-7)
        #expect(p.force - q.force >= 0 && p.force - q.force < 0.001)
        #expect(p.opacity - q.opacity >= 0 && p.opacity - q.opacity < 2.0 / 65535)
        #expect(p.azimuth - q.azimuth >= 0 && p.azimuth - q.azimuth < 2 * .pi / 65535)
        #expect(q.altitude - p.altitude >= 0 && q.altitude - p.altitude < .pi / 2 / 65535)
        #expect(abs(p.size.height - q.size.height) <= p.size.width / 1000 + 1e-5)
        #expect(abs(p.secondaryScale - q.secondaryScale) < 1e-5)
      }
    }
  }

  @Test("every ink type and its colour survive", arguments: PKInk.InkType.allCases)
  func inkTypes(type: PKInk.InkType) throws {
    let ink = PKInk(type, color: UIColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))
    let path = PKStrokePath(
      controlPoints: [
        PKStrokePoint(
          location: CGPoint(x: 1, y: 2), timeOffset: 0, size: CGSize(width: 4, height: 4),
          opacity: 1, force: 1, azimuth: 0, altitude: .pi / 2)
      ], creationDate: Date(timeIntervalSinceReferenceDate: 1000))
    let again = try Self.reread(PKDrawing(strokes: [PKStroke(ink: ink, path: path)]))
    #expect(again.strokes.first?.ink == ink)
  }

  @Test("an unknown ink identifier survives")
  func unknownInk() throws {
    let type = PKInk.InkType(rawValue: "com.example.ink.glitter")
    var rng = SplitMix64(seed: 5)
    var stroke = RandomDrawings.stroke(points: 3...3, using: &rng)
    stroke.ink = PKInk(type, color: .red)
    #expect(try Self.reread(PKDrawing(strokes: [stroke])).strokes.first?.ink.inkType == type)
  }

  @Test("the container version is 2 exactly when content version 2 or later is needed")
  func containerVersion() {
    for type in PKInk.InkType.allCases {
      var rng = SplitMix64(seed: 1)
      var stroke = RandomDrawings.stroke(points: 2...2, using: &rng)
      stroke.ink = PKInk(type, color: .black)
      let data = PKDrawing(strokes: [stroke]).dataRepresentation()
      #expect(
        Array(data.prefix(6)) == [
          0x77, 0x72, 0x64, 0xF0, type.requiredContentVersion >= .version2 ? 2 : 1, 0,
        ])
    }
    #expect(Array(PKDrawing().dataRepresentation().prefix(6)) == [0x77, 0x72, 0x64, 0xF0, 1, 0])
  }

  @Test("transforms, seeds and creation dates survive")
  func transforms() throws {
    var rng = SplitMix64(seed: 3)
    var stroke = RandomDrawings.stroke(points: 5...5, using: &rng)
    stroke.transform = CGAffineTransform(a: 0.5, b: -0.25, c: 2, d: 0.75, tx: -120.5, ty: 3e4)
    stroke.randomSeed = .max
    let again = try #require(try Self.reread(PKDrawing(strokes: [stroke])).strokes.first)
    #expect(again.transform == stroke.transform)
    #expect(again.randomSeed == .max)
    #expect(again.path.creationDate == stroke.path.creationDate)
    #expect(again.renderBounds == stroke.quantizedRenderBounds)
  }

  @Test("an empty drawing, an empty path and a one-point path survive")
  func smallCases() throws {
    #expect(try Self.reread(PKDrawing()) == PKDrawing())
    var rng = SplitMix64(seed: 8)
    let empty = PKStroke(ink: PKInk(.pen, color: .black), path: PKStrokePath())
    let dot = RandomDrawings.stroke(points: 1...1, using: &rng)
    let drawing = PKDrawing(strokes: [empty, dot, empty])
    let again = try Self.reread(drawing)
    #expect(again == drawing.quantized())
    #expect(again.strokes[0].renderBounds.isNull)
  }

  @Test("points are quantized by truncation")
  func truncation() throws {
    let point = PKStrokePoint(
      location: CGPoint(x: 0.1, y: 0.2), timeOffset: 0.01, size: CGSize(width: 5, height: 7.4999),
      opacity: 0.5, force: 0.2129, azimuth: 3 * .pi / 2, altitude: 1, secondaryScale: 1.5)
    let stroke = PKStroke(
      ink: PKInk(.pen, color: .black),
      path: PKStrokePath(controlPoints: [point], creationDate: Date()))
    let q = try #require(try Self.reread(PKDrawing(strokes: [stroke])).strokes.first?.path.first)
    #expect(q.location == CGPoint(x: CGFloat(Float(0.1)), y: CGFloat(Float(0.2))))
    #expect(q.timeOffset == TimeInterval(Float(0.01)))
    let halfCode: CGFloat = 16383  // ⌊0.5 × 65535/2⌋, and ⌊(−π/2 + π)/π × 65535/2⌋
    #expect(q.size.height == CGFloat(5) * 1499 / 1000)
    #expect(q.force == 0.212)
    #expect(q.opacity == 2 * halfCode / 65535)
    #expect(q.azimuth == (2 * halfCode / 65535) * .pi - .pi)  // 3π/2 wraps to −π/2
    let altitudeCode = ((1 - 1 / (CGFloat.pi / 2)) * 65535).rounded(.down)
    #expect(q.altitude == (1 - altitudeCode / 65535) * .pi / 2)
    #expect(q.secondaryScale == 1.5)
  }

  @Test("every u16 code decodes by its formula and re-encodes to itself")
  func everyCode() throws {
    let codes = (0...65535).map { CGFloat($0) }
    let points = codes.map { v in
      PKStrokePoint(
        location: CGPoint(x: v, y: 0), timeOffset: 0, size: CGSize(width: 4, height: 4 * v / 1000),
        opacity: 2 * v / 65535, force: v / 1000, azimuth: (2 * v / 65535) * .pi - .pi,
        altitude: (1 - v / 65535) * .pi / 2)
    }
    let stroke = PKStroke(
      ink: PKInk(.pen, color: .black),
      path: PKStrokePath(controlPoints: points, creationDate: Date()))
    let again = try #require(try Self.reread(PKDrawing(strokes: [stroke])).strokes.first)
    #expect(again.path.controlPoints == points)
  }

  @Test("non-finite values are stored as they are")
  func nonFinite() throws {
    let point = PKStrokePoint(
      location: CGPoint(x: CGFloat.nan, y: CGFloat.infinity), timeOffset: 0,
      size: CGSize(width: 1, height: 1),
      opacity: CGFloat.nan, force: CGFloat.nan, azimuth: CGFloat.nan, altitude: CGFloat.nan)
    let stroke = PKStroke(
      ink: PKInk(.pen, color: .black),
      path: PKStrokePath(controlPoints: [point], creationDate: Date()))
    let q = try #require(try Self.reread(PKDrawing(strokes: [stroke])).strokes.first?.path.first)
    #expect(q.location.x.isNaN)
    #expect(q.location.y == .infinity)
    #expect(q.force == 0 && q.opacity == 0)
  }
}

extension PKStroke {
  /// The render bounds rounded to float32, as the format stores them.
  fileprivate var quantizedRenderBounds: CGRect {
    let r = renderBounds
    return CGRect(
      x: CGFloat(Float(r.origin.x)), y: CGFloat(Float(r.origin.y)),
      width: CGFloat(Float(r.width)), height: CGFloat(Float(r.height)))
  }
}
