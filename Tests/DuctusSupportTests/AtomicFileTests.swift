import Foundation
import Testing
import _DuctusSupport

/// Files that appear at their path whole or not at all.
@Suite struct AtomicFileTests {
  /// A fresh empty folder.
  private func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ductus-support-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private struct Stop: Error {}

  @Test func atomicWriteAppearsWhole() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out.txt").path
    try AtomicFile.write(to: path) { sink in
      for line in 0..<20_000 { sink.write("line \(line)\n") }
    }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("line 0\nline 1\n"))
    #expect(text.hasSuffix("line 19999\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.txt"])
  }

  @Test func failedWriteLeavesTheOldFileAndNoTemporary() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out.txt").path
    try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
    #expect(throws: Stop.self) {
      try AtomicFile.write(to: path) { sink in
        sink.write(String(repeating: "new partial data\n", count: 10_000))
        throw Stop()
      }
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.txt"])
  }

  @Test func discardedFilesAreRemoved() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try AtomicFile(path: folder.appendingPathComponent("a").path)
    file.sink.write("x")
    try file.sink.flush()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
    file.discard()
    file.discard()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func missingFolderIsAnIOError() throws {
    let path = "/nonexistent-ductus-folder/out.json"
    do {
      _ = try AtomicFile(path: path)
      Issue.record("no error")
    } catch {
      #expect(error == OutputFileError(path: path, reason: "No such file or directory"))
    }
  }
}
