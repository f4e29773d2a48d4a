import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

extension SchoolPrintModel {
  /// Other common ways of writing a digit or letter, named `<name>.<variant>`: forms that
  /// teachers accept and that `ductus trace rank` counts as the same character (see
  /// ``TemplateLibrary/forms(of:)``).
  ///
  /// - Digits and capitals as most people print them: a flagged `1` (with or without a base,
  ///   the flag joined or apart), a `9` with a curved tail, a closed `4`, crossed `7` and `Z`,
  ///   a slashed `0`, an `8` of two loops, a bare `I`, `M` and `N` in one stroke, `G` with a
  ///   spur, `U` with a stem, `Y` as a V and a stem; capitals in fewer strokes (`G` in one
  ///   stroke with its bar drawn outwards, `K` with stem and arm in one, `N` begun halfway down
  ///   its left side and retraced, its right side joined or apart).
  /// - Small letters with the exit tails of the D'Nealian manuscript (Donald Thurber, 1978),
  ///   the other print model of American schools, in which `a d h i l m n t u` end in an
  ///   upward flick at the baseline.
  /// - Small letters as many children and adults print them: the two-storey `a` of type, the
  ///   bowl and stem of `d` drawn apart, a `d` whose stem is pushed up and not retraced, a `u`
  ///   without its last pull down and a `y` made of that cup and a hooked descender, a `k`
  ///   whose arm is a loop and a `p` whose bowl is drawn apart.
  static var variants: [GlyphDefinition] {
    let nineLoop = GlyphEllipse(50, 33, 13, 13)
    let cup = GlyphStroke(from: 38, 45).line(to: 38, 58)
      .arc(GlyphEllipse(50, 58, 12, 12), sweep: 180).line(to: 62, 45)
    let flagOne = GlyphStroke(from: 41, 29).line(to: 50, 20).line(to: 50, 70)
    let oneStem = strokes(of: "digits/1")[0]
    let base = GlyphStroke(from: 40, 70).line(to: 60, 70)
    let dBowl = GlyphStroke(from: leftBowl.point(at: 30)).arc(leftBowl, sweep: 360)
    return [
      extended(
        "digits/0", "slashed", "digit zero, slashed", [GlyphStroke(from: 62, 24).line(to: 38, 66)]),
      glyph("digits/1.flag", "digit one with a flag", [flagOne]),
      glyph("digits/1.based", "digit one with a flag and a base", [flagOne, base]),
      glyph(
        "digits/1.serifs", "digit one with a flag and a base, each drawn apart",
        [oneStem, GlyphStroke(from: 50, 20).line(to: 41, 29), base]),
      glyph(
        "digits/1.split-flag", "digit one with a flag drawn apart",
        [oneStem, GlyphStroke(from: 50, 20).line(to: 41, 29)]),
      glyph(
        "digits/4.closed", "digit four, closed",
        [
          GlyphStroke(from: 56, 20).line(to: 35, 52).line(to: 67, 52),
          GlyphStroke(from: 58, 20).line(to: 58, 70),
        ]),
      extended(
        "digits/7", "crossed", "digit seven, crossed", [GlyphStroke(from: 45, 45).line(to: 64, 45)]),
      glyph(
        "digits/8.loops", "digit eight of two loops",
        [loop(GlyphEllipse(50, 32, 12, 12)), loop(GlyphEllipse(50, 57, 13, 13))]),
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
      glyph("latin/I.bare", "capital letter I without bars", [strokes(of: "latin/I")[0]]),
      glyph(
        "latin/M.joined", "capital letter M in one stroke",
        [
          GlyphStroke(from: 30, 70).line(to: 30, 20).line(to: 50, 55).line(to: 70, 20)
            .line(to: 70, 70)
        ]),
      glyph(
        "latin/N.joined", "capital letter N in one stroke",
        [GlyphStroke(from: 33, 70).line(to: 33, 20).line(to: 67, 70).line(to: 67, 20)]),
      extended(
        "latin/U", "stem", "capital letter U with a stem",
        [GlyphStroke(from: 67, 20).line(to: 67, 70)]),
      glyph(
        "latin/Y.vee", "capital letter Y, a V and a stem",
        [
          GlyphStroke(from: 33, 20).line(to: 50, 45).line(to: 67, 20),
          GlyphStroke(from: 50, 45).line(to: 50, 70),
        ]),
      extended(
        "latin/Z", "crossed", "capital letter Z, crossed",
        [GlyphStroke(from: 40, 45).line(to: 60, 45)]),
      glyph(
        "latin/G.bar", "capital letter G in one stroke, its bar drawn outwards",
        [
          GlyphStroke(from: capitalBowl.point(at: 30)).arc(capitalBowl, sweep: 270)
            .line(to: 50, 47).line(to: 70, 47)
        ]),
      glyph(
        "latin/K.joined", "capital letter K, the stem and the arm in one stroke",
        [
          GlyphStroke(from: 35, 20).line(to: 35, 70).line(to: 65, 20),
          GlyphStroke(from: 50, 45).line(to: 65, 70),
        ]),
      glyph(
        "latin/N.retraced", "capital letter N in one stroke, begun halfway down its left side",
        [
          GlyphStroke(from: 33, 45).line(to: 33, 70).line(to: 33, 20).line(to: 67, 70)
            .line(to: 67, 20)
        ]),
      glyph(
        "latin/N.apart", "capital letter N begun halfway down its left side, the right side apart",
        [
          GlyphStroke(from: 33, 45).line(to: 33, 70).line(to: 33, 20).line(to: 67, 70),
          GlyphStroke(from: 67, 20).line(to: 67, 70),
        ]),
      glyph(
        "latin/a.double", "small letter a, two-storey as in print",
        [
          GlyphStroke(from: 41, 50).curve(to: 59, 53, control1: (44, 42), control2: (59, 42))
            .line(to: 59, 58).curve(to: 40, 64, control1: (52, 57), control2: (40, 57))
            .curve(to: 59, 64, control1: (40, 73), control2: (55, 72)).line(to: 59, 70)
        ]),
      glyph(
        "latin/d.apart", "small letter d, the stem drawn apart",
        [dBowl, GlyphStroke(from: 59, 20).line(to: 59, 70)]),
      glyph(
        "latin/d.up", "small letter d, the stem pushed up and not retraced",
        [dBowl.line(to: 59, 20)]),
      glyph(
        "latin/k.looped", "small letter k with a loop, in one stroke",
        [
          GlyphStroke(from: 40, 20).line(to: 40, 70).line(to: 40, 57)
            .curve(to: 58, 49, control1: (42, 44), control2: (56, 42))
            .curve(to: 43, 58, control1: (60, 55), control2: (50, 58)).line(to: 60, 70)
        ]),
      glyph(
        "latin/p.apart", "small letter p, the bowl drawn apart",
        [
          GlyphStroke(from: 38, 45).line(to: 38, 95),
          GlyphStroke(from: bowl.point(at: 150)).arc(bowl, sweep: -330),
        ]),
      glyph("latin/u.cup", "small letter u without its last pull down", [cup]),
      glyph(
        "latin/y.cup", "small letter y, a cup and a hooked descender",
        [cup.line(to: 62, 86).arc(GlyphEllipse(53, 86, 9, 8), sweep: -160)]),
    ] + "adhilmntu".map(tailed)
  }

