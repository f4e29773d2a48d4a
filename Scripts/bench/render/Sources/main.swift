// Renders every drawing of the Quick, Draw! NDJSON files given as arguments to PNG bytes at
// scale 1 on white, pen ink 3 points wide, on one thread, and prints one JSON line with the
// count, the seconds spent rendering (parsing excluded) and the PNG bytes produced.
import Foundation
import InkRender
import OpenPencilKit

var drawings: [PKDrawing] = []
for path in CommandLine.arguments.dropFirst() {
  let text = try String(contentsOfFile: path, encoding: .utf8)
  for line in text.split(separator: "\n") {
    let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    guard let strokes = record?["drawing"] as? [[[Double]]] else { continue }
    drawings.append(
      PKDrawing(
        strokes: strokes.map { triple in
          let points = zip(zip(triple[0], triple[1]), triple[2]).map { xy, t in
            PKStrokePoint(
              location: CGPoint(x: xy.0, y: xy.1), timeOffset: (t - triple[2][0]) / 1000,
              size: CGSize(width: 3, height: 3), opacity: 1, force: 1, azimuth: 0,
              altitude: .pi / 2)
          }
          return PKStroke(
            ink: PKInk(.pen, color: .black),
            path: PKStrokePath(controlPoints: points, creationDate: Date(timeIntervalSince1970: 0)))
        }))
  }
}
var options = RenderOptions()
options.background = .white
let renderer = DrawingRenderer(options: options)
var bytes = 0
let start = Date()
for drawing in drawings where !drawing.strokes.isEmpty {
  bytes += try renderer.render(drawing, as: .png).count
}
let seconds = Date().timeIntervalSince(start)
print("{\"drawings\": \(drawings.count), \"seconds\": \(seconds), \"bytes\": \(bytes)}")
