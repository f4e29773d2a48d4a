import Foundation

/// One `.SEGMENT` line of a UNIPEN file: a hierarchy level, the components (or parts of them) it
/// covers, a quality mark and a label, as in `.SEGMENT CHARACTER 1-2 ? "8"`.
///
/// The delineation is a comma-separated list of items; an item is a component (`3`), a range of
/// components (`1-2`), or either with point numbers (`3:10-4:25`, from point 10 of component 3
/// to point 25 of component 4). Components count the `.PEN_DOWN` and `.PEN_UP` blocks that hold
/// samples, in the file and its includes, from 0; points count from 0 within a component.
struct UnipenSegment: Equatable, Sendable {
  /// A stretch of the trace: from a component (and point) to a component (and point),
  /// both ends included; a missing point means the component's start or end.
  struct Span: Equatable, Sendable {
    var firstComponent: Int
    var firstPoint: Int?
    var lastComponent: Int
    var lastPoint: Int?
  }

  /// The hierarchy level (`CHARACTER`, `WORD`, `TEXT` …).
  var level: String
  /// The delineation as written.
  var delineation: String
  /// The stretches it covers, in order.
  var spans: [Span]
  /// The quality mark (`?`, `GOOD`, `BAD` …), when given.
  var quality: String?
  /// The label, without its quotes, when given.
  var label: String?
  /// The line of the `.SEGMENT` keyword.
  var line: Int

  /// Parses the arguments of a `.SEGMENT` keyword; `nil` when they do not follow the grammar.
  init?(arguments: String, line: Int) {
    var rest = Substring(arguments)
    func word() -> Substring? {
      rest = rest.drop(while: \.isWhitespace)
      guard !rest.isEmpty, rest.first != "\"" else { return nil }
      let token = rest.prefix(while: { !$0.isWhitespace })
      rest = rest.dropFirst(token.count)
      return token
    }
    guard let level = word(), let delineation = word() else { return nil }
    var spans: [Span] = []
    for item in delineation.split(separator: ",", omittingEmptySubsequences: false) {
      let ends = item.split(separator: "-", omittingEmptySubsequences: false)
      guard ends.count == 1 || ends.count == 2,
        let first = Self.position(ends[0]), let last = Self.position(ends[ends.count - 1]),
        first.component <= last.component
      else { return nil }
      spans.append(
        Span(
          firstComponent: first.component, firstPoint: first.point,
          lastComponent: last.component, lastPoint: last.point))
    }
    self.level = String(level)
    self.delineation = String(delineation)
    self.spans = spans
    self.quality = word().map(String.init)
    rest = rest.drop(while: \.isWhitespace)
    if rest.first == "\"", let close = rest.lastIndex(of: "\""), close > rest.startIndex {
      label = String(rest[rest.index(after: rest.startIndex)..<close])
    } else {
      label = rest.isEmpty ? nil : String(rest.trimmingCharacters(in: .whitespaces))
    }
    self.line = line
  }

  private static func position(_ text: Substring) -> (component: Int, point: Int?)? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count <= 2, let component = Int(parts[0]), component >= 0 else { return nil }
    guard parts.count == 2 else { return (component, nil) }
    guard let point = Int(parts[1]), point >= 0 else { return nil }
    return (component, point)
  }
}
