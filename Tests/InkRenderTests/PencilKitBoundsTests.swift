import DuctusTestSupport
import Foundation
import InkRender
import OpenPencilKit
import Testing

/// The rules against what PencilKit itself says: the `*.truth.json` files beside the blobs of
/// `fixtures/pkdrawing` (written by Apple's PencilKit) give every stroke's points and
/// PencilKit's render bounds. The ink drawn here must stay inside those bounds, and the marker's
/// chisel must fill them.
@Suite(
  "PencilKit render bounds",
  .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
struct PencilKitBoundsTests {
  struct Truth {
    var stroke: PKStroke
    var renderBounds: CGRect
  }

  func truths(_ name: String) throws -> [Truth] {
    let url = SharedData.url("fixtures/pkdrawing/\(name).truth.json")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    let strokes = try #require(json?["strokes"] as? [[String: Any]])
    return try strokes.map { stroke in
      func number(_ object: [String: Any], _ key: String) throws -> CGFloat {
        CGFloat(try #require(object[key] as? Double))
      }
      let color = try #require(stroke["color"] as? [String: Any])
      let bounds = try #require(stroke["renderBounds"] as? [String: Any])
      let points = try #require(stroke["controlPoints"] as? [[String: Any]]).map { point in
        PKStrokePoint(
          location: CGPoint(x: try number(point, "x"), y: try number(point, "y")),
          timeOffset: Double(try number(point, "t")),
          size: CGSize(width: try number(point, "w"), height: try number(point, "h")),
          opacity: try number(point, "opacity"), force: try number(point, "force"),
          azimuth: try number(point, "azimuth"), altitude: try number(point, "altitude"),
          secondaryScale: try number(point, "secondaryScale"))
      }
      let ink = PKInk(
        PKInk.InkType(rawValue: try #require(stroke["ink"] as? String)),
        color: PKColor(
          red: try number(color, "r"), green: try number(color, "g"),
          blue: try number(color, "b"), alpha: try number(color, "a")))
      return Truth(
        stroke: PKStroke(
          ink: ink,
          path: PKStrokePath(controlPoints: points, creationDate: Date(timeIntervalSince1970: 0))),
        renderBounds: CGRect(
          x: try number(bounds, "x"), y: try number(bounds, "y"), width: try number(bounds, "w"),
          height: try number(bounds, "h")))
    }
  }

  /// The box of the stroke's ink in drawing coordinates, measured at 4 pixels a point.
  func inkBox(of stroke: PKStroke, around bounds: CGRect) throws -> CGRect {
    let scale: CGFloat = 4
    let region = bounds.insetBy(dx: -6, dy: -6)
    let image = try RasterImage(
      pngData: try PKDrawing(strokes: [stroke]).image(from: region, scale: scale))
    var box = CGRect.null
    for y in 0..<image.height {
      for x in 0..<image.width where image.color(x: x, y: y).alpha > 0.02 {
        box = box.union(CGRect(x: x, y: y, width: 1, height: 1))
      }
    }
    return CGRect(
      x: region.minX + box.minX / scale, y: region.minY + box.minY / scale,
      width: box.width / scale, height: box.height / scale)
  }

  @Test(
    "ink stays inside PencilKit's render bounds",
    arguments: ["case01-dot", "case04-pressure-ramp", "case06-inks"])
  func insideBounds(name: String) throws {
    for truth in try truths(name) {
      let box = try inkBox(of: truth.stroke, around: truth.renderBounds)
      let allowed = truth.renderBounds.insetBy(dx: -0.25, dy: -0.25)
      #expect(
        allowed.contains(box), "\(truth.stroke.ink.inkType): \(box) outside \(truth.renderBounds)")
    }
  }

  @Test("the marker's chisel fills PencilKit's render bounds")
  func markerFillsBounds() throws {
    let marker = try #require(try truths("case06-inks").first { $0.stroke.ink.inkType == .marker })
    let box = try inkBox(of: marker.stroke, around: marker.renderBounds)
    #expect(abs(box.minX - marker.renderBounds.minX) <= 0.5)
    #expect(abs(box.maxX - marker.renderBounds.maxX) <= 0.5)
    #expect(abs(box.minY - marker.renderBounds.minY) <= 0.5)
    #expect(abs(box.maxY - marker.renderBounds.maxY) <= 0.5)
  }
}
