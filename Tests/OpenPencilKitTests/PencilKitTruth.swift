import Foundation

/// What Apple's PencilKit API read back from a fixture drawing (`*.truth.json` beside each
/// `.pkdrawing` in `../shared/fixtures/pkdrawing/`). Decoded with `JSONDecoder`, whose number
/// parsing is exact (`JSONSerialization` on Linux is off by an ulp at times).
struct PencilKitTruth: Decodable {
  struct Stroke: Decodable {
    var ink: String
    var color: [String: Double]
    var renderBounds: [String: Double]
    var controlPointCount: Int
    var controlPoints: [[String: Double]]
  }

  var strokeCount: Int
  var strokes: [Stroke]

  init(contentsOf url: URL) throws {
    self = try JSONDecoder().decode(Self.self, from: Data(contentsOf: url))
  }
}
