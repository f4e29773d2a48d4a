import OpenPencilKit
import _DuctusSupport

extension PKColor: ArgumentValue {
  /// The colours that have names on the command line.
  static let namedColors: [String: PKColor] = [
    "black": .black, "white": .white, "clear": .clear, "transparent": .clear, "gray": .gray,
    "grey": .gray, "red": .red, "green": .green, "blue": .blue, "yellow": .yellow,
    "orange": .orange, "purple": .purple,
  ]

  /// Reads `#RRGGBB`, `#RRGGBBAA` (the `#` optional) or a name such as `white` or `clear`.
  package init?(argument: String) {
    if let named = Self.namedColors[argument.lowercased()] {
      self = named
    } else if let color = PKColor(hex: argument) {
      self = color
    } else {
      return nil
    }
  }

  /// `a colour: #RRGGBB, #RRGGBBAA or a name such as white or clear`.
  package static var expectation: String {
    "a colour: #RRGGBB, #RRGGBBAA or a name such as white or clear"
  }
}
