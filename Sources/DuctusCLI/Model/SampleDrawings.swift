import Foundation
import InkFormats
import OpenPencilKit
import _DuctusSupport

/// The drawings bundled in `Datasets/samples/`, made here in code so that the repository's
/// first examples owe nothing to anyone else's data: a handwritten-looking letter "a", a star,
/// and a small corpus that also holds a spiral, a zigzag in fountain pen (content version 2)
/// and a flourish with barrel-roll data (content version 3).
///
/// Every point has a time, force, azimuth and altitude, as an Apple Pencil would give; the
/// figures are deterministic, so regenerating the samples changes no byte.
package enum SampleDrawings {
  /// The moment every sample stroke is dated from (2024-01-01T00:00:00Z).
  static let epoch = Date(timeIntervalSince1970: 1_704_067_200)

  /// A cursive "a" in one pen stroke: a counter-clockwise bowl and a stem with an exit flick.
  package static var letterA: PKDrawing {
    let center = (x: 60.0, y: 60.0)
    let (rx, ry) = (18.0, 20.0)
    var outline: [CGPoint] = []
    for step in 0...48 {
      let angle = (50.0 + 360.0 * Double(step) / 48) * .pi / 180
      let wobble = 1 + 0.04 * sin(3 * angle)
      outline.append(
        CGPoint(x: center.x + rx * wobble * cos(angle), y: center.y - ry * wobble * sin(angle)))
    }
    let top = outline[outline.count - 1]
    for step in 1...12 {
      let t = Double(step) / 12
      outline.append(
        CGPoint(x: top.x + (rx - 10) * t + 2 * t * t, y: top.y + (center.y + ry - top.y) * t))
    }
    let bottom = outline[outline.count - 1]
    for step in 1...5 {
      let t = Double(step) / 5
      outline.append(CGPoint(x: bottom.x + 8 * t, y: bottom.y - 6 * t * t))
    }
    return PKDrawing(strokes: [stroke(outline, ink: .pen, width: 4, speed: 160, start: 0)])
  }

  /// A five-pointed star drawn in one pen stroke, corner to corner.
  package static var star: PKDrawing {
    var corners: [CGPoint] = []
    for index in 0...5 {
      let angle = (-90.0 + 144.0 * Double(index)) * .pi / 180
      corners.append(CGPoint(x: 60 + 50 * cos(angle), y: 60 + 50 * sin(angle)))
    }
    var outline: [CGPoint] = []
    for (from, to) in zip(corners, corners.dropFirst()) {
      for step in 0..<10 {
        let t = Double(step) / 10
        outline.append(CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))
      }
    }
    outline.append(corners[corners.count - 1])
    return PKDrawing(strokes: [stroke(outline, ink: .pen, width: 3, speed: 220, start: 0)])
  }

  /// A spiral of three turns in pencil.
  static var spiral: PKDrawing {
    let outline = (0...90).map { step -> CGPoint in
      let angle = Double(step) / 90 * 6 * .pi
      let radius = 4 + 36 * Double(step) / 90
      return CGPoint(x: 60 + radius * cos(angle), y: 60 + radius * sin(angle))
    }
    return PKDrawing(strokes: [stroke(outline, ink: .pencil, width: 2.4, speed: 180, start: 0)])
  }

  /// Two zigzag strokes in fountain pen (content version 2).
  static var zigzag: PKDrawing {
    let rows = [30.0, 80.0].map { baseline in
      (0...12).map { step in
        CGPoint(x: 10 + 8 * Double(step), y: baseline + (step.isMultiple(of: 2) ? 0 : 24))
      }
    }
    return PKDrawing(strokes: [
      stroke(rows[0], ink: .fountainPen, width: 4, speed: 200, start: 0),
      stroke(rows[1], ink: .fountainPen, width: 4, speed: 200, start: 1.5),
    ])
  }

  /// A wave in fountain pen whose points carry barrel-roll data (content version 3).
  static var flourish: PKDrawing {
    let outline = (0...40).map { step in
      CGPoint(x: 10 + 2.5 * Double(step), y: 60 + 25 * sin(Double(step) / 40 * 2 * .pi))
    }
    var drawing = PKDrawing(strokes: [
      stroke(outline, ink: .fountainPen, width: 5, speed: 150, start: 0)
    ])
    let points = drawing.strokes[0].path.map { point -> PKStrokePoint in
      var rolled = point
      rolled.threshold = 0.3
      return rolled
    }
    drawing.strokes[0].path = PKStrokePath(
      controlPoints: points, creationDate: drawing.strokes[0].path.creationDate)
    return drawing
  }

  /// The records of `samples.ndjson`, labelled by what they show.
  package static var corpus: [CorpusRecord] {
    [
      CorpusRecord(key: "a", label: "a", metadata: ["writer": "synthetic"], drawing: letterA),
      CorpusRecord(key: "star", label: "star", drawing: star),
      CorpusRecord(key: "spiral", label: "spiral", drawing: spiral),
      CorpusRecord(key: "zigzag", label: "zigzag", drawing: zigzag),
      CorpusRecord(key: "flourish", label: "flourish", drawing: flourish),
    ]
  }

  /// A stroke through `outline` at a pen speed in points a second, pressing harder in the
  /// middle, with the pen leaning as a right-handed writer holds it.
  private static func stroke(
    _ outline: [CGPoint], ink: PKInk.InkType, width: Double, speed: Double, start: TimeInterval
  ) -> PKStroke {
    var time = 0.0
    var points: [PKStrokePoint] = []
    let outline = outline.map { CGPoint(x: rounded($0.x), y: rounded($0.y)) }
    for (index, location) in outline.enumerated() {
      if index > 0 {
        let previous = outline[index - 1]
        time += hypot(location.x - previous.x, location.y - previous.y) / speed
      }
      let progress = outline.count > 1 ? Double(index) / Double(outline.count - 1) : 0
      let force = 0.45 + 0.5 * sin(.pi * progress)
      points.append(
        PKStrokePoint(
          location: location, timeOffset: rounded(time),
          size: CGSize(width: rounded(width * (0.8 + 0.4 * force)), height: rounded(width)),
          opacity: 1, force: rounded(force), azimuth: rounded(0.8 + 0.2 * progress),
          altitude: 1.0))
    }
    let path = PKStrokePath(controlPoints: points, creationDate: epoch.addingTimeInterval(start))
    return PKStroke(ink: PKInk(ink, color: .black), path: path)
  }

  /// A value to a thousandth, so that the sample files read well.
  private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
