import Foundation
import InkTracing
import OpenPencilKit

/// Where the templates of `ductus trace session` come from, by name only, and the ones already
/// read.
///
/// A request names a template; it never gives a path. Names are checked with
/// ``TemplateLibrary/isLibraryName(_:)`` before anything is looked up, and are found:
///
/// - in the library (`--templates`, `$DUCTUS_TEMPLATES` or the bundled one), as
///   ``TemplateLibrary/template(libraryName:)`` finds them; or
/// - with `--template-folder DIR`, only in that folder: `DIR/<name>.json` (a `ductus-template`
///   file) or else `DIR/<name>.pkdrawing` (a drawing whose strokes are the template's), and
///   never a file whose real path, links resolved, is outside `DIR`.
///
/// Templates are read once and kept for the session; so are up to ``missCapacity`` names that
/// were not found, so that a client asking again and again for a missing name does not make
/// the session list the library each time. Messages name the template, never a folder.
struct SessionTemplates {
  /// Where names are looked up.
  enum Source {
    /// A template library.
    case library(TemplateLibrary)
    /// A folder of template files named by their path below it, links resolved.
    case folder(URL)
  }

  /// How many missing names are remembered.
  static let missCapacity = 4096

  /// Where names are looked up.
  let source: Source
  private var found: [String: TracingTemplate] = [:]
  private var missing: [String: SessionRequestError] = [:]

  /// Templates from a source.
  init(_ source: Source) {
    if case .folder(let folder) = source {
      self.source = .folder(folder.resolvingSymlinksInPath())
    } else {
      self.source = source
    }
  }

  /// The template of a name.
  ///
  /// - Throws: ``SessionRequestError`` for a text that is not a name, a name not found, or a
  ///   file that is not a template.
  mutating func template(named name: String) throws(SessionRequestError) -> TracingTemplate {
    if let template = found[name] { return template }
    if let error = missing[name] { throw error }
    do {
      let template = try look(up: name)
      found[name] = template
      return template
    } catch {
      let failure = SessionRequestError("template: \(error.message)")
      if missing.count < Self.missCapacity, TemplateLibrary.isLibraryName(name) {
        missing[name] = failure
      }
      throw failure
    }
  }

  private func look(up name: String) throws(TemplateLibraryError) -> TracingTemplate {
    switch source {
    case .library(let library):
      return try library.template(libraryName: name)
    case .folder(let folder):
      guard TemplateLibrary.isLibraryName(name) else {
        // The library's message for a text that is not a name, without touching the disk.
        return try TemplateLibrary(folder: nil).template(libraryName: name)
      }
      for fileExtension in ["json", "pkdrawing"] {
        let file = folder.appendingPathComponent(name + "." + fileExtension)
        guard FileManager.default.fileExists(atPath: file.path) else { continue }
        let real = file.resolvingSymlinksInPath().path
        guard real.hasPrefix(folder.path.hasSuffix("/") ? folder.path : folder.path + "/") else {
          continue
        }
        return try TemplateLibrary.template(at: file, displayName: name)
      }
      throw TemplateLibraryError(
        .missing, "no template \(SessionRequestError.quoted(name)) in the template folder")
    }
  }
}
