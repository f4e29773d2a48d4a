import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

extension SchoolPrintModel {
  /// The pre-writing shapes: lines and turns children practise before letters, centred in the
  /// box, drawn top to bottom, left to right and counter-clockwise like the letters.
  static var shapes: [GlyphDefinition] {
    let circle = GlyphEllipse(50, 50, 30, 30)
    let star = (0..<5).map { GlyphEllipse(50, 53, 32, 32).point(at: 90 - 144 * Double($0)) }
    return [
      shape("line", "a straight line, left to right", [GlyphStroke(from: 20, 50).line(to: 80, 50)]),
      shape(
        "circle", "a circle, counter-clockwise from the top",
        [GlyphStroke(from: circle.point(at: 90)).arc(circle, sweep: 360).checkpoint(50, 80)]),
      shape(
        "square", "a square, down, across, up and back from the top left corner",
        [
          GlyphStroke(from: 25, 25).line(to: 25, 75).line(to: 75, 75).line(to: 75, 25)
            .line(to: 25, 25)
        ]),
      shape(
        "triangle", "a triangle, from the top down to the left and around",
        [GlyphStroke(from: 50, 22).line(to: 22, 75).line(to: 78, 75).line(to: 50, 22)]),
      shape(
        "star", "a five-pointed star in one stroke, from the top point",
        [
          GlyphStroke(from: star[0]).line(to: star[1]).line(to: star[2]).line(to: star[3])
            .line(to: star[4]).line(to: star[0])
        ]),
      shape(
        "spiral", "a spiral, from the middle outwards, counter-clockwise",
        [GlyphStroke(from: 53, 50).spiral(center: 50, 50, endRadius: 30, sweep: 1080)]),
      shape(
        "zigzag", "a zigzag, left to right",
        [
          GlyphStroke(from: 15, 35).line(to: 29, 65).line(to: 43, 35).line(to: 57, 65)
            .line(to: 71, 35).line(to: 85, 65)
        ]),
      shape("wave", "a wave, left to right", [wave(from: 15, to: 85, halfWaves: 4, amplitude: 15)]),
    ]
  }

  /// A shape, without guides.
  static func shape(_ name: String, _ description: String, _ strokes: [GlyphStroke])
    -> GlyphDefinition
  {
    GlyphDefinition(name: "shapes/" + name, description: description, guides: [:], strokes: strokes)
  }

  /// A wave along y = 50 of alternating humps; each hump is a cubic whose controls sit 4/3 of the
  /// amplitude off the axis, so that its crest is exactly the amplitude.
  static func wave(from start: Double, to end: Double, halfWaves: Int, amplitude: Double)
    -> GlyphStroke
  {
    let width = (end - start) / Double(halfWaves)
    var stroke = GlyphStroke(from: start, 50)
    for index in 0..<halfWaves {
      let x = start + width * Double(index)
      let y = 50 + (index.isMultiple(of: 2) ? -1 : 1) * amplitude * 4 / 3
      stroke = stroke.curve(
        to: x + width, 50, control1: (x + width * 0.3, y), control2: (x + width * 0.7, y))
    }
    return stroke
  }
}
