import Foundation

extension SchoolPrintModel {
  /// Other common ways of writing a digit or letter, named `<name>.<variant>`: forms that
  /// teachers accept and that `ductus trace rank` counts as the same character (see
  /// ``TemplateLibrary/forms(of:)``).
  ///
  /// - Digits and capitals as most people print them: a flagged `1` (with or without a base,
  ///   the flag joined or apart), a `9` with a curved tail, a closed `4`, crossed `7` and `Z`,
  ///   a slashed `0`, an `8` of two loops, a bare `I`, `M` and `N` in one stroke, `G` with a
  ///   spur, `U` with a stem, `Y` as a V and a stem.
  /// - Small letters with the exit tails of the D'Nealian manuscript (Donald Thurber, 1978),
  ///   the other print model of American schools, in which `a d h i l m n t u` end in an
  ///   upward flick at the baseline.
  /// - Small letters as many children and adults print them: the two-storey `a` of type, the
  ///   bowl and stem of `d` drawn apart, a `d` whose stem is pushed up and not retraced, a `u`
  ///   without its last pull down and a `y` made of that cup and a hooked descender.
  static var variants: [GlyphDefinition] {
    let zero = GlyphEllipse(50, 45, 15, 25)
    let nineLoop = GlyphEllipse(50, 33, 13, 13)
    let cup = GlyphStroke(from: 38, 45).line(to: 38, 58)
      .arc(GlyphEllipse(50, 58, 12, 12), sweep: 180).line(to: 62, 45)
    let flagOne = GlyphStroke(from: 41, 29).line(to: 50, 20).line(to: 50, 70)
    return [
      glyph(
        "digits/0.slashed", "digit zero, slashed",
        [
          GlyphStroke(from: zero.point(at: 90)).arc(zero, sweep: 360),
          GlyphStroke(from: 62, 24).line(to: 38, 66),
        ]),
      glyph("digits/1.flag", "digit one with a flag", [flagOne]),
      glyph(
        "digits/1.based", "digit one with a flag and a base",
        [flagOne, GlyphStroke(from: 40, 70).line(to: 60, 70)]),
      glyph(
        "digits/1.serifs", "digit one with a flag and a base, each drawn apart",
        [
          GlyphStroke(from: 50, 20).line(to: 50, 70), GlyphStroke(from: 50, 20).line(to: 41, 29),
          GlyphStroke(from: 40, 70).line(to: 60, 70),
        ]),
      glyph(
        "digits/1.split-flag", "digit one with a flag drawn apart",
        [GlyphStroke(from: 50, 20).line(to: 50, 70), GlyphStroke(from: 50, 20).line(to: 41, 29)]),
      glyph(
        "digits/4.closed", "digit four, closed",
        [
          GlyphStroke(from: 56, 20).line(to: 35, 52).line(to: 67, 52),
          GlyphStroke(from: 58, 20).line(to: 58, 70),
        ]),
      glyph(
        "digits/7.crossed", "digit seven, crossed",
        [
          GlyphStroke(from: 35, 20).line(to: 65, 20).line(to: 45, 70),
          GlyphStroke(from: 45, 45).line(to: 64, 45),
        ]),
      glyph(
        "digits/8.loops", "digit eight of two loops",
        [
          loop(GlyphEllipse(50, 32, 12, 12)),
          loop(GlyphEllipse(50, 57, 13, 13)),
        ]),
      glyph(
        "digits/9.curved", "digit nine with a curved tail",
        [
          GlyphStroke(from: nineLoop.point(at: 0)).arc(nineLoop, sweep: 360)
            .curve(to: 41, 70, control1: (63, 50), control2: (56, 70))
        ]),
      glyph(
        "latin/G.spur", "capital letter G with a spur",
        [
          GlyphStroke(from: capitalBowl.point(at: 30)).arc(capitalBowl, sweep: 330),
          GlyphStroke(from: 55, 47).line(to: 70, 47).line(to: 70, 70),
        ]),
      glyph(
        "latin/I.bare", "capital letter I without bars",
        [GlyphStroke(from: 50, 20).line(to: 50, 70)]),
      glyph(
        "latin/M.joined", "capital letter M in one stroke",
        [
          GlyphStroke(from: 30, 70).line(to: 30, 20).line(to: 50, 55).line(to: 70, 20).line(
            to: 70, 70)
        ]),
      glyph(
        "latin/N.joined", "capital letter N in one stroke",
        [GlyphStroke(from: 33, 70).line(to: 33, 20).line(to: 67, 70).line(to: 67, 20)]),
      glyph(
        "latin/U.stem", "capital letter U with a stem",
        [
          GlyphStroke(from: 33, 20).line(to: 33, 52).arc(GlyphEllipse(50, 52, 17, 18), sweep: 180)
            .line(to: 67, 20),
          GlyphStroke(from: 67, 20).line(to: 67, 70),
        ]),
      glyph(
        "latin/Y.vee", "capital letter Y, a V and a stem",
        [
          GlyphStroke(from: 33, 20).line(to: 50, 45).line(to: 67, 20),
          GlyphStroke(from: 50, 45).line(to: 50, 70),
        ]),
      glyph(
        "latin/Z.crossed", "capital letter Z, crossed",
        [
          GlyphStroke(from: 33, 20).line(to: 67, 20).line(to: 33, 70).line(to: 67, 70),
          GlyphStroke(from: 40, 45).line(to: 60, 45),
        ]),
      glyph(
        "latin/d.apart", "small letter d, the stem drawn apart",
        [
          GlyphStroke(from: leftBowl.point(at: 30)).arc(leftBowl, sweep: 360),
          GlyphStroke(from: 59, 20).line(to: 59, 70),
        ]),
      glyph(
        "latin/d.up", "small letter d, the stem pushed up and not retraced",
        [GlyphStroke(from: leftBowl.point(at: 30)).arc(leftBowl, sweep: 360).line(to: 59, 20)]),
      glyph("latin/u.cup", "small letter u without its last pull down", [cup]),
      glyph(
        "latin/y.cup", "small letter y, a cup and a hooked descender",
        [cup.line(to: 62, 86).arc(GlyphEllipse(53, 86, 9, 8), sweep: -160)]),
      glyph(
        "latin/a.double", "small letter a, two-storey as in print",
        [
          GlyphStroke(from: 41, 50).curve(to: 59, 53, control1: (44, 42), control2: (59, 42))
            .line(to: 59, 58).curve(to: 40, 64, control1: (52, 57), control2: (40, 57))
            .curve(to: 59, 64, control1: (40, 73), control2: (55, 72)).line(to: 59, 70)
        ]),
      glyph(
        "latin/a.tail", "small letter a with a tail",
        [tail(GlyphStroke(from: leftBowl.point(at: 30)).arc(leftBowl, sweep: 360).line(to: 59, 45))]
      ),
      glyph(
        "latin/d.tail", "small letter d with a tail",
        [tail(GlyphStroke(from: leftBowl.point(at: 30)).arc(leftBowl, sweep: 360).line(to: 59, 20))]
      ),
      glyph(
        "latin/h.tail", "small letter h with a tail",
        [
          tail(
            GlyphStroke(from: 38, 20).line(to: 38, 70).line(to: 38, 57)
              .arc(GlyphEllipse(50, 57, 12, 12), sweep: -180))
        ]),
      glyph(
        "latin/i.tail", "small letter i with a tail",
        [tail(GlyphStroke(from: 50, 45)), GlyphStroke(from: 50, 35)]),
      glyph("latin/l.tail", "small letter l with a tail", [tail(GlyphStroke(from: 50, 20))]),
      glyph(
        "latin/m.tail", "small letter m with a tail",
        [
          tail(
            GlyphStroke(from: 36, 45).line(to: 36, 70).line(to: 36, 55)
              .arc(GlyphEllipse(43, 55, 7, 10), sweep: -180).line(to: 50, 70).line(to: 50, 55)
              .arc(GlyphEllipse(57, 55, 7, 10), sweep: -180))
        ]),
      glyph(
        "latin/n.tail", "small letter n with a tail",
        [
          tail(
            GlyphStroke(from: 40, 45).line(to: 40, 70).line(to: 40, 56)
              .arc(GlyphEllipse(50, 56, 10, 11), sweep: -180))
        ]),
      glyph(
        "latin/t.tail", "small letter t with a tail",
        [tail(GlyphStroke(from: 50, 24)), GlyphStroke(from: 40, 45).line(to: 60, 45)]),
      glyph(
        "latin/u.tail", "small letter u with a tail",
        [
          tail(
            GlyphStroke(from: 38, 45).line(to: 38, 58)
              .arc(GlyphEllipse(50, 58, 12, 12), sweep: 180).line(to: 62, 45))
        ]),
    ]
  }

  /// A circle drawn counter-clockwise from its top.
  private static func loop(_ ellipse: GlyphEllipse) -> GlyphStroke {
    GlyphStroke(from: ellipse.point(at: 90)).arc(ellipse, sweep: 360)
  }

  /// A stroke continued straight down to the baseline from where it is, then flicked up and to
  /// the right: D'Nealian's exit tail.
  private static func tail(_ stroke: GlyphStroke) -> GlyphStroke {
    let x = Double(stroke.points().last!.x)
    return stroke.line(to: x, baseline - 6).curve(
      to: x + 8, baseline - 4, control1: (x, baseline + 1), control2: (x + 5, baseline + 1))
  }
}
