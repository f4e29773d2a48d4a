import Foundation
import Testing

/// A folder corpus with good, broken, empty, unreadable and linked files, end to end through
/// the binary: every good record is processed, every bad file reported with its path, exit 1.
@Suite("Folder corpus failures")
struct FolderCorpusFailureTests {
  static let good = "2\n1 2 0 1 0 0 100\n3 4 10 1 0 0 100\n"

  /// The corpus folder (`c/`) and a folder outside it, under a fresh temporary folder.
  static func corpus() throws -> (root: URL, corpus: URL) {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("ductus-folder-failures-\(UUID().uuidString)")
    let corpus = root.appendingPathComponent("c")
    let manager = FileManager.default
    for folder in ["c/sub", "outside/folder"] {
      try manager.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    func write(_ path: String, _ text: String) throws {
      try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }
    try write("c/good1.txt", good)
    try write("c/sub/good2.txt", good)
    try write("outside/target.txt", good)
    try write("outside/folder/good3.txt", good)
    // Declares three samples, holds one.
    try write("c/broken.txt", "3\n1 2 0 1 0 0 100\n")
    try write("c/empty.txt", "")
    // Tests run as root, for whom chmod 000 reads fine: unreadable is a dangling link, and a
    // link to a folder where a file is expected.
    try manager.createSymbolicLink(
      atPath: corpus.appendingPathComponent("dangling.txt").path,
      withDestinationPath: root.appendingPathComponent("nowhere.txt").path)
    try manager.createSymbolicLink(
      atPath: corpus.appendingPathComponent("folder.txt").path,
      withDestinationPath: root.appendingPathComponent("outside/folder").path)
    try manager.createSymbolicLink(
      atPath: corpus.appendingPathComponent("linked.txt").path,
      withDestinationPath: root.appendingPathComponent("outside/target.txt").path)
    try manager.createSymbolicLink(
      atPath: corpus.appendingPathComponent("outlink").path,
      withDestinationPath: root.appendingPathComponent("outside/folder").path)
    return (root, corpus)
  }

  static func lines(_ url: URL) throws -> [[String: Any]] {
    try String(decoding: Data(contentsOf: url), as: UTF8.self).split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  static func checkFailures(_ url: URL, corpus: URL) throws {
    let failures = try lines(url)
    #expect(
      failures.map { $0["file"] as? String }
        == [
          "broken.txt", "dangling.txt", "empty.txt", "folder.txt",
        ].map { corpus.appendingPathComponent($0).path })
    #expect(
      failures.map { $0["record"] as? String } == [
        "line 2", "dangling.txt", "empty.txt", "folder.txt",
      ])
    #expect(
      failures.map { $0["error"] as? String } == [
        "the header declares 3 samples but 1 lines follow",
        "the symbolic link leads to nothing",
        "the file is empty",
        "the symbolic link leads to a folder, where a file is expected",
      ])
  }

  @Test func inspectProcessesEveryGoodRecordAndReportsEveryBadFile() throws {
    let (root, corpus) = try Self.corpus()
    defer { try? FileManager.default.removeItem(at: root) }
    let errors = root.appendingPathComponent("errors.ndjson")
    let run = try DuctusProcess.run([
      "inspect", "--format", "ndjson", "--errors", errors.path, corpus.path,
    ])
    #expect(run.exitCode == 1, "\(run.standardError)")
    let records = run.standardOutput.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    // The link to a file is read; the link to a folder outside the tree is not followed.
    #expect(records.map { $0["key"] as? String } == ["good1", "linked", "sub/good2"])
    #expect(records.map { $0["points"] as? Int } == [2, 2, 2])
    try Self.checkFailures(errors, corpus: corpus)

    // Without --errors, each failure is a line on standard error naming the file.
    let plain = try DuctusProcess.run(["inspect", "--format", "ndjson", corpus.path])
    #expect(plain.exitCode == 1)
    #expect(plain.standardOutput == run.standardOutput)
    #expect(
      plain.standardError.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count == 4)
    #expect(
      plain.standardError.contains(
        "error: \(corpus.appendingPathComponent("empty.txt").path): record empty.txt: "
          + "the file is empty"))
  }

  @Test func convertWritesEveryGoodRecordAndReportsEveryBadFile() throws {
    let (root, corpus) = try Self.corpus()
    defer { try? FileManager.default.removeItem(at: root) }
    let errors = root.appendingPathComponent("errors.ndjson")
    let output = root.appendingPathComponent("out.ndjson")
    let run = try DuctusProcess.run(["convert", "--errors", errors.path, corpus.path, output.path])
    #expect(run.exitCode == 1, "\(run.standardError)")
    let records = try Self.lines(output)
    #expect(records.map { $0["key"] as? String } == ["good1", "linked", "sub/good2"])
    try Self.checkFailures(errors, corpus: corpus)
  }
}
