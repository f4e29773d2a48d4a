import Foundation
import _DuctusSupport

/// A UNIPEN file with its `.INCLUDE`s read in place: the components, the segments and the
/// declared properties, in the terms of the UNIPEN format definition (Guyon, Schomaker,
/// Plamondon, Liberman and Janet, ICPR 1994).
///
/// Keywords start with a dot at the start of a line; their arguments run to the next keyword.
/// `.PEN_DOWN` and `.PEN_UP` hold one sample a line in the columns `.COORD` names (`X Y` when
/// it is absent); only `X` and `Y` are read. Every `.PEN_DOWN` or `.PEN_UP` block that holds
/// samples is a component, numbered from 0 in stream order as `.SEGMENT` delineations count
/// them; a block without samples is none. `.DT` adds a pause (milliseconds) before the next
/// component. `.COMMENT` is skipped; every other keyword's argument is kept as a property (the
/// first occurrence wins).
///
/// `.INCLUDE` paths are relative: they are looked up in the include directories given, then in
/// `include/` folders beside the file and its ancestors, then beside the file and its ancestors,
/// never above the distribution root. An absolute path, a path whose `..` climbs above the
/// folder it is resolved in, and a file whose real path (symbolic links resolved) leaves that
/// folder are refused; so are include trees past ``UnipenIncludeLimits``.
struct UnipenDocument {
  /// A `.PEN_DOWN` or `.PEN_UP` block that holds samples.
  struct Component {
    /// Whether the pen touched (a `.PEN_DOWN` block): ink. Pen-up samples are in-air.
    var isPenDown: Bool
    /// The samples as written (y up).
    var points: [(x: Double, y: Double)] = []
    /// Samples recorded before this component's first one, in the whole stream.
    var samplesBefore: Int
    /// Milliseconds of `.DT` pauses before this component.
    var pauseMilliseconds: Double
  }

  /// The components in stream order.
  private(set) var components: [Component] = []
  /// The segments in file order.
  private(set) var segments: [UnipenSegment] = []
  /// The properties (keyword without its dot → argument).
  private(set) var properties: [String: String] = [:]

  private var columns = ["X", "Y"]
  private var samples = 0
  private var pause = 0.0
  private var includeStack: [String] = []
  private var includeNames: [String] = []
  private var includedFiles = 0
  private var includedBytes = 0
  private let includeDirectories: [URL]
  private let root: URL
  private let limits: UnipenIncludeLimits

  /// Reads a file and everything it includes, no include above `root` (the distribution root,
  /// ``distributionRoot(of:)`` when `nil`) but the `includeDirectories` themselves.
  init(
    url: URL, name: String, includeDirectories: [URL], root: URL? = nil,
    limits: UnipenIncludeLimits = .standard
  ) throws {
    self.includeDirectories = includeDirectories.map(\.standardizedFileURL)
    self.root = (root ?? Self.distributionRoot(of: url)).standardizedFileURL
    self.limits = limits
    try read(url: url, name: name)
  }

