import Foundation

/// What a drawing of `Tests/Fixtures/pkdrawing-layouts/` must decode to, as
/// `Scripts/reference/pkdrawing_layouts.py` read it with its own protocol-buffer walker
/// (`*.expected.json`): each stroke's ink, masks and points, one array a point attribute, or the
/// error a refused drawing must raise.
struct PencilKitLayoutExpectation: Decodable {
  struct Stroke: Decodable {
    var ink: String
    var perPointMask: Int
    var constantMask: Int
    var count: Int
    var x: [Double]
    var y: [Double]
    var t: [Double]
    var w: [Double]
    var h: [Double]
    var force: [Double]
    var azimuth: [Double]
    var altitude: [Double]
    var opacity: [Double]
    var secondaryScale: [Double]
  }

  struct Refusal: Decodable {
    var kind: String
    var offset: Int
    var bits: Int
  }

  var name: String
  /// `synthetic` (written by the script) or `real` (committed by an iPad app).
  var source: String
  /// The layout's name (`nineChannel`, `tenChannel`, `current`), or `future`, `refused`, `mixed`.
  var layout: String
  var strokes: [Stroke]?
  var error: Refusal?
}
