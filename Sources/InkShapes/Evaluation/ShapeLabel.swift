import Foundation

/// The kinds a corpus label names: every ``ShapeKind`` by its own name, and the class names of
/// the public corpora by what they are drawings of.
///
/// | Label | Kinds |
/// |---|---|
/// | a kind's name (`circle`, `quadrilateral`, `none`, …) | that kind |
/// | `square`, `rectangle`, `diamond`, `rhombus`, `parallelogram`, `trapezoid` | quadrilateral |
/// | `octagon`, `heptagon`, `polygon` | polygon |
/// | `delete_mark`, `zig-zag`, `zig_zag` | zigzag |
/// | `oval` | ellipse, circle |
/// | `rounded_rectangle` | roundedRectangle, quadrilateral |
///
/// The `$1` logs' `check`, `caret`, `arrow`, `star`, `triangle`, `circle` and `rectangle` and
/// the Quick, Draw! shape categories are covered by these; other labels (letters, objects) name
/// no kind, and their records are not scored.
public enum ShapeLabel {
  /// The aliases beyond the kinds' own names.
  static let aliases: [String: Set<ShapeKind>] = [
    "square": [.quadrilateral], "rectangle": [.quadrilateral], "diamond": [.quadrilateral],
    "rhombus": [.quadrilateral], "parallelogram": [.quadrilateral],
    "trapezoid": [.quadrilateral], "octagon": [.polygon], "heptagon": [.polygon],
    "delete_mark": [.zigzag], "zig-zag": [.zigzag], "zig_zag": [.zigzag],
    "oval": [.ellipse, .circle], "rounded_rectangle": [.roundedRectangle, .quadrilateral],
  ]

  /// The kinds that are right for a label (case and surrounding spaces ignored), `nil` when
  /// the label names no kind.
  public static func kinds(for label: String) -> Set<ShapeKind>? {
    let name = label.trimmingCharacters(in: .whitespaces)
    if let kind = ShapeKind(rawValue: name) { return [kind] }
    let lowered = name.lowercased()
    if let kind = ShapeKind.allCases.first(where: { $0.rawValue.lowercased() == lowered }) {
      return [kind]
    }
    return aliases[lowered]
  }
}
