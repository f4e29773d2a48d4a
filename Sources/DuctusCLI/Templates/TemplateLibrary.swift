import Foundation
import InkAnalysis
import InkFormats
import OpenPencilKit

/// Where tracing templates come from: a folder of `ductus-template` JSON files, one a template,
/// named by their path below it without `.json` (`latin/a` is `<folder>/latin/a.json`).
///
/// The folder is, in order: the `--templates` option, the `DUCTUS_TEMPLATES` environment
/// variable, the repository's `Datasets/templates` found by walking up from the executable (the
/// binary lives in `<repo>/.build/<…>/ductus`), then an installed share folder
/// (`<prefix>/share/ductus/templates` next to the executable's `bin`, `/usr/local/share/…`,
/// `/usr/share/…`). A file path (a `.json` template or a `.pkdrawing` drawing) is accepted
/// wherever a name is.
struct TemplateLibrary: Sendable {
  /// The environment variable naming a template folder.
  static let environmentVariable = "DUCTUS_TEMPLATES"
  /// The repository folder of the bundled library.
  static let repositoryFolder = "Datasets/templates"
  /// The `--templates` option.
  static let option = OptionDeclaration.value(
    "templates", valueName: "folder", help: "The template library folder.",
    defaultDescription: "$DUCTUS_TEMPLATES, else the bundled library")

  /// The library folder, when one was found.
  let folder: URL?

  /// A library at a known folder.
  init(folder: URL?) { self.folder = folder }

  /// The library a command line asks for: `--templates`, the environment, or the bundled one.
  init(_ arguments: ParsedArguments) throws {
    if let path = arguments.value("templates") {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
      else { throw CommandFailure.inputMissing(path, reason: "no such template folder") }
      self.init(folder: URL(fileURLWithPath: path, isDirectory: true))
    } else {
      self.init(
        folder: Self.defaultFolder(
          environment: Platform.environment, executable: Bundle.main.executableURL))
    }
  }

