import Foundation

/// One request of `ductus trace session`, read from its line and checked by
/// ``SessionRequestScanner``: its id, the template's name, the attempt still encoded, and the
/// settings it changes.
struct SessionRequest: Hashable, Sendable {
  /// How the attempt came.
  enum Attempt: Hashable, Sendable {
    /// A Ductus JSON drawing object, as its bytes, and the offset in the line where they start
    /// (for messages). Only its strings and brackets are checked yet.
    case json(Data, offset: Int)
    /// The base64 text of PencilKit's `dataRepresentation()`.
    case pencilKit(base64: String)
  }

  /// The keys a request may have.
  static let keys: Set<String> = [
    "id", "template", "attempt", "attemptPKDrawing", "level", "method", "placement", "picture",
  ]

  /// The id as JSON text for the answer: a string, a number as written, or `null`.
  var id: String
  /// The template's library name.
  var template: String
  /// The attempt.
  var attempt: Attempt
  /// The `level` asked for, when given.
  var level: String?
  /// The `method` asked for, when given.
  var method: String?
  /// The `placement` asked for, when given.
  var placement: String?
  /// The picture's file name, when one is asked for.
  var picture: String?

  /// Reads a request line.
  ///
  /// - Throws: ``SessionRequestError`` naming the first problem, with the id when it was read.
  init(line: [UInt8], limits: SessionLimits) throws(SessionRequestError) {
    typealias Scanned = (id: String?, members: [String: SessionRequestScanner.Member])
    let scanned = line.withUnsafeBytes { bytes -> Result<Scanned, SessionRequestError> in
      var scanner = SessionRequestScanner(bytes, limits: limits)
      do throws(SessionRequestError) {
        try scanner.scan()
      } catch {
        return .failure(SessionRequestError(error.message, id: scanner.id))
      }
      return .success((scanner.id, scanner.members))
    }
    let (scannedID, members) = try scanned.get()
    let id = scannedID ?? "null"
    func string(_ key: String) throws(SessionRequestError) -> String? {
      guard let member = members[key] else { return nil }
      guard let text = member.string else {
        throw SessionRequestError("\(key): must be a string, not \(member.type.described)", id: id)
      }
      return text
    }
    guard let template = try string("template") else {
      throw SessionRequestError("missing \"template\" (a library name such as latin/a)", id: id)
    }
    let encoded = try string("attemptPKDrawing")
    switch (members["attempt"], encoded) {
    case (let object?, nil):
      guard object.type == .object else {
        throw SessionRequestError(
          "attempt: must be a Ductus JSON drawing object, not \(object.type.described)", id: id)
      }
      attempt = .json(Data(line[object.range]), offset: object.range.lowerBound)
    case (nil, let encoded?):
      attempt = .pencilKit(base64: encoded)
    case (nil, nil):
      throw SessionRequestError("missing \"attempt\" or \"attemptPKDrawing\"", id: id)
    case (.some, .some):
      throw SessionRequestError(
        "give \"attempt\" or \"attemptPKDrawing\", not both", id: id)
    }
    self.id = id
    self.template = template
    level = try string("level")
    method = try string("method")
    placement = try string("placement")
    picture = try string("picture")
  }

  /// The id of a request of which only the first bytes were kept (a line over the size
  /// limit), when it comes complete among them.
  static func id(inHead head: [UInt8], limits: SessionLimits) -> String? {
    head.withUnsafeBytes { bytes in
      var scanner = SessionRequestScanner(bytes, limits: limits)
      try? scanner.scan()
      return scanner.id
    }
  }
}
