import Foundation
import OpenPencilKit
import _DuctusSupport

/// Where tracing templates come from: a folder of `ductus-template` JSON files, one a template,
/// named by their path below it without `.json` (`latin/a` is `<folder>/latin/a.json`).
///
/// The library that ships with Ductus (``bundled``) is a package resource of `InkTracing`, so an
/// app that depends on the package finds it without configuration:
///
/// ```swift
/// import Ductus
///
/// let template = try TemplateLibrary.bundled.template(named: "latin/a")
/// ```
///
/// A file path (a `.json` template or a `.pkdrawing` drawing) is accepted wherever a name is,
/// except by ``template(libraryName:)``, which takes library names only (for names that come
/// from users).
public struct TemplateLibrary: Sendable {
  /// The environment variable naming a template folder.
  public static let environmentVariable = "DUCTUS_TEMPLATES"
  /// The repository folder of the bundled library (a link to the package resource).
  static let repositoryFolder = "Datasets/templates"
  /// The folder of the package resource inside its bundle and inside this target's sources.
  static let resourceFolder = "Templates"

  /// The library folder, when one was found.
  public let folder: URL?

  /// A library at a known folder (`nil`: an empty library that finds no name).
  public init(folder: URL?) { self.folder = folder }

  /// The library that ships with Ductus: the package resource of `InkTracing`, and nothing
  /// else (no environment variable, no folder above the executable): the resource bundle SwiftPM
  /// puts beside the executable (``resourceFolder(beside:)``), else the resource folder in the
  /// sources this module was built from.
  ///
  /// SwiftPM's generated `Bundle.module` is not used: on Linux it stops the process when the
  /// bundle is not where the build left it (an executable copied elsewhere).
  public static var bundled: TemplateLibrary {
    TemplateLibrary(folder: bundledFolder(executable: Bundle.main.executableURL))
  }

  /// Whether this library is the one that ships with Ductus (the folder is, after links are
  /// followed, the package resource beside `executable` or in the sources this module was built
  /// from, which the repository's `Datasets/templates` links to), so that what was learned on the
  /// shipped templates, such as ``TemplateClass/elasticOffsets``, applies to it.
  public func isShipped(executable: URL? = Bundle.main.executableURL) -> Bool {
    guard let folder else { return false }
    let shipped = [Self.bundledFolder(executable: executable), Self.sourceResourceFolder]
      .compactMap { $0?.resolvingSymlinksInPath().standardizedFileURL.path }
    return shipped.contains(folder.resolvingSymlinksInPath().standardizedFileURL.path)
  }

  /// The folder of ``bundled`` for an executable.
  static func bundledFolder(executable: URL?) -> URL? {
    let beside = executable.flatMap { resourceFolder(beside: $0.resolvingSymlinksInPath()) }
    return beside ?? existingFolder(sourceResourceFolder)
  }

  /// The resource folder in this module's sources.
  static let sourceResourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(resourceFolder, isDirectory: true)

  /// The folder of the default library of a command line, the first that exists of:
  /// 1. the folder named by `DUCTUS_TEMPLATES`;
  /// 2. the repository's `Datasets/templates`, found by walking up from the executable (a
  ///    binary built in a checkout lives in `<repo>/.build/<…>/ductus`);
  /// 3. the package resource beside the executable (``resourceFolder(beside:)``);
  /// 4. an installed share folder: `<prefix>/share/ductus/templates` next to the executable's
  ///    `bin`, `/usr/local/share/ductus/templates`, `/usr/share/ductus/templates`;
  /// 5. the resource folder in the sources this module was built from.
  ///
  /// An app that wants the shipped templates whatever the machine holds uses ``bundled``.
  public static func defaultFolder(environment: [String: String], executable: URL?) -> URL? {
    if let path = environment[environmentVariable], !path.isEmpty {
      return URL(fileURLWithPath: path, isDirectory: true)
    }
    var candidates: [URL?] = []
    if let executable = executable?.resolvingSymlinksInPath() {
      candidates += executable.enclosingFolders.map {
        $0.appendingPathComponent(repositoryFolder, isDirectory: true)
      }
      candidates.append(resourceFolder(beside: executable))
      candidates.append(
        executable.deletingLastPathComponent().deletingLastPathComponent()
          .appendingPathComponent("share/ductus/templates", isDirectory: true))
    }
    candidates += ["/usr/local/share/ductus/templates", "/usr/share/ductus/templates"].map {
      URL(fileURLWithPath: $0, isDirectory: true)
    }
    candidates.append(sourceResourceFolder)
    return candidates.lazy.compactMap { $0.flatMap(existingFolder) }.first
  }

