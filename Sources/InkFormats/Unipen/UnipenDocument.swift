import Foundation
import _DuctusSupport

/// A UNIPEN file with its `.INCLUDE`s read in place: the pen-down components, the segments and
/// the declared properties, in the terms of the UNIPEN format definition (Guyon, Schomaker,
/// Plamondon, Liberman and Janet, ICPR 1994).
///
/// Keywords start with a dot at the start of a line; their arguments run to the next keyword.
/// `.PEN_DOWN` and `.PEN_UP` hold one sample a line in the columns `.COORD` names (`X Y` when
/// it is absent); only `X` and `Y` are read. Pen-up samples are not kept but count for time.
/// `.DT` adds a pause (milliseconds) before the next component. `.COMMENT` is skipped; every
/// other keyword's argument is kept as a property (the first occurrence wins).
struct UnipenDocument {
  /// A `.PEN_DOWN` block.
  struct Component {
    /// The samples as written (y up).
    var points: [(x: Double, y: Double)] = []
    /// Samples recorded before this component's first one, in the whole stream.
    var samplesBefore: Int
    /// Milliseconds of `.DT` pauses before this component.
    var pauseMilliseconds: Double
  }

  /// The pen-down components in stream order.
  private(set) var components: [Component] = []
  /// The segments in file order.
  private(set) var segments: [UnipenSegment] = []
  /// The properties (keyword without its dot → argument).
  private(set) var properties: [String: String] = [:]

  private var columns = ["X", "Y"]
  private var samples = 0
  private var pause = 0.0
  private var includeStack: [String] = []
  private let includeDirectories: [URL]

  /// How deep `.INCLUDE`s may nest.
  static let maximumIncludeDepth = 16

  /// Reads a file and everything it includes. `.INCLUDE` paths are looked up in
  /// `includeDirectories`, then in `include/` folders beside the file and its ancestors, then
  /// beside the file and its ancestors themselves.
  init(url: URL, name: String, includeDirectories: [URL]) throws {
    self.includeDirectories = includeDirectories
    try read(url: url, name: name)
  }

  /// A numeric property, when declared and a finite number.
  func number(_ keyword: String) -> Double? {
    properties[keyword].flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      .flatMap { $0.isFinite ? $0 : nil }
  }

  private mutating func read(url: URL, name: String) throws {
    let identity = url.standardizedFileURL.path
    guard !includeStack.contains(identity) else {
      throw InkFormatError(
        .malformed, "includes itself through \(includeStack.count) levels", file: name)
    }
    guard includeStack.count < Self.maximumIncludeDepth else {
      throw InkFormatError(
        .malformed, "includes nest deeper than \(Self.maximumIncludeDepth) levels", file: name)
    }
    includeStack.append(identity)
    defer { includeStack.removeLast() }
    let source = try TextSource(contentsOf: url, name: name)

    enum Block {
      case none, penDown, penUp
      case text(String, Int)
      case comment
    }
    var block = Block.none
    var argument = ""
    func finish(_ block: Block) throws {
      guard case .text(let keyword, let line) = block else { return }
      try apply(keyword: keyword, argument: argument, line: line, source: source, file: url)
    }
    for line in source.lines {
      let range = line.range
      if range.isEmpty { continue }
      if source.bytes[range.lowerBound] == UInt8(ascii: ".") {
        try finish(block)
        let text = source.text(range)
        let keyword = String(text.dropFirst().prefix(while: { !$0.isWhitespace }))
        argument = String(text.dropFirst(keyword.count + 1))
        switch keyword {
        case "PEN_DOWN":
          components.append(
            Component(samplesBefore: samples, pauseMilliseconds: pause))
          block = .penDown
        case "PEN_UP": block = .penUp
        case "COMMENT": block = .comment
        default: block = .text(keyword, line.number)
        }
        continue
      }
      switch block {
      case .penDown, .penUp:
        let point = try sample(range, line: line.number, source: source)
        if case .penDown = block { components[components.count - 1].points.append(point) }
        samples += 1
      case .text:
        argument += "\n" + source.text(range)
      case .comment:
        break
      case .none:
        guard source.text(range).allSatisfy(\.isWhitespace) else {
          throw source.error(.malformed, "text before the first keyword", line: line.number)
        }
      }
    }
    try finish(block)
  }

  private mutating func sample(_ range: Range<Int>, line: Int, source: TextSource) throws -> (
    x: Double, y: Double
  ) {
    var scanner = NumberScanner(source.bytes, range: range)
    var values: [Double] = []
    while let value = scanner.number() {
      guard scanner.atSeparatorOrEnd, value.isFinite else { break }
      values.append(value)
    }
    guard scanner.isAtEnd, values.count >= columns.count,
      let x = columns.firstIndex(of: "X"), let y = columns.firstIndex(of: "Y")
    else {
      throw source.error(
        .malformed,
        "expected \(columns.count) numbers (\(columns.joined(separator: " "))), found "
          + "\"\(source.text(range))\"", line: line)
    }
    return (values[x], values[y])
  }

  private mutating func apply(
    keyword: String, argument: String, line: Int, source: TextSource, file: URL
  ) throws {
    let words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
    switch keyword {
    case "INCLUDE":
      guard words.count == 1 else {
        throw source.error(.malformed, ".INCLUDE needs one path", line: line)
      }
      guard let target = locate(words[0], from: file) else {
        throw source.error(.malformed, "included file \(words[0]) not found", line: line)
      }
      do {
        try read(url: target, name: words[0])
      } catch let error as InkFormatError where error.file == words[0] && error.record == nil {
        throw source.error(error.kind, "\(words[0]): \(error.message)", line: line)
      }
    case "COORD":
      guard words.contains("X"), words.contains("Y") else {
        throw source.error(.malformed, ".COORD must name X and Y", line: line)
      }
      columns = words
    case "DT":
      guard words.count == 1, let milliseconds = Double(words[0]), milliseconds.isFinite,
        milliseconds >= 0
      else {
        throw source.error(.invalidValue, ".DT needs a pause in milliseconds", line: line)
      }
      pause += milliseconds
    case "SEGMENT":
      guard let segment = UnipenSegment(arguments: argument, line: line) else {
        throw source.error(
          .malformed, "cannot read the segment \"\(argument)\"", line: line)
      }
      segments.append(segment)
    default:
      if properties[keyword] == nil {
        properties[keyword] = argument.trimmingCharacters(in: .whitespacesAndNewlines)
      }
    }
  }

  private func locate(_ path: String, from file: URL) -> URL? {
    var candidates = includeDirectories.map { $0.appendingPathComponent(path) }
    let ancestors = file.enclosingFolders
    candidates += ancestors.map {
      $0.appendingPathComponent("include").appendingPathComponent(path)
    }
    candidates += ancestors.map { $0.appendingPathComponent(path) }
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }
}
