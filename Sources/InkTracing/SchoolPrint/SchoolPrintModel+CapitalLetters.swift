import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

extension SchoolPrintModel {
  /// The round capital of `C G O Q`, between the capital line and the baseline.
  static let capitalBowl = GlyphEllipse(50, 45, 20, 25)

  /// `A`…`Z`, each described by Zaner-Bloser's stroke words.
  static var capitalLetters: [GlyphDefinition] {
    [
      // Slant left; lift; slant right; lift; slide right.
      glyph(
        "latin/A", "capital letter A",
        [
          GlyphStroke(from: 50, 20).line(to: 32, 70), GlyphStroke(from: 50, 20).line(to: 68, 70),
          GlyphStroke(from: 38.5, 52).line(to: 61.5, 52),
        ]),
      // Pull down straight; lift; slide right, curve forward, slide left (twice).
      glyph(
        "latin/B", "capital letter B",
        [
          GlyphStroke(from: 35, 20).line(to: 35, 70),
          GlyphStroke(from: 35, 20).line(to: 52, 20).arc(
            GlyphEllipse(52, 32.5, 11, 12.5), sweep: -180
          )
          .line(to: 35, 45).line(to: 54, 45).arc(GlyphEllipse(54, 57.5, 12, 12.5), sweep: -180)
          .line(to: 35, 70),
        ]),
      // Circle back.
      glyph(
        "latin/C", "capital letter C",
        [GlyphStroke(from: capitalBowl.point(at: 30)).arc(capitalBowl, sweep: 300)]),
      // Pull down straight; lift; slide right, curve forward, slide left.
      glyph(
        "latin/D", "capital letter D",
        [
          GlyphStroke(from: 35, 20).line(to: 35, 70),
          GlyphStroke(from: 35, 20).line(to: 45, 20).arc(GlyphEllipse(45, 45, 20, 25), sweep: -180)
            .line(to: 35, 70),
        ]),
      // Pull down straight; lift; slide right; lift; slide right; lift; slide right.
      glyph(
        "latin/E", "capital letter E",
        [
          GlyphStroke(from: 36, 20).line(to: 36, 70), GlyphStroke(from: 36, 20).line(to: 64, 20),
          GlyphStroke(from: 36, 45).line(to: 58, 45), GlyphStroke(from: 36, 70).line(to: 64, 70),
        ]),
      // Pull down straight; lift; slide right; lift; slide right.
      glyph(
        "latin/F", "capital letter F",
        [
          GlyphStroke(from: 36, 20).line(to: 36, 70), GlyphStroke(from: 36, 20).line(to: 64, 20),
          GlyphStroke(from: 36, 45).line(to: 58, 45),
        ]),
      // Circle back, slide left.
      glyph(
        "latin/G", "capital letter G",
        [
          GlyphStroke(from: capitalBowl.point(at: 30)).arc(capitalBowl, sweep: 330)
            .line(to: 55, 45)
        ]),
      // Pull down straight; lift; pull down straight; lift; slide right.
      glyph(
        "latin/H", "capital letter H",
        [
          GlyphStroke(from: 32, 20).line(to: 32, 70), GlyphStroke(from: 68, 20).line(to: 68, 70),
          GlyphStroke(from: 32, 45).line(to: 68, 45),
        ]),
      // Pull down straight; lift; slide right; lift; slide right.
      glyph(
        "latin/I", "capital letter I",
        [
          GlyphStroke(from: 50, 20).line(to: 50, 70), GlyphStroke(from: 38, 20).line(to: 62, 20),
          GlyphStroke(from: 38, 70).line(to: 62, 70),
        ]),
      // Pull down straight, curve back; lift; slide right.
      glyph(
        "latin/J", "capital letter J",
        [
          GlyphStroke(from: 58, 20).line(to: 58, 57).arc(GlyphEllipse(46, 57, 12, 13), sweep: -160)
            .hooked(),
          GlyphStroke(from: 46, 20).line(to: 70, 20),
        ]),
      // Pull down straight; lift; slant left, slant right.
      glyph(
        "latin/K", "capital letter K",
        [
          GlyphStroke(from: 35, 20).line(to: 35, 70),
          GlyphStroke(from: 65, 20).line(to: 35, 47).line(to: 65, 70),
        ]),
      // Pull down straight, slide right.
      glyph(
        "latin/L", "capital letter L", [GlyphStroke(from: 36, 20).line(to: 36, 70).line(to: 64, 70)]
      ),
      // Pull down straight; lift; slant right, slant up, pull down straight.
      glyph(
        "latin/M", "capital letter M",
        [
          GlyphStroke(from: 30, 20).line(to: 30, 70),
          GlyphStroke(from: 30, 20).line(to: 50, 55).line(to: 70, 20).line(to: 70, 70),
        ]),
      // Pull down straight; lift; slant right, push up.
      glyph(
        "latin/N", "capital letter N",
        [
          GlyphStroke(from: 33, 20).line(to: 33, 70),
          GlyphStroke(from: 33, 20).line(to: 67, 70).line(to: 67, 20),
        ]),
      // Circle back all the way around.
      glyph(
        "latin/O", "capital letter O",
        [
          GlyphStroke(from: capitalBowl.point(at: 30)).arc(capitalBowl, sweep: 360)
            .checkpoint(50, 70)
        ]),
      // Pull down straight; lift; slide right, curve forward, slide left.
      glyph(
        "latin/P", "capital letter P",
        [
          GlyphStroke(from: 35, 20).line(to: 35, 70),
          GlyphStroke(from: 35, 20).line(to: 50, 20).arc(
            GlyphEllipse(50, 32.5, 13, 12.5), sweep: -180
          )
          .line(to: 35, 45),
        ]),
      // Circle back all the way around; lift; slant right.
      glyph(
        "latin/Q", "capital letter Q",
        [
          GlyphStroke(from: capitalBowl.point(at: 30)).arc(capitalBowl, sweep: 360)
            .checkpoint(50, 70),
          GlyphStroke(from: 55, 57).line(to: 69, 71),
        ]),
      // Pull down straight; lift; slide right, curve forward, slide left, slant right.
      glyph(
        "latin/R", "capital letter R",
        [
          GlyphStroke(from: 35, 20).line(to: 35, 70),
          GlyphStroke(from: 35, 20).line(to: 50, 20).arc(
            GlyphEllipse(50, 32.5, 13, 12.5), sweep: -180
          )
          .line(to: 35, 45).line(to: 50, 45).line(to: 66, 70),
        ]),
      // Curve back, curve forward.
      glyph(
        "latin/S", "capital letter S",
        [
          GlyphStroke(from: capitalSTop.point(at: 30)).arc(capitalSTop, sweep: 240)
            .arc(GlyphEllipse(50, 57.5, 17, 12.5), sweep: -240)
        ]),
      // Pull down straight; lift; slide right.
      glyph(
        "latin/T", "capital letter T",
        [GlyphStroke(from: 50, 20).line(to: 50, 70), GlyphStroke(from: 32, 20).line(to: 68, 20)]),
      // Pull down straight, curve forward, push up.
      glyph(
        "latin/U", "capital letter U",
        [
          GlyphStroke(from: 33, 20).line(to: 33, 52).arc(GlyphEllipse(50, 52, 17, 18), sweep: 180)
            .line(to: 67, 20)
        ]),
      // Slant right, slant up.
      glyph(
        "latin/V", "capital letter V",
        [GlyphStroke(from: 32, 20).line(to: 50, 70).line(to: 68, 20)]),
      // Slant right, slant up, slant right, slant up.
      glyph(
        "latin/W", "capital letter W",
        [
          GlyphStroke(from: 26, 20).line(to: 38, 70).line(to: 50, 20).line(to: 62, 70)
            .line(to: 74, 20)
        ]),
      // Slant right; lift; slant left.
      glyph(
        "latin/X", "capital letter X",
        [GlyphStroke(from: 33, 20).line(to: 67, 70), GlyphStroke(from: 67, 20).line(to: 33, 70)]),
      // Slant right; lift; slant left, pull down straight.
      glyph(
        "latin/Y", "capital letter Y",
        [
          GlyphStroke(from: 33, 20).line(to: 50, 45),
          GlyphStroke(from: 67, 20).line(to: 50, 45).line(to: 50, 70),
        ]),
      // Slide right, slant left, slide right.
      glyph(
        "latin/Z", "capital letter Z",
        [GlyphStroke(from: 33, 20).line(to: 67, 20).line(to: 33, 70).line(to: 67, 70)]),
    ]
  }

  /// The upper half of `S`.
  static let capitalSTop = GlyphEllipse(50, 32.5, 17, 12.5)
}