  /// The strokes of a glyph of the model (digits and letters).
  private static func strokes(of name: String) -> [GlyphStroke] {
    (digits + capitalLetters + smallLetters).first { $0.name == name }?.strokes ?? []
  }

  /// A glyph of the model with more strokes after its own, named `<name>.<variant>`.
  private static func extended(
    _ name: String, _ variant: String, _ description: String, _ more: [GlyphStroke]
  ) -> GlyphDefinition {
    glyph("\(name).\(variant)", description, strokes(of: name) + more)
  }

  /// A small letter of the model whose pull down to the baseline ends in D'Nealian's exit tail:
  /// the first stroke that ends with a straight line down to the baseline stops 6 units above
  /// it and flicks up and to the right.
  private static func tailed(_ letter: Character) -> GlyphDefinition {
    var strokes = strokes(of: "latin/\(letter)")
    let endsOnBaseline = { (stroke: GlyphStroke) in
      stroke.points().last.map { Double($0.y) } == baseline
    }
    if let index = strokes.firstIndex(where: endsOnBaseline) {
      var stroke = strokes[index]
      if case .line? = stroke.pieces.last { stroke.pieces.removeLast() }
      let x: Double = stroke.points().last.map { Double($0.x) } ?? 0
      let bottom: Double = baseline + 1
      strokes[index] = stroke.line(to: x, baseline - 6).curve(
        to: x + 8, baseline - 4, control1: (x, bottom), control2: (x + 5, bottom))
    }
    return glyph("latin/\(letter).tail", "small letter \(letter) with a tail", strokes)
  }

  /// A circle drawn counter-clockwise from its top.
  private static func loop(_ ellipse: GlyphEllipse) -> GlyphStroke {
    GlyphStroke(from: ellipse.point(at: 90)).arc(ellipse, sweep: 360)
  }
}