  /// The template folder of the `InkTracing` resource bundle in an executable's folder: SwiftPM
  /// names it `<package>_InkTracing.resources` on Linux (the folder itself holds the resources)
  /// and `<package>_InkTracing.bundle` on macOS (they are in `Contents/Resources`); the
  /// package's name is the depending package's choice.
  public static func resourceFolder(beside executable: URL) -> URL? {
    let folder = executable.deletingLastPathComponent()
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .sorted()
    for name in names {
      let bundle = folder.appendingPathComponent(name, isDirectory: true)
      let inside: [String]
      if name.hasSuffix("_InkTracing.resources") {
        inside = [resourceFolder]
      } else if name.hasSuffix("_InkTracing.bundle") {
        inside = ["Contents/Resources/" + resourceFolder, resourceFolder]
      } else {
        continue
      }
      for path in inside {
        if let found = existingFolder(bundle.appendingPathComponent(path, isDirectory: true)) {
          return found
        }
      }
    }
    return nil
  }

  /// `url` when it names an existing folder.
  static func existingFolder(_ url: URL) -> URL? {
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
    return exists && isFolder.boolValue ? url : nil
  }

  /// The library's templates by name, sorted: every `.json` file below the folder, known by the
  /// `name` it holds (a file that is not a template is left out).
  public func entries() throws(TemplateLibraryError) -> [(name: String, url: URL)] {
    guard let folder else { return [] }
    // The enumerator does not descend into a folder given as a symbolic link (the repository's
    // `Datasets/templates` is one), so the link is resolved first.
    guard
      let walker = FileManager.default.enumerator(
        at: folder.resolvingSymlinksInPath(), includingPropertiesForKeys: nil,
        options: [.skipsHiddenFiles])
    else { throw TemplateLibraryError(.missing, "\(folder.path): cannot list the folder") }
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
  /// - Throws: ``TemplateLibraryError``: ``TemplateLibraryError/Kind/missing`` for a name the
  ///   library does not hold (with the nearest name as a suggestion) or an unreadable file,
  ///   ``TemplateLibraryError/Kind/malformed`` for a file that is not a template.
  public func template(named name: String) throws(TemplateLibraryError) -> TracingTemplate {
    let isPath = name.hasSuffix(".json") || name.hasSuffix(".pkdrawing")
    if isPath || (name.contains("/") && FileManager.default.fileExists(atPath: name)) {
      return try Self.template(at: URL(fileURLWithPath: name), displayName: name)
    }
    guard let folder else {
      throw TemplateLibraryError(
        .missing, "no template library found; use --templates or set \(Self.environmentVariable)")
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
      throw TemplateLibraryError(
        .missing,
        "no template '\(name)' in \(folder.path)" + (hint.map { "; did you mean '\($0)'?" } ?? ""))
    }
    return try Self.template(at: entry.url, displayName: entry.url.path)
  }

  /// The longest library name accepted, in bytes of UTF-8.
  public static let maximumNameLength = 255

  /// Whether a text can only be the name of a library template, never a file path: parts
  /// separated by `/`, none of them empty, `.`, `..` or starting with a dot (so no leading `/`,
  /// no `a//b`, no hidden files), without a backslash or a control character (NUL included),
  /// not ending in `.json` or `.pkdrawing` (in any case), and at most ``maximumNameLength``
  /// bytes.
  ///
  /// ```swift
  /// TemplateLibrary.isLibraryName("latin/a")           // true
  /// TemplateLibrary.isLibraryName("digits/7.crossed")  // true
  /// TemplateLibrary.isLibraryName("../secret")         // false
  /// TemplateLibrary.isLibraryName("latin/a.json")      // false
  /// ```
  public static func isLibraryName(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= maximumNameLength else { return false }
    let lowercased = name.lowercased()
    guard !lowercased.hasSuffix(".json"), !lowercased.hasSuffix(".pkdrawing") else {
      return false
    }
    guard
      !name.unicodeScalars.contains(where: {
        $0 == "\\" || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
      })
    else { return false }
    return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
      !$0.isEmpty && !$0.hasPrefix(".")
    }
  }