  /// The distribution a file belongs to: its nearest enclosing folder laid out as a UNIPEN
  /// distribution (`data/` beside `include/`), or its own folder.
  static func distributionRoot(of file: URL) -> URL {
    let folders = file.enclosingFolders
    return folders.first(where: UnipenCodec.isDistribution(folder:))
      ?? folders.first ?? file.deletingLastPathComponent()
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
    guard includeStack.count <= limits.maximumDepth else {
      throw InkFormatError(
        .malformed, "includes nest deeper than \(limits.maximumDepth) levels", file: name)
    }
    includeStack.append(identity)
    includeNames.append(name)
    defer {
      includeStack.removeLast()
      includeNames.removeLast()
    }
    let source = try TextSource(contentsOf: url, name: name)

    enum Block {
      case none
      /// A pen block; `open` once its first sample made it a component.
      case penDown(open: Bool)
      case penUp(open: Bool)
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
        case "PEN_DOWN": block = .penDown(open: false)
        case "PEN_UP": block = .penUp(open: false)
        case "COMMENT": block = .comment
        default: block = .text(keyword, line.number)
        }
        continue
      }
      switch block {
      case .penDown(let open), .penUp(let open):
        let point = try sample(range, line: line.number, source: source)
        if !open {
          let isPenDown: Bool
          if case .penDown = block { isPenDown = true } else { isPenDown = false }
          components.append(
            Component(isPenDown: isPenDown, samplesBefore: samples, pauseMilliseconds: pause))
          block = isPenDown ? .penDown(open: true) : .penUp(open: true)
        }
        components[components.count - 1].points.append(point)
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
      let target: URL
      switch locate(words[0], from: file) {
      case .success(let found): target = found
      case .failure(let refusal):
        throw source.error(.malformed, refusal.message, line: line)
      }
      try count(include: target, name: words[0], line: line, source: source)
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
        // An argument runs on to the next keyword; the message quotes its first line only.
        let quoted = argument.prefix { $0 != "\n" && $0 != "\r" }
        throw source.error(.malformed, "cannot read the segment \"\(quoted)\"", line: line)
      }
      segments.append(segment)
    default:
      if properties[keyword] == nil {
        properties[keyword] = argument.trimmingCharacters(in: .whitespacesAndNewlines)
      }
    }
  }

  /// Why an `.INCLUDE` path was not followed.
  struct Refusal: Error {
    var message: String
  }

  /// Counts an include against the limits before it is read; past them, or when the file is
  /// already being read (a loop), an error naming the top file, the `.INCLUDE` line (in the
  /// top file, or `<included file> line N`) and the chain of includes.
  private mutating func count(include target: URL, name: String, line: Int, source: TextSource)
    throws
  {
    let size =
      (try? FileManager.default.attributesOfItem(atPath: target.path)[.size] as? NSNumber)?
      .intValue ?? 0
    includedFiles += 1
    includedBytes += size
    let problem: String?
    if includeStack.contains(target.standardizedFileURL.path) {
      problem = "includes itself"
    } else if includedFiles > limits.maximumFiles {
      problem = "includes more than \(limits.maximumFiles) files"
    } else if includedBytes > limits.maximumBytes {
      problem = "includes more than \(limits.maximumBytes) bytes"
    } else {
      problem = nil
    }
    guard let problem else { return }
    let chain = (includeNames + [name]).joined(separator: " → ")
    let what =
      problem == "includes itself"
      ? "\(problem): \(chain)" : "\(problem) (the include limit; stopped at \(chain))"
    throw InkFormatError(
      problem == "includes itself" ? .malformed : .invalidValue, what,
      file: includeNames[0],
      record: includeNames.count == 1 ? "line \(line)" : "\(source.name) line \(line)")
  }

  /// The file an `.INCLUDE` path names: the first candidate that exists as a regular file,
  /// or why the path may not be followed.
  private func locate(_ path: String, from file: URL) -> Result<URL, Refusal> {
    guard !path.hasPrefix("/"), !path.hasPrefix("~") else {
      return .failure(
        Refusal(
          message:
            "included path \(path) is absolute; .INCLUDE paths are relative to the distribution"))
    }
    var depth = 0
    for part in path.split(separator: "/") {
      if part == ".." { depth -= 1 } else if part != "." { depth += 1 }
      guard depth >= 0 else {
        return .failure(
          Refusal(message: "included path \(path) climbs out of the distribution with .."))
      }
    }
    let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
    let ancestors = file.enclosingFolders.filter {
      $0.path == root.path || $0.path.hasPrefix(rootPath)
    }
    let bases =
      includeDirectories + ancestors.map { $0.appendingPathComponent("include") } + ancestors
    for base in bases {
      let candidate = base.appendingPathComponent(path)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder),
        !isFolder.boolValue
      else { continue }
      let realBase = base.resolvingSymlinksInPath().path
      let realFile = candidate.resolvingSymlinksInPath().path
      guard realFile.hasPrefix(realBase.hasSuffix("/") ? realBase : realBase + "/") else {
        return .failure(
          Refusal(
            message: "included file \(path) leads out of the distribution through a symbolic link"))
      }
      return .success(candidate)
    }
    return .failure(Refusal(message: "included file \(path) not found"))
  }
}
