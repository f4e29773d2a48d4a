import DuctusTestSupport
import Foundation
import InkFormats
import InkSignatureStore
import Testing

/// What the store commands refuse, and how they say it: copies and replays of references,
/// several people's references, ids that are not UTF-8, exports under another format's name,
/// damaged stores, and data sets with gaps.
@Suite("ductus signature: refusals")
struct SignatureStoreRefusalTests {
  /// A folder with S1–S12 of users 1–5 (synthetic: each user's phase differs).
  static func signatures() throws -> URL {
    var files: [String: String] = [:]
    for user in 1...5 {
      for n in 1...12 {
        files["U\(user)S\(n).TXT"] = SignatureEvaluateCommandTests.svc2004(user: user, n: n)
      }
    }
    return try SignatureCommandTests.folder(files)
  }

  func object(_ text: some StringProtocol) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
  }

  /// Enrolls `alice` from U1S1–U1S5 into the store at `store`, expecting success.
  func enrollAlice(in store: String, from folder: URL) throws {
    let enrolled = try DuctusProcess.run(
      ["signature", "enroll", "--store", store, "--user", "alice"]
        + paths((1...5).map { "U1S\($0)" }, in: folder))
    #expect(enrolled.exitCode == 0, "\(enrolled.standardError)")
  }

  func paths(_ names: [String], in folder: URL) -> [String] {
    names.map { folder.appendingPathComponent("\($0).TXT").path }
  }

  @Test func aCopiedReferenceIsRefusedAtEnrolmentAndUpdate() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store.db").path
    let copied = try DuctusProcess.run(
      ["signature", "enroll", "--store", store, "--user", "alice"]
        + paths(["U1S1", "U1S2", "U1S1", "U1S3", "U1S4"], in: folder))
    #expect(copied.exitCode == 65)
    #expect(
      copied.standardError
        == "error: not enrolled: reference 3 (\(folder.path)/U1S1.TXT) is an exact copy of "
        + "reference 1 (\(folder.path)/U1S1.TXT): the same samples, which a pen never writes "
        + "twice; leave it out\n", "\(copied.standardError)")
    #expect(!FileManager.default.fileExists(atPath: store))

    try enrollAlice(in: store, from: folder)
    for _ in 0..<2 {
      let again = try DuctusProcess.run(
        ["signature", "update", "--store", store, "--user", "alice"]
          + paths(["U1S3"], in: folder))
      #expect(again.exitCode == 65)
      #expect(
        again.standardError.contains(
          "U1S3.TXT: not added to 'alice''s references: it is an exact copy of reference 3"),
        "\(again.standardError)")
    }
    #expect(try SignatureStore(path: store).user("alice")?.referenceCount == 5)
    let few = try DuctusProcess.run(
      ["signature", "update", "--store", store, "--user", "alice", "--keep", "4"]
        + paths(["U1S6"], in: folder))
    #expect(few.exitCode == 2)
    #expect(few.standardError.contains("--keep 4 is below the user's minimum of 5 references"))
    let allowed = try DuctusProcess.run(
      ["signature", "update", "--store", store, "--user", "alice", "--keep", "4"]
        + ["--min-references", "4"] + paths(["U1S6"], in: folder))
    #expect(allowed.exitCode == 0, "\(allowed.standardError)")
    #expect(object(allowed.standardOutput)["references"] as? Int == 4)
  }

  @Test func aReplayedReferenceIsAForgeryAndLogged() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store.db").path
    try enrollAlice(in: store, from: folder)
    let replay = try DuctusProcess.run(
      ["signature", "verify", "--store", store, "--user", "alice"]
        + paths(["U1S2"], in: folder))
    #expect(replay.exitCode == 0, "\(replay.standardError)")
    let answer = object(replay.standardOutput)
    #expect(answer["decision"] as? String == "forgery")
    #expect(answer["score"] as? Double == 0)
    #expect((answer["reason"] as? String)?.hasPrefix("an exact copy of reference 2") == true)
    let genuine = object(
      try DuctusProcess.run(
        ["signature", "verify", "--store", store, "--user", "alice"]
          + paths(["U1S11"], in: folder)
      ).standardOutput)
    #expect(genuine["decision"] as? String == "genuine")
    #expect(genuine["reason"] == nil)
    let log = try SignatureStore(path: store).verifications(of: "alice")
    #expect(log.map(\.decision) == ["forgery", "genuine"])
    #expect(log.first?.score == 0)
  }

  @Test func severalPeoplesReferencesAreRefused() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store.db").path
    // References equally far from one another: the consistency check finds none out of line.
    for (names, minimum) in [((1...5).map { "U\($0)S1" }, "5"), (["U1S1", "U3S1"], "2")] {
      let run = try DuctusProcess.run(
        ["signature", "enroll", "--store", store, "--user", "mixed", "--min-references", minimum]
          + paths(names, in: folder))
      #expect(run.exitCode == 65, "\(names)")
      #expect(
        run.standardError.contains("the references are as far from one another as from other "),
        "\(names): \(run.standardError)")
      #expect(run.standardError.contains("(the limit is 0.7)"), "\(run.standardError)")
    }
    let one = try DuctusProcess.run(
      ["signature", "enroll", "--store", store, "--user", "one", "--min-references", "2"]
        + paths(["U3S1", "U3S2"], in: folder))
    #expect(one.exitCode == 0, "\(one.standardError)")
  }

  @Test func anIDWhoseBytesAreNotUTF8IsRefused() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store.db").path
    // Process takes Strings; the shell passes the raw bytes.
    for (bytes, form) in [("a\\377b", "--user"), ("a\\300b", "--user=")] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      let user =
        form == "--user" ? "--user \"$(printf '\(bytes)')\"" : "\"--user=$(printf '\(bytes)')\""
      process.arguments = [
        "-c",
        "exec \"$0\" signature enroll --store \"$1\" \(user) \"$2\"",
        DuctusProcess.binary.path, store, folder.appendingPathComponent("U1S1.TXT").path,
      ]
      let error = Pipe()
      process.standardError = error
      process.standardOutput = Pipe()
      try process.run()
      let message = String(
        decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 2, "\(bytes): \(message)")
      #expect(
        message.hasPrefix("error: --user: the id's bytes are not valid UTF-8"), "\(message)")
    }
    #expect(!FileManager.default.fileExists(atPath: store))
    // U+FFFD itself, valid UTF-8, is an id like any other.
    let replacement = try DuctusProcess.run(
      ["signature", "enroll", "--store", store, "--user", "a\u{FFFD}b"]
        + paths((1...5).map { "U1S\($0)" }, in: folder))
    #expect(replacement.exitCode == 0, "\(replacement.standardError)")
  }

  @Test func anInterruptedImportHasWrittenTheLinesOfTheUsersItImported() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Users of long signatures, so that the import takes a while.
    var lines: [String] = []
    let writer = DuctusJSONWriter(breaksLinesBetweenStrokes: false)
    for user in 0..<60 {
      for n in 1...5 {
        let text = SignatureEvaluateCommandTests.svc2004(user: user % 5 + 1, n: n, count: 400)
        let drawing = try SVC2004Reader.record(from: Data(text.utf8), name: "U1S\(n).TXT").drawing
        let record = CorpusRecord(
          key: "u\(user)/\(n)", label: "u\(user)", metadata: ["user": "u\(user)"],
          drawing: drawing)
        lines.append(
          String(
            decoding: DuctusNDJSONWriter.line(for: record, drawingWriter: writer), as: UTF8.self))
      }
    }
    let corpus = folder.appendingPathComponent("users.ndjson")
    try lines.joined().write(to: corpus, atomically: true, encoding: .utf8)
    let store = folder.appendingPathComponent("store.db").path
    let run = try RunningDuctus(["signature", "import", "--store", store, corpus.path])
    try run.closeInput()
    #expect(RunningDuctus.wait(seconds: 240) { !run.standardOutput.isEmpty })
    run.send(SIGINT)
    let outcome = run.waitForExit()
    #expect(outcome.exitCode == 130, "\(outcome.standardError)")
    let answered = outcome.standardOutput.split(separator: "\n").map { object($0) }
    let imported = try SignatureStore(path: store).users(includingModels: false).map(\.id)
    #expect(!answered.isEmpty)
    #expect(answered.compactMap { $0["user"] as? String } == imported)
  }

  @Test func anExportNamedForAnotherFormatIsRefused() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store.db").path
    try enrollAlice(in: store, from: folder)
    for name in ["exp.inkml", "exp.json", "exp.txt"] {
      let output = folder.appendingPathComponent(name).path
      let run = try DuctusProcess.run(["signature", "export", "--store", store, "-o", output])
      #expect(run.exitCode == 2, "\(name)")
      #expect(
        run.standardError.hasPrefix("error: -o \(output): the extension names "),
        "\(run.standardError)")
      #expect(!FileManager.default.fileExists(atPath: output))
    }
    let plain = folder.appendingPathComponent("exp.weird").path
    #expect(
      try DuctusProcess.run(["signature", "export", "--store", store, "-o", plain]).exitCode == 0)
  }

  @Test func aDamagedStoreIsAProblemFound() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store.db").path
    for user in 1...3 {
      let run = try DuctusProcess.run(
        ["signature", "enroll", "--store", store, "--user", "u\(user)"]
          + paths((1...5).map { "U\(user)S\($0)" }, in: folder))
      #expect(run.exitCode == 0, "\(run.standardError)")
    }
    // Cut short, as a copy that stopped half way.
    let data = try Data(contentsOf: URL(fileURLWithPath: store))
    try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: store))
    let checked = try DuctusProcess.run(["signature", "list", "--store", store, "--check"])
    #expect(checked.exitCode == 65, "\(checked.standardError)")
    #expect(checked.standardError.contains("the store is damaged"), "\(checked.standardError)")

    let readable = folder.appendingPathComponent("readable.db").path
    try enrollAlice(in: readable, from: folder)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: readable)
    let open = try DuctusProcess.run(["signature", "list", "--store", readable])
    #expect(open.exitCode == 74)
    #expect(
      open.standardError.hasPrefix("error: \(readable): the store can be read or written by "),
      "\(open.standardError)")
  }

  @Test func enrolmentAndEvaluationNameTheFileAtFault() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store.db").path
    // A drawing without strokes: no pen-down sample.
    let empty = folder.appendingPathComponent("empty.json")
    try Data(#"{"format":"ductus-drawing","version":1,"strokes":[]}"#.utf8).write(to: empty)
    let run = try DuctusProcess.run(
      ["signature", "enroll", "--store", store, "--user", "alice"]
        + paths((1...4).map { "U1S\($0)" }, in: folder) + [empty.path])
    #expect(run.exitCode == 65, "\(run.standardError)")
    #expect(
      run.standardError.hasPrefix(
        "error: \(empty.path): not enrolled: reference 5: the signature has no pen-down sample"),
      "\(run.standardError)")

    let file = try DuctusProcess.run(
      ["signature", "evaluate", "-q"] + paths(["U1S1"], in: folder))
    #expect(file.exitCode == 2)
    #expect(file.standardError.contains("needs the folder"), "\(file.standardError)")

    let dataset = try SignatureEvaluateCommandTests.dataset(users: 3)
    defer { try? FileManager.default.removeItem(at: dataset) }
    try FileManager.default.removeItem(at: dataset.appendingPathComponent("U2S7.TXT"))
    let gap = try DuctusProcess.run(["signature", "evaluate", "-q", dataset.path])
    #expect(gap.exitCode == 65)
    #expect(gap.standardError.contains("user 2 has no U2S7.TXT"), "\(gap.standardError)")
  }
}
