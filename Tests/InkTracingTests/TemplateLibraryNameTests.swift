import DuctusTestSupport
import Foundation
import Testing

@testable import InkTracing

/// `TemplateLibrary.template(libraryName:)`: names from users are library names, never paths,
/// and the messages never name the library's folder.
@Suite struct TemplateLibraryNameTests {
  static let library = SharedData.repositoryRoot.appendingPathComponent(
    "Sources/InkTracing/Templates")

  /// A fresh folder.
  private func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ductus-names-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test(arguments: [
    "latin/a", "latin/A", "digits/7.crossed", "shapes/star", "latin/I.bare", "a", "kanji/日",
    "x-y_z/0.1",
  ])
  func libraryNamesAreAccepted(name: String) {
    #expect(TemplateLibrary.isLibraryName(name))
  }

  @Test(arguments: [
    "", "/etc/passwd", "../latin/a", "latin/../a", "latin/..", "latin/./a", "./latin/a",
    "latin//a", "latin/a/", "latin/.hidden", "latin/a.json", "latin/a.JSON", "a.pkdrawing",
    "latin\\a", "latin/\u{0}a", "latin/a\n", "latin/\u{7F}", "..", ".", "/",
    String(repeating: "a", count: 256),
  ])
  func pathsAndOddTextAreNotNames(text: String) {
    #expect(!TemplateLibrary.isLibraryName(text))
  }

  @Test func libraryNamesFindTheTemplatesNamesFind() throws {
    let library = TemplateLibrary(folder: Self.library)
    for name in ["latin/a", "latin/A", "digits/7", "shapes/star", "latin/I.bare"] {
      #expect(try library.template(libraryName: name) == library.template(named: name))
    }
  }

  @Test func aPathIsNeverReadEvenWhenItIsATemplate() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("stolen.json")
    let a = try TemplateLibrary(folder: Self.library).template(named: "latin/a")
    try TemplateLibrary.encoded(a).write(to: file)
    let library = TemplateLibrary(folder: Self.library)
    // `template(named:)` takes a path; `template(libraryName:)` refuses it unread.
    #expect(try library.template(named: file.path).name == "latin/a")
    for text in [file.path, "../../" + file.path, file.deletingPathExtension().path] {
      let error = #expect(throws: TemplateLibraryError.self) {
        try library.template(libraryName: text)
      }
      #expect(error?.kind == .missing)
      #expect(error?.message.contains("is not a template name") ?? false, "\(error!)")
    }
  }

  @Test func messagesNameTheTemplateNotTheFolder() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("latin"), withIntermediateDirectories: true)
    try Data("not json".utf8).write(to: folder.appendingPathComponent("latin/b.json"))
    let a = try TemplateLibrary(folder: Self.library).template(named: "latin/a")
    try TemplateLibrary.encoded(a).write(to: folder.appendingPathComponent("latin/a.json"))
    let library = TemplateLibrary(folder: folder)
    #expect(try library.template(libraryName: "latin/a").name == "latin/a")
    let missing = #expect(throws: TemplateLibraryError.self) {
      try library.template(libraryName: "latin/aa")
    }
    #expect(missing?.message == "no template 'latin/aa' in the library; did you mean 'latin/a'?")
    let malformed = #expect(throws: TemplateLibraryError.self) {
      try library.template(libraryName: "latin/b")
    }
    #expect(malformed?.kind == .malformed)
    #expect(malformed?.message.hasPrefix("latin/b: ") ?? false, "\(malformed!)")
    let none = #expect(throws: TemplateLibraryError.self) {
      try TemplateLibrary(folder: nil).template(libraryName: "latin/a")
    }
    for error in [missing, malformed, none] {
      #expect(!(error?.message.contains(folder.path) ?? true), "\(error!)")
      #expect(!(error?.message.contains("/tmp") ?? true), "\(error!)")
    }
  }

  @Test func longTextIsQuotedShort() throws {
    let text = "../" + String(repeating: "x", count: 10_000)
    let error = #expect(throws: TemplateLibraryError.self) {
      try TemplateLibrary(folder: Self.library).template(libraryName: text)
    }
    #expect((error?.message.count ?? .max) < 400)
  }
}