  /// The folder used without `--templates`: the environment variable, the repository's
  /// library above the executable, or an installed share folder.
  static func defaultFolder(environment: [String: String], executable: URL?) -> URL? {
    if let path = environment[environmentVariable], !path.isEmpty {
      return URL(fileURLWithPath: path, isDirectory: true)
    }
    var candidates: [URL] = []
    if let executable = executable?.resolvingSymlinksInPath() {
      candidates += executable.enclosingFolders.map {
        $0.appendingPathComponent(repositoryFolder, isDirectory: true)
      }
      candidates.append(
        executable.deletingLastPathComponent().deletingLastPathComponent()
          .appendingPathComponent("share/ductus/templates", isDirectory: true))
    }
    candidates += ["/usr/local/share/ductus/templates", "/usr/share/ductus/templates"].map {
      URL(fileURLWithPath: $0, isDirectory: true)
    }
    return candidates.first { candidate in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder)
        && isFolder.boolValue
    }
  }

  /// The library's templates by name, sorted: every `.json` file below the folder, known by the
  /// `name` it holds (a file that is not a template is left out).
  func entries() throws -> [(name: String, url: URL)] {
    guard let folder else { return [] }
    guard
      let walker = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { throw CommandFailure.inputMissing(folder.path, reason: "cannot list the folder") }
    var entries: [(name: String, url: URL)] = []
    for case let url as URL in walker where url.pathExtension == "json" {
      guard let data = try? Data(contentsOf: url),
        let named = try? JSONDecoder().decode(NamedFile.self, from: data),
        named.format == TracingTemplate.formatName
      else { continue }
      entries.append((named.name, url))
    }
    return entries.sorted { ($0.name, $0.url.path) < ($1.name, $1.url.path) }
  }

  /// The fields of a template file that name it.
  private struct NamedFile: Decodable {
    var format: String
    var name: String
  }

  /// The template of a name (`latin/a`) or a file (`a.json`, `a.pkdrawing`).
  ///
  /// A name is looked up as `<folder>/<name>.json` first, then among the names the library's
  /// files hold (the bundled Latin letters live in `latin/capital/` and `latin/small/`).
  ///
  /// - Throws: `CommandFailure` for a name the library does not hold (with the nearest name as a
  ///   suggestion) or an unreadable file; exit code 65 for a file that is not a template.
  func template(named name: String) throws -> TracingTemplate {
    let isPath = name.hasSuffix(".json") || name.hasSuffix(".pkdrawing")
    if isPath || (name.contains("/") && FileManager.default.fileExists(atPath: name)) {
      return try Self.template(at: URL(fileURLWithPath: name), displayName: name)
    }
    guard let folder else {
      throw CommandFailure(
        .inputMissing,
        "no template library found; use --templates or set \(Self.environmentVariable)")
    }
    for candidate in Self.likelyFiles(for: name) {
      let direct = folder.appendingPathComponent(candidate)
      if FileManager.default.fileExists(atPath: direct.path) {
        let template = try Self.template(at: direct, displayName: direct.path)
        if template.name == name { return template }
      }
    }
    let entries = try entries()
    guard let entry = entries.first(where: { $0.name == name }) else {
      let hint = TypoSuggestion.closest(to: name, among: entries.map(\.name))
      throw CommandFailure(
        .inputMissing,
        "no template '\(name)' in \(folder.path)" + (hint.map { "; did you mean '\($0)'?" } ?? ""))
    }
    return try Self.template(at: entry.url, displayName: entry.url.path)
  }

  /// Where a name's file most likely is: `<name>.json`, and for a bundled Latin letter its
  /// `capital/` or `small/` folder, so that a lookup reads one file rather than the library.
  static func likelyFiles(for name: String) -> [String] {
    let bundled = relativePath(for: name)
    return bundled == name + ".json" ? [bundled] : [name + ".json", bundled]
  }

  /// The file of a name in the bundled library: `<name>.json`, except that Latin letters and
  /// their variants go to `latin/capital/` and `latin/small/` (`latin/A` is
  /// `latin/capital/A.json`, `latin/I.bare` `latin/capital/I.bare.json`), so that `A` and `a`
  /// stay two files on case-insensitive file systems (macOS, Windows).
  static func relativePath(for name: String) -> String {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0] == "latin",
      let member = parts[1].split(separator: ".", omittingEmptySubsequences: false).first,
      member.count == 1, let letter = member.first, letter.isLetter
    else { return name + ".json" }
    return "latin/\(letter.isUppercase ? "capital" : "small")/\(parts[1]).json"
  }

  /// Each name's template and its variants, the other ways the same letter, digit or shape is
  /// commonly written: the template of the name, then every template of the library named
  /// `<name>.<variant>` (`digits/7.crossed`), by name. The library is listed once for all names.
  func forms(of names: [String]) throws -> [[TracingTemplate]] {
    let entries = try entries()
    return try names.map { name in
      try [template(named: name)]
        + entries.filter { $0.name.hasPrefix(name + ".") }.map {
          try Self.template(at: $0.url, displayName: $0.url.path)
        }
    }
  }

  /// Reads a template file: `ductus-template` JSON, or a PencilKit drawing whose strokes, in
  /// z-order, are the template's (order source `asDrawn`).
  static func template(at url: URL, displayName: String) throws -> TracingTemplate {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw CommandFailure.inputMissing(displayName)
    }
    if url.pathExtension == "pkdrawing" {
      do {
        return TracingTemplate(
          name: url.deletingPathExtension().lastPathComponent, drawing: try PKDrawing(data: data))
      } catch {
        throw CommandFailure(.malformedInput, "\(displayName): \(error)")
      }
    }
    do {
      return try JSONDecoder().decode(TracingTemplate.self, from: data)
    } catch let error as DecodingError {
      throw CommandFailure(.malformedInput, "\(displayName): \(Self.describe(error))")
    } catch {
      throw CommandFailure(.malformedInput, "\(displayName): \(error)")
    }
  }

  /// A decoding error in a sentence naming the JSON path.
  private static func describe(_ error: DecodingError) -> String {
    let (context, what): (DecodingError.Context, String) =
      switch error {
      case .dataCorrupted(let context): (context, "invalid data")
      case .keyNotFound(let key, let context): (context, "missing key '\(key.stringValue)'")
      case .typeMismatch(_, let context): (context, "wrong type")
      case .valueNotFound(_, let context): (context, "missing value")
      @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "invalid")
      }
    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
      .joined(separator: ".")
    let detail = context.debugDescription.isEmpty ? what : context.debugDescription
    return path.isEmpty ? detail : "at '\(path)': \(detail)"
  }

  /// Encodes a template as the library stores it: compact JSON, keys sorted, a final newline.
  static func encoded(_ template: TracingTemplate) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(template) + Data("\n".utf8)
  }
}
