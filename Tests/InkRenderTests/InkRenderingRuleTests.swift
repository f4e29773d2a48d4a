import Foundation
import InkRender
import OpenPencilKit
import Testing

@Suite("Ink rendering rules")
struct InkRenderingRuleTests {
  func point(
    width: CGFloat = 4, force: CGFloat = 1, opacity: CGFloat = 1, azimuth: CGFloat = 0,
    altitude: CGFloat = .pi / 2, secondaryScale: CGFloat = 1
  ) -> PKStrokePoint {
    PKStrokePoint(
      location: .zero, timeOffset: 0, size: CGSize(width: width, height: width), opacity: opacity,
      force: force, azimuth: azimuth, altitude: altitude, secondaryScale: secondaryScale)
  }

  func width(_ ink: PKInk.InkType, _ point: PKStrokePoint, heading: CGFloat? = 0) -> CGFloat {
    InkRenderingRule(ink).footprint(of: point, heading: heading).width
  }

  func isClose(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-9 }

  @Test("pen: width w·(0.7 + 0.3f) within 0.5w…1.6w, opacity o")
  func pen() {
    #expect(isClose(width(.pen, point(force: 1)), 4))
    #expect(isClose(width(.pen, point(force: 0)), 2.8))
    #expect(isClose(width(.pen, point(force: 2)), 5.2))
    #expect(isClose(width(.pen, point(force: 100)), 6.4))
    #expect(isClose(width(.pen, point(force: .nan)), 2.8))
    let mark = InkRenderingRule(.pen).footprint(of: point(opacity: 0.4), heading: nil)
    #expect(isClose(mark.opacity, 0.4))
    #expect(InkRenderingRule(.pen).compositing == .over)
    #expect(InkRenderingRule(.pen).grain == nil)
  }

  @Test("monoline: the same width whatever the force, tilt and heading")
  func monoline() {
    for force in [0, 0.5, 1, 3] as [CGFloat] {
      for altitude in [0.2, 1, .pi / 2] as [CGFloat] {
        #expect(width(.monoline, point(force: force, altitude: altitude), heading: force) == 4)
      }
    }
  }

  @Test("pencil: thinner than the pen, wider when tilted, fainter when pressed lightly")
  func pencil() {
    #expect(isClose(width(.pencil, point(force: 1)), 4 * 0.8))
    #expect(isClose(width(.pencil, point(force: 1, altitude: 0)), 6.08))
    let rule = InkRenderingRule(.pencil)
    #expect(isClose(rule.footprint(of: point(force: 0), heading: 0).opacity, 0.35))
    #expect(isClose(rule.footprint(of: point(force: 1), heading: 0).opacity, 0.7))
    #expect(isClose(rule.footprint(of: point(force: 3), heading: 0).opacity, 0.9))
    #expect(isClose(rule.footprint(of: point(force: 1, altitude: 0), heading: 0).opacity, 0.49))
    // At most 2w, as PencilKit's render bounds of a pencil stroke reach w past its spine.
    #expect(isClose(width(.pencil, point(force: 4, altitude: 0)), 7.98))
    #expect(rule.grain == InkGrain(strength: 0.6, cellSize: 1, isSmooth: false))
  }

  @Test("marker: a chisel 1.6w long and 2/3w high, half opacity, multiplied")
  func marker() {
    let rule = InkRenderingRule(.marker)
    #expect(rule.nib == .ellipse(width: 1.6, height: 2.0 / 3.0))
    #expect(
      rule.footprint(of: point(width: 15, force: 3), heading: 0)
        == InkFootprint(width: 10, opacity: 0.5))
    #expect(isClose(width(.marker, point(width: 15), heading: .pi / 2), 24))
    #expect(isClose(width(.marker, point(width: 15), heading: .pi), 10))
    #expect(isClose(width(.marker, point(width: 15, force: 0.1), heading: nil), 10))
    #expect(rule.compositing == .multiply)
    #expect(InkRenderingRule(.pen).nib == .round)
  }

  @Test("fountain pen: widest moving along the azimuth, 0.3 of it moving across")
  func fountainPen() {
    let along = width(.fountainPen, point(azimuth: 0.5), heading: 0.5)
    let backwards = width(.fountainPen, point(azimuth: 0.5), heading: 0.5 + .pi)
    let across = width(.fountainPen, point(azimuth: 0.5), heading: 0.5 + .pi / 2)
    #expect(isClose(along, 4 * 0.925))
    #expect(isClose(backwards, along))
    #expect(isClose(across, 0.3 * along))
    #expect(isClose(width(.fountainPen, point(), heading: nil), 0.65 * along))
    let secondary = width(.fountainPen, point(secondaryScale: 2), heading: .pi / 2)
    #expect(isClose(secondary, 0.6 * along))
  }

  @Test("reed: a flatter nib than the fountain pen's")
  func reed() {
    let along = width(.reed, point(azimuth: 1), heading: 1)
    #expect(isClose(along, 4 * 0.95))
    #expect(isClose(width(.reed, point(azimuth: 1), heading: 1 + .pi / 2), 0.15 * along))
  }

  @Test("watercolor and crayon: textured; watercolor translucent and multiplied")
  func wetAndWaxy() {
    let watercolor = InkRenderingRule(.watercolor)
    #expect(
      watercolor.footprint(of: point(width: 10), heading: 0)
        == InkFootprint(width: 9, opacity: 0.35))
    #expect(watercolor.compositing == .multiply)
    #expect(watercolor.grain?.isSmooth == true)
    let crayon = InkRenderingRule(.crayon)
    let light = crayon.footprint(of: point(width: 10, force: 0.5), heading: 0)
    #expect(isClose(light.width, 10 * 0.8875))
    #expect(isClose(light.opacity, 0.68))
    #expect(crayon.grain?.isSmooth == false)
  }

  @Test("a point without a size draws at the ink's default width; unknown inks draw as pens")
  func defaults() {
    for ink in PKInk.InkType.allCases where ink != .pencil {
      let expected = width(ink, point(width: ink.defaultWidth))
      #expect(isClose(width(ink, point(width: 0)), expected))
    }
    let unknown = PKInk.InkType(rawValue: "com.example.ink.glitter")
    #expect(width(unknown, point(force: 2)) == width(.pen, point(force: 2)))
    #expect(InkRenderingRule(unknown).compositing == .over)
  }

  @Test("opacity is capped at 2, then by the colour's own alpha when drawn")
  func opacityCap() throws {
    #expect(InkRenderingRule(.monoline).footprint(of: point(opacity: 5), heading: 0).opacity == 2)
    let half = PKColor(red: 0, green: 0, blue: 1, alpha: 0.3)
    var stroke = TestDrawings.line(
      from: CGPoint(x: 5, y: 10), to: CGPoint(x: 35, y: 10), ink: .monoline, width: 6)
    stroke.ink.color = half
    let canvas = try Canvas(format: .png, pixelWidth: 40, pixelHeight: 20, origin: .zero, scale: 1)
    canvas.draw(stroke)
    // Opacity 1 × alpha 0.3, painted once although the segments overlap.
    #expect(abs(try canvas.rasterImage().color(x: 20, y: 10).alpha - 0.3) < 0.01)
  }
}
