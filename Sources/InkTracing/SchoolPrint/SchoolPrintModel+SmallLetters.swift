import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

extension SchoolPrintModel {
  /// The round bowl of `a c d e g o q`: a circle on the mean line and the baseline.
  static let bowl = GlyphEllipse(50, 57.5, 12, 12.5)
  /// The bowl of `a d g q`, left of its stem at x = 59.
  static let leftBowl = GlyphEllipse(47, 57.5, 12, 12.5)

  /// `a`…`z`, each described by Zaner-Bloser's stroke words.
  static var smallLetters: [GlyphDefinition] {
    [
      // Circle back all the way around; push up; pull down.
      glyph(
        "latin/a", "small letter a",
        [
          GlyphStroke(from: leftBowl.point(at: 30)).arc(leftBowl, sweep: 360).line(to: 59, 45)
            .line(to: 59, 70).checkpoint(47, 45)
        ]),
      // Pull down straight; push up, circle forward all the way around.
      glyph(
        "latin/b", "small letter b",
        [
          GlyphStroke(from: 38, 20).line(to: 38, 70).line(to: 38, 57.5).arc(bowl, sweep: -360)
            .checkpoint(62, 57.5)
        ]),
      // Circle back.
      glyph(
        "latin/c", "small letter c", [GlyphStroke(from: bowl.point(at: 30)).arc(bowl, sweep: 300)]),
      // Circle back all the way around; push up to the top line; pull down straight.
      glyph(
        "latin/d", "small letter d",
        [
          GlyphStroke(from: leftBowl.point(at: 30)).arc(leftBowl, sweep: 360).line(to: 59, 20)
            .line(to: 59, 70).checkpoint(47, 45)
        ]),
      // Slide right; circle back.
      glyph(
        "latin/e", "small letter e",
        [GlyphStroke(from: 38, 57.5).line(to: 62, 57.5).arc(bowl, sweep: 330)]),
      // Curve back, pull down straight; lift; slide right.
      glyph(
        "latin/f", "small letter f",
        [
          GlyphStroke(from: fTop.point(at: 30)).arc(fTop, sweep: 150).line(to: 49, 70)
            .checkpoint(57, 20),
          GlyphStroke(from: 40, 45).line(to: 60, 45),
        ]),
      // Circle back all the way around; push up; pull down straight, curve back.
      glyph(
        "latin/g", "small letter g",
        [
          GlyphStroke(from: leftBowl.point(at: 30)).arc(leftBowl, sweep: 360).line(to: 59, 45)
            .line(to: 59, 86).arc(GlyphEllipse(49, 86, 10, 8), sweep: -160).checkpoint(47, 45)
            .hooked()
        ]),
      // Pull down straight; push up, curve forward, pull down straight.
      glyph(
        "latin/h", "small letter h",
        [
          GlyphStroke(from: 38, 20).line(to: 38, 70).line(to: 38, 57)
            .arc(GlyphEllipse(50, 57, 12, 12), sweep: -180).line(to: 62, 70)
        ]),
      // Pull down straight; lift; dot.
      glyph(
        "latin/i", "small letter i",
        [GlyphStroke(from: 50, 45).line(to: 50, 70), GlyphStroke(from: 50, 35)]),
      // Pull down straight, curve back; lift; dot.
      glyph(
        "latin/j", "small letter j",
        [
          GlyphStroke(from: 54, 45).line(to: 54, 86).arc(GlyphEllipse(45, 86, 9, 8), sweep: -160)
            .hooked(),
          GlyphStroke(from: 54, 35),
        ]),
      // Pull down straight; lift; slant left, slant right.
      glyph(
        "latin/k", "small letter k",
        [
          GlyphStroke(from: 40, 20).line(to: 40, 70),
          GlyphStroke(from: 60, 45).line(to: 40, 60).line(to: 60, 70),
        ]),
      // Pull down straight.
      glyph("latin/l", "small letter l", [GlyphStroke(from: 50, 20).line(to: 50, 70)]),
      // Pull down straight; push up, curve forward, pull down straight (twice).
      glyph(
        "latin/m", "small letter m",
        [
          GlyphStroke(from: 36, 45).line(to: 36, 70).line(to: 36, 55)
            .arc(GlyphEllipse(43, 55, 7, 10), sweep: -180).line(to: 50, 70).line(to: 50, 55)
            .arc(GlyphEllipse(57, 55, 7, 10), sweep: -180).line(to: 64, 70)
        ]),
      // Pull down straight; push up, curve forward, pull down straight.
      glyph(
        "latin/n", "small letter n",
        [
          GlyphStroke(from: 40, 45).line(to: 40, 70).line(to: 40, 56)
            .arc(GlyphEllipse(50, 56, 10, 11), sweep: -180).line(to: 60, 70)
        ]),
      // Circle back all the way around.
      glyph(
        "latin/o", "small letter o",
        [GlyphStroke(from: bowl.point(at: 30)).arc(bowl, sweep: 360).checkpoint(50, 70)]),
      // Pull down straight to the descender line; push up, circle forward all the way around.
      glyph(
        "latin/p", "small letter p",
        [
          GlyphStroke(from: 38, 45).line(to: 38, 95).line(to: 38, 57.5).arc(bowl, sweep: -360)
            .checkpoint(62, 57.5)
        ]),
      // Circle back all the way around; push up; pull down straight, curve forward.
      glyph(
        "latin/q", "small letter q",
        [
          GlyphStroke(from: leftBowl.point(at: 30)).arc(leftBowl, sweep: 360).line(to: 59, 45)
            .line(to: 59, 89).arc(GlyphEllipse(65, 89, 6, 6), sweep: 90).checkpoint(47, 45)
        ]),
      // Pull down straight; push up, curve forward.
      glyph(
        "latin/r", "small letter r",
        [
          GlyphStroke(from: 40, 45).line(to: 40, 70).line(to: 40, 57)
            .arc(GlyphEllipse(50, 57, 10, 12), sweep: -135)
        ]),
      // Curve back, curve forward.
      glyph(
        "latin/s", "small letter s",
        [
          GlyphStroke(from: sTop.point(at: 30)).arc(sTop, sweep: 240)
            .arc(GlyphEllipse(50, 63.75, 10, 6.25), sweep: -240)
        ]),
      // Pull down straight; lift; slide right.
      glyph(
        "latin/t", "small letter t",
        [GlyphStroke(from: 50, 24).line(to: 50, 70), GlyphStroke(from: 40, 45).line(to: 60, 45)]),
      // Pull down straight, curve forward, push up; pull down straight.
      glyph(
        "latin/u", "small letter u",
        [
          GlyphStroke(from: 38, 45).line(to: 38, 58).arc(GlyphEllipse(50, 58, 12, 12), sweep: 180)
            .line(to: 62, 45).line(to: 62, 70)
        ]),
      // Slant right, slant up.
      glyph(
        "latin/v", "small letter v",
        [GlyphStroke(from: 38, 45).line(to: 50, 70).line(to: 62, 45)]),
      // Slant right, slant up, slant right, slant up.
      glyph(
        "latin/w", "small letter w",
        [
          GlyphStroke(from: 32, 45).line(to: 41, 70).line(to: 50, 45).line(to: 59, 70)
            .line(to: 68, 45)
        ]),
      // Slant right; lift; slant left.
      glyph(
        "latin/x", "small letter x",
        [GlyphStroke(from: 39, 45).line(to: 61, 70), GlyphStroke(from: 61, 45).line(to: 39, 70)]),
      // Slant right; lift; slant left, down to the descender line.
      glyph(
        "latin/y", "small letter y",
        [GlyphStroke(from: 39, 45).line(to: 49, 70), GlyphStroke(from: 61, 45).line(to: 37, 95)]),
      // Slide right, slant left, slide right.
      glyph(
        "latin/z", "small letter z",
        [GlyphStroke(from: 39, 45).line(to: 61, 45).line(to: 39, 70).line(to: 61, 70)]),
    ]
  }

  /// The curve at the top of `f`.
  static let fTop = GlyphEllipse(57, 30, 8, 10)
  /// The upper half of `s`.
  static let sTop = GlyphEllipse(50, 51.25, 10, 6.25)
}