  /// The template of a library name, looked up as ``template(named:)`` looks names up but never
  /// taken for a file path: for names that come from users, such as the requests an app sends
  /// to `ductus trace session`.
  ///
  /// A text that is not ``isLibraryName(_:)`` is refused before the disk is touched, and no
  /// message names the library's folder or a file in it, only the template.
  ///
  /// ```swift
  /// let template = try TemplateLibrary.bundled.template(libraryName: request.template)
  /// ```
  ///
  /// - Throws: ``TemplateLibraryError``: ``TemplateLibraryError/Kind/missing`` for a text that
  ///   is not a library name, a name the library does not hold (with the nearest name as a
  ///   suggestion) or a library that cannot be listed; ``TemplateLibraryError/Kind/malformed``
  ///   for a library file that is not a template.
  public func template(libraryName name: String) throws(TemplateLibraryError) -> TracingTemplate {
    guard Self.isLibraryName(name) else {
      throw TemplateLibraryError(
        .missing,
        "\(Self.quoted(name)) is not a template name (such as latin/a): names are parts "
          + "separated by '/', without '..', a leading '/' or dot, a backslash, a control "
          + "character or a .json or .pkdrawing ending")
    }
    guard let folder else {
      throw TemplateLibraryError(.missing, "no template library is installed")
    }
    for candidate in Self.likelyFiles(for: name) {
      let direct = folder.appendingPathComponent(candidate)
      if FileManager.default.fileExists(atPath: direct.path) {
        let template = try Self.template(at: direct, displayName: name)
        if template.name == name { return template }
      }
    }
    let entries: [(name: String, url: URL)]
    do {
      entries = try self.entries()
    } catch {
      throw TemplateLibraryError(.missing, "the template library cannot be listed")
    }
    guard let entry = entries.first(where: { $0.name == name }) else {
      let hint = TypoSuggestion.closest(to: name, among: entries.map(\.name))
      throw TemplateLibraryError(
        .missing,
        "no template \(Self.quoted(name)) in the library"
          + (hint.map { "; did you mean '\($0)'?" } ?? ""))
    }
    return try Self.template(at: entry.url, displayName: name)
  }

  /// A text from a user in quotes, cut to 64 characters, for messages.
  static func quoted(_ text: String) -> String {
    text.count <= 64 ? "'\(text)'" : "'\(text.prefix(64))…'"
  }

  /// Where a name's file most likely is: `<name>.json`, and for a bundled Latin letter its
  /// `capital/` or `small/` folder, so that a lookup reads one file rather than the library.
  package static func likelyFiles(for name: String) -> [String] {
    let bundled = relativePath(for: name)
    return bundled == name + ".json" ? [bundled] : [name + ".json", bundled]
  }

  /// The file of a name in the bundled library: `<name>.json`, except that Latin letters and
  /// their variants go to `latin/capital/` and `latin/small/` (`latin/A` is
  /// `latin/capital/A.json`, `latin/I.bare` `latin/capital/I.bare.json`), so that `A` and `a`
  /// stay two files on case-insensitive file systems (macOS, Windows).
  public static func relativePath(for name: String) -> String {
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
  public func forms(of names: [String]) throws(TemplateLibraryError) -> [[TracingTemplate]] {
    let entries = try entries()
    var forms: [[TracingTemplate]] = []
    for name in names {
      var these = [try template(named: name)]
      for entry in entries where entry.name.hasPrefix(name + ".") {
        these.append(try Self.template(at: entry.url, displayName: entry.url.path))
      }
      forms.append(these)
    }
    return forms
  }

  /// Reads a template file: `ductus-template` JSON, or a PencilKit drawing whose strokes, in
  /// z-order, are the template's (order source `asDrawn`).
  ///
  /// - Throws: ``TemplateLibraryError``.
  public static func template(at url: URL, displayName: String) throws(TemplateLibraryError)
    -> TracingTemplate
  {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw TemplateLibraryError(.missing, "\(displayName): no such file")
    }
    if url.pathExtension == "pkdrawing" {
      do {
        return TracingTemplate(
          name: url.deletingPathExtension().lastPathComponent, drawing: try PKDrawing(data: data))
      } catch {
        throw TemplateLibraryError(.malformed, "\(displayName): \(error)")
      }
    }
    do {
      return try JSONDecoder().decode(TracingTemplate.self, from: data)
    } catch let error as DecodingError {
      throw TemplateLibraryError(.malformed, "\(displayName): \(Self.describe(error))")
    } catch {
      throw TemplateLibraryError(.malformed, "\(displayName): \(error)")
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
  public static func encoded(_ template: TracingTemplate) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(template) + Data("\n".utf8)
  }
}
