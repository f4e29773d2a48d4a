import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

@testable import InkTracing

/// The school-print model's geometry and the template library's lookup.
@Suite struct TemplateLibraryTests {
  static let library = SharedData.repositoryRoot.appendingPathComponent(
    "Sources/InkTracing/Templates")

  /// A fresh folder.
  private func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ductus-library-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func glyphStrokesAreContinuous() {
    for glyph in SchoolPrintModel.glyphs {
      for stroke in glyph.strokes {
        var current = stroke.start
        for piece in stroke.pieces {
          if case .arc(let ellipse, _) = piece {
            let onEllipse = ellipse.point(at: ellipse.angle(of: current))
            #expect(
              hypot(onEllipse.x - current.x, onEllipse.y - current.y) < 0.01,
              "\(glyph.name): an arc starts off its ellipse at \(current)")
          }
          let points = GlyphStroke(from: current).adding(piece).points()
          current = points[points.count - 1]
        }
      }
    }
  }

  @Test func ellipseAnglesFollowTheClockFace() {
    let circle = GlyphEllipse(50, 50, 10, 10)
    #expect(circle.point(at: 0) == CGPoint(x: 60, y: 50))
    #expect(abs(circle.point(at: 90).y - 40) < 1e-12)
    #expect(abs(circle.angle(of: CGPoint(x: 50, y: 60)) + 90) < 1e-12)
    let twoOClock = circle.point(at: 30)
    #expect(twoOClock.x > 58 && twoOClock.y < 50)
  }

  @Test func libraryFolderComesFromOptionEnvironmentOrRepository() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      TemplateLibrary.defaultFolder(
        environment: ["DUCTUS_TEMPLATES": folder.path], executable: nil)?.path == folder.path)
    let repository = folder.appendingPathComponent("repo")
    let executable = repository.appendingPathComponent(
      ".build/x86_64-unknown-linux-gnu/debug/ductus")
    try FileManager.default.createDirectory(
      at: repository.appendingPathComponent("Datasets/templates"),
      withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: executable.deletingLastPathComponent(), withIntermediateDirectories: true)
    #expect(
      TemplateLibrary.defaultFolder(environment: [:], executable: executable)?.standardizedFileURL
        == repository.appendingPathComponent("Datasets/templates").standardizedFileURL)
  }

  @Test func namesResolveAcrossTheLibraryLayout() throws {
    let library = TemplateLibrary(folder: Self.library)
    #expect(try library.template(named: "latin/A").description == "capital letter A")
    #expect(try library.template(named: "latin/a").description == "small letter a")
    #expect(try library.template(named: "shapes/star").strokes.count == 1)
    let names = try library.entries().map(\.name)
    #expect(names.count == 106 && names.contains("latin/Q") && names.contains("latin/q"))
    #expect(try library.template(named: "latin/I.bare").strokes.count == 1)
    #expect(
      try library.forms(of: ["latin/d"])[0].map(\.name) == [
        "latin/d", "latin/d.apart", "latin/d.tail", "latin/d.up",
      ])
    #expect(try library.forms(of: ["latin/D"])[0].map(\.name) == ["latin/D"])
    #expect(TemplateLibrary.relativePath(for: "latin/I.bare") == "latin/capital/I.bare.json")
    #expect(TemplateLibrary.relativePath(for: "digits/7.crossed") == "digits/7.crossed.json")
    let drawing = try library.template(
      named: SharedData.repositoryRoot.appendingPathComponent("Datasets/samples/a.pkdrawing").path)
    #expect(drawing.orderSource == .asDrawn && drawing.name == "a" && !drawing.strokes.isEmpty)
    #expect(throws: TemplateLibraryError.self) { try library.template(named: "latin/aa") }
    #expect(throws: TemplateLibraryError.self) {
      try TemplateLibrary(folder: nil).template(named: "latin/a")
    }
  }

  @Test func theBundledLibraryIsThePackageResource() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = folder.appendingPathComponent("app")
    // No bundle beside the executable: the resource folder of the sources.
    #expect(
      TemplateLibrary.bundledFolder(executable: app)?.standardizedFileURL.path
        == Self.library.standardizedFileURL.path)
    #expect(
      try TemplateLibrary(folder: TemplateLibrary.bundledFolder(executable: app))
        .template(named: "latin/a").description == "small letter a")
    // Linux's layout, then macOS's.
    let linux = folder.appendingPathComponent("App_InkTracing.resources/Templates")
    try FileManager.default.createDirectory(at: linux, withIntermediateDirectories: true)
    #expect(
      TemplateLibrary.bundledFolder(executable: app)?.standardizedFileURL.path
        == linux.standardizedFileURL.path)
    try FileManager.default.removeItem(at: linux.deletingLastPathComponent())
    let mac = folder.appendingPathComponent("App_InkTracing.bundle/Contents/Resources/Templates")
    try FileManager.default.createDirectory(at: mac, withIntermediateDirectories: true)
    #expect(
      TemplateLibrary.resourceFolder(beside: app)?.standardizedFileURL.path
        == mac.standardizedFileURL.path)
    // The environment and a repository above the executable do not change `bundled`...
    let repository = folder.appendingPathComponent("Datasets/templates")
    try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
    #expect(
      TemplateLibrary.bundledFolder(executable: app)?.standardizedFileURL.path
        == mac.standardizedFileURL.path)
    // ...but they come first for a command line's default library.
    #expect(
      TemplateLibrary.defaultFolder(environment: [:], executable: app)?.standardizedFileURL.path
        == repository.standardizedFileURL.path)
  }
}
