import Foundation

/// Why bytes could not be read as a ``PaperMarkup``, or a markup could not be written: the
/// place in the JSON (`elements[2].frame`) and the problem, in one line.
public struct PaperMarkupDataError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where in the JSON, as `elements[2].frame`; empty for the whole document.
  public var path: String
  /// What is wrong there.
  public var message: String

  /// Creates an error at `path`.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `path: message`, or the message alone for the whole document.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }

  /// The path of Codable keys as `elements[2].frame`.
  static func path(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue, key.stringValue.isEmpty || key.stringValue == "Index \(index)" {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  /// The one-line error for a failure of `JSONDecoder`.
  init(_ error: DecodingError) {
    switch error {
    case .typeMismatch(let type, let context):
      self.init(path: Self.path(context.codingPath), message: "expected \(Self.name(of: type))")
    case .valueNotFound(let type, let context):
      self.init(
        path: Self.path(context.codingPath), message: "expected \(Self.name(of: type)), found null")
    case .keyNotFound(let key, let context):
      self.init(
        path: Self.path(context.codingPath + [key]), message: "missing (a required field)")
    case .dataCorrupted(let context):
      let path = Self.path(context.codingPath)
      let cause = context.underlyingError.map { " (\($0))" } ?? ""
      self.init(
        path: path,
        message: path.isEmpty
          ? "not JSON: \(context.debugDescription)\(cause)" : context.debugDescription)
    @unknown default:
      self.init(path: "", message: "\(error)")
    }
  }

  /// The one-line error for a failure of `JSONEncoder`.
  init(_ error: EncodingError) {
    switch error {
    case .invalidValue(_, let context):
      self.init(path: Self.path(context.codingPath), message: context.debugDescription)
    @unknown default:
      self.init(path: "", message: "\(error)")
    }
  }

  /// A JSON type's name, as the messages say it.
  private static func name(of type: Any.Type) -> String {
    switch type {
    case is Double.Type, is CGFloat.Type: "a number"
    case is Int.Type: "an integer"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is [Any].Type, is UnkeyedDecodingContainer.Protocol: "an array"
    default:
      String(describing: type).hasPrefix("Dictionary")
        || String(describing: type).contains("KeyedDecodingContainer")
        ? "an object" : "a value of type \(type)"
    }
  }
}
