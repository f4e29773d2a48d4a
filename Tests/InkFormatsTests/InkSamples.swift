import DuctusTestSupport
import Foundation
import OpenPencilKit

/// Seeded random drawings that use every attribute of the model, for round-trip tests.
enum InkSamples {
  /// A drawing of `strokeCount` strokes with random values in every channel, random inks,
  /// colours (some not multiples of 1/255), transforms, masks, seeds and dates.
  static func randomDrawing(strokeCount: Int, seed: UInt64) -> PKDrawing {
    var generator = SplitMix64(seed: seed)
    func random(_ range: ClosedRange<Double>) -> Double {
      Double.random(in: range, using: &generator)
    }
    var strokes: [PKStroke] = []
    for index in 0..<strokeCount {
      let count = Int.random(in: 1...40, using: &generator)
      var t = 0.0
      let points = (0..<count).map { _ -> PKStrokePoint in
        t += random(0.001...0.02)
        return PKStrokePoint(
          location: CGPoint(x: random(-500...1500), y: Double(Float(random(-500...1500)))),
          timeOffset: t, size: CGSize(width: random(0.5...20), height: random(0.5...20)),
          opacity: random(0...2), force: random(0...4), azimuth: random(-.pi ... .pi),
          altitude: random(0...(.pi / 2)), secondaryScale: random(0.5...2),
          threshold: index % 3 == 0 ? random(0...1) : 0)
      }
      let ink = PKInk.InkType.allCases[index % PKInk.InkType.allCases.count]
      let color =
        index % 2 == 0
        ? PKColor(red: random(0...1), green: random(0...1), blue: random(0...1), alpha: 1)
        : PKColor(red: 51.0 / 255, green: 0, blue: 1, alpha: 128.0 / 255)
      let mask: PKBezierPath? =
        index % 4 == 1
        ? PKBezierPath(rect: CGRect(x: 0, y: 0, width: random(1...100), height: 50))
        : nil
      strokes.append(
        PKStroke(
          ink: PKInk(index == 5 ? PKInk.InkType(rawValue: "com.example.brush") : ink, color: color),
          path: PKStrokePath(
            controlPoints: points,
            creationDate: Date(timeIntervalSinceReferenceDate: random(0...8e8))),
          transform: index % 2 == 0
            ? .identity : CGAffineTransform(rotationAngle: random(0...3)).translatedBy(x: 3, y: -2),
          mask: mask, randomSeed: UInt32.random(in: 0...UInt32.max, using: &generator)))
    }
    return PKDrawing(strokes: strokes)
  }
}
