import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// The writing model of the bundled template library: a ball-and-stick school print after the
/// Zaner-Bloser manuscript alphabet (Zaner-Bloser, *Handwriting*, grades K–2), whose stroke
/// descriptions ("pull down straight", "circle back", "slide right") fix each letter's strokes,
/// order and direction; where the UK's print models (Letter-join, the National Curriculum's
/// letter families) agree on the same movements, so much the better.
///
/// The rules, as teachers give them: straight strokes go top to bottom and left to right;
/// round letters (`c a d g o q`, `e` after its bar, `s`) go counter-clockwise from
/// "2 o'clock"; `b h m n p r` pull down first, then retrace up and go over; crossbars and dots
/// come after the down stroke they belong to. Every glyph sits in a 100 × 100 box (y down) on
/// four guides: capital line 20, mean line (x-height) 45, baseline 70, descender line 95.
/// Capitals and digits stand between the capital line and the baseline, small letters on the
/// mean line, ascenders reach the capital line and descenders the descender line. Shapes are
/// centred in the box without guides.
public enum SchoolPrintModel {
  /// The side of the square box every glyph is drawn in.
  static let boxSide = 100.0
  /// The capital line (ascender line).
  static let capHeight = 20.0
  /// The mean line: the top of small letters.
  static let xHeight = 45.0
  /// The line letters sit on.
  static let baseline = 70.0
  /// The descender line.
  static let descender = 95.0

  /// The guides of letters and digits.
  static let guides = [
    "capHeight": capHeight, "xHeight": xHeight, "baseline": baseline, "descender": descender,
  ]

  /// Every glyph of the library: digits, capital and small letters, shapes.
  public static var glyphs: [GlyphDefinition] {
    digits + capitalLetters + smallLetters + shapes + variants
  }

  /// A letter or digit on the guides.
  static func glyph(_ name: String, _ description: String, _ strokes: [GlyphStroke])
    -> GlyphDefinition
  {
    GlyphDefinition(name: name, description: description, guides: guides, strokes: strokes)
  }
}
