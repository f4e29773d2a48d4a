import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

extension SchoolPrintModel {
  /// `0`…`9`, as tall as capitals, each described by Zaner-Bloser's stroke words.
  static var digits: [GlyphDefinition] {
    let zero = GlyphEllipse(50, 45, 15, 25)
    let twoTop = GlyphEllipse(50, 33, 14, 13)
    let threeTop = GlyphEllipse(49, 32, 14, 12)
    let fiveBowl = GlyphEllipse(50, 54, 15, 16)
    let sixLoop = GlyphEllipse(50, 56, 14, 14)
    let eightTop = GlyphEllipse(50, 32, 12, 12)
    let nineLoop = GlyphEllipse(50, 33, 13, 13)
    return [
      // Curve down, curve up (counter-clockwise from the top).
      glyph(
        "digits/0", "digit zero",
        [GlyphStroke(from: zero.point(at: 90)).arc(zero, sweep: 360).checkpoint(50, 70)]),
      // Pull down straight.
      glyph("digits/1", "digit one", [GlyphStroke(from: 50, 20).line(to: 50, 70)]),
      // Curve forward, slant left, slide right.
      glyph(
        "digits/2", "digit two",
        [
          GlyphStroke(from: twoTop.point(at: 150)).arc(twoTop, sweep: -190).line(to: 35, 70)
            .line(to: 65, 70)
        ]),
      // Curve forward, curve forward.
      glyph(
        "digits/3", "digit three",
        [
          GlyphStroke(from: threeTop.point(at: 150)).arc(threeTop, sweep: -240)
            .arc(GlyphEllipse(49, 57, 15, 13), sweep: -240)
        ]),
      // Pull down straight, slide right; lift; pull down straight.
      glyph(
        "digits/4", "digit four",
        [
          GlyphStroke(from: 37, 20).line(to: 37, 50).line(to: 67, 50),
          GlyphStroke(from: 60, 20).line(to: 60, 70),
        ]),
      // Pull down straight, circle forward; lift; slide right.
      glyph(
        "digits/5", "digit five",
        [
          GlyphStroke(from: fiveBowl.point(at: 140).x, 20).line(to: fiveBowl.point(at: 140))
            .arc(fiveBowl, sweep: -280),
          GlyphStroke(from: fiveBowl.point(at: 140).x, 20).line(to: 64, 20),
        ]),
      // Curve down, curve up and around.
      glyph(
        "digits/6", "digit six",
        [
          GlyphStroke(from: 61, 22).curve(to: 36, 56, control1: (50, 14), control2: (36, 32))
            .arc(sixLoop, sweep: 360).checkpoint(50, 42)
        ]),
      // Slide right, slant left.
      glyph(
        "digits/7", "digit seven", [GlyphStroke(from: 35, 20).line(to: 65, 20).line(to: 45, 70)]),
      // Curve back, curve forward, slant up.
      glyph(
        "digits/8", "digit eight",
        [
          GlyphStroke(from: eightTop.point(at: 30)).arc(eightTop, sweep: 240)
            .arc(GlyphEllipse(50, 57, 13, 13), sweep: -360).line(to: eightTop.point(at: 30))
            .checkpoint(50, 70)
        ]),
      // Circle back all the way around, pull down straight.
      glyph(
        "digits/9", "digit nine",
        [
          GlyphStroke(from: nineLoop.point(at: 0)).arc(nineLoop, sweep: 360).line(to: 63, 70)
            .checkpoint(37, 33)
        ]),
    ]
  }
}
