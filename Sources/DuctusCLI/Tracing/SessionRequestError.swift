/// Why `ductus trace session` refuses one request: the message of its error answer.
///
/// Messages name the request's field (`attempt.strokes[0].points.x[3]`, `template`) and never
/// a path on the server; a text the request gave is quoted cut to 64 characters.
struct SessionRequestError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One line for the app's developer.
  var message: String
  /// The request's id as JSON text, when it was read.
  var id: String?

  /// An error with its message.
  init(_ message: String, id: String? = nil) {
    self.message = message
    self.id = id
  }

  var description: String { message }

  /// A text from the request in quotes, cut to 64 characters, for messages.
  static func quoted(_ text: some StringProtocol) -> String {
    text.count <= 64 ? "'\(text)'" : "'\(text.prefix(64))…'"
  }
}
