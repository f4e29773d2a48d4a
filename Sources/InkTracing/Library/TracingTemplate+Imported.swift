import Foundation
import OpenPencilKit

extension TracingTemplate {
  /// A KanjiVG character (Ulrich Apel's stroke-order SVGs) as a template: its strokes in
  /// KanjiVG's order (``OrderSource/kanjiVG``), in KanjiVG's 109-unit box.
  ///
  /// - Parameters:
  ///   - stem: the file's name without extension (`04e00`); the template is `kanjivg/<stem>`.
  ///   - drawing: the character's centre-line strokes in stroke order.
  ///   - character: the character itself, when the file names it.
  ///   - codePoint: its code point as KanjiVG writes it (`U+4E00`), when known.
  public static func kanjiVG(
    stem: String, drawing: PKDrawing, character: String?, codePoint: String?
  ) -> TracingTemplate {
    var description = character.map { "character \($0)" } ?? "character"
    if let codePoint { description += " (\(codePoint))" }
    var template = TracingTemplate(
      name: "kanjivg/" + stem, drawing: drawing, orderSource: .kanjiVG)
    template.description = description + ", KanjiVG stroke order"
    template.box = CGRect(x: 0, y: 0, width: 109, height: 109)
    return template
  }

  /// A glyph of a Hershey font (Dr A. V. Hershey's single-line fonts) as a template: its
  /// strokes as drawn (``OrderSource/asDrawn``), in a square box around the glyph's centre at
  /// least 32 units (a Roman font's body) on a side and 2 units larger than the glyph each way.
  ///
  /// - Returns: `nil` for a glyph without strokes (a space).
  public static func hersheyGlyph(
    font: String, index: Int, drawing: PKDrawing, character: String?
  ) -> TracingTemplate? {
    guard !drawing.strokes.isEmpty else { return nil }
    var template = TracingTemplate(
      name: "hershey/\(font)/\(index)", drawing: drawing, orderSource: .asDrawn)
    let bounds = template.box
    let side = max(32, bounds.width + 4, bounds.height + 4)
    template.box = CGRect(
      x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
    template.description =
      "glyph \(index)" + (character.map { " '\($0)'" } ?? "")
      + " of the Hershey font \(font), stroke order as drawn"
    return template
  }
}
