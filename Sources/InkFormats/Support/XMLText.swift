import _DuctusSupport

/// Text and numbers as the XML writers put them into a document.
enum XMLText {
  /// Text with XML's five special characters escaped, for element content and attribute values
  /// alike.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }

  /// An attribute value that a reader gets back unchanged: escaped as ``escaped(_:)``, with tabs
  /// and line breaks as character references (a parser would turn them into spaces otherwise);
  /// `nil` when the text holds a character XML 1.0 cannot carry at all (another control
  /// character, U+FFFE, U+FFFF).
  static func attributeValue(_ text: String) -> String? {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n", "\r": result += "&#\(scalar.value);"
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": return nil
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A value in its shortest round-trip form, integral values without a fraction.
  static func decimal(_ value: Double) -> String {
    var text = JSONTextWriter()
    text.appendNumber(value.isFinite ? value : 0)
    return String(decoding: text.bytes, as: UTF8.self)
  }
}
