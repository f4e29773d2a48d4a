import DuctusTestSupport
import Foundation
import Testing

/// `../shared/design/paperkit-model-snippets.swift`, PaperKit model code as apps write it,
/// compiled with `swiftc` against the modules this build made and run, unchanged but for the
/// module name `PAPERKIT_MODULE`, which reads `OpenPaperKit`. The file is read from the shared
/// folder at test time, never copied into the repository.
@Suite("PaperKit apps' model code compiles and runs unchanged")
struct PaperKitSnippetTests {
  static let snippet = SharedData.url("design/paperkit-model-snippets.swift")

  /// The folder of this build's products: beside the test bundle.
  static var buildFolder: URL? {
    Bundle.main.executableURL?.deletingLastPathComponent()
  }

  static var isRunnable: Bool {
    FileManager.default.fileExists(atPath: snippet.path) && buildFolder != nil
  }

  @Test(.enabled(if: isRunnable, "../shared/design/paperkit-model-snippets.swift is absent"))
  func theSharedSnippetCompilesAndRuns() throws {
    let build = try #require(Self.buildFolder)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("paperkit-snippet-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try String(contentsOf: Self.snippet, encoding: .utf8)
    #expect(source.contains("import PAPERKIT_MODULE"))
    let main = folder.appendingPathComponent("main.swift")
    try source.replacingOccurrences(of: "PAPERKIT_MODULE", with: "OpenPaperKit")
      .write(to: main, atomically: true, encoding: .utf8)

    var objects: [String] = []
    for module in ["OpenPencilKit", "OpenPaperKit"] {
      let objectFolder = build.appendingPathComponent("\(module).build")
      objects += try FileManager.default.contentsOfDirectory(atPath: objectFolder.path)
        .filter { $0.hasSuffix(".o") }.map { objectFolder.appendingPathComponent($0).path }
    }
    let program = folder.appendingPathComponent("snippet")
    let compile = try Self.run(
      "swiftc",
      ["-swift-version", "6", "-I", build.appendingPathComponent("Modules").path, main.path]
        + objects + ["-o", program.path])
    #expect(compile.status == 0, "swiftc failed:\n\(compile.output)")
    guard compile.status == 0 else { return }

    let run = try Self.run(program.path, [])
    #expect(run.status == 0, "the snippet failed:\n\(run.output)")
    #expect(run.output.contains("PAPERKIT SNIPPETS OK"))
    #expect(run.output.contains("text Annotation"))
  }

  /// Runs a program (through `/usr/bin/env`, so that `swiftc` is found on the path) and
  /// returns its exit status and its standard output and error together.
  static func run(_ program: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
