import DuctusTestSupport
import Foundation
import InkFeatures
import InkFormats
import InkSignatureStore
import InkSignatures
import Testing

@Suite("ductus signature enroll, verify, update, list, delete-user")
struct SignatureStoreCommandTests {
  /// A folder with user 1's genuine signatures S1–S12, a forgery S21, and user 2's S1.
  static func signatures() throws -> URL {
    var files: [String: String] = [:]
    for n in Array(1...12) + [21] {
      files["U1S\(n).TXT"] = SignatureEvaluateCommandTests.svc2004(user: 1, n: n)
    }
    files["U2S1.TXT"] = SignatureEvaluateCommandTests.svc2004(user: 2, n: 1)
    return try SignatureCommandTests.folder(files)
  }

  func object(_ text: some StringProtocol) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
  }

  func lines(_ text: String) -> [[String: Any]] {
    text.split(separator: "\n").map { object($0) }
  }

  /// `ductus signature enroll` of user `user` from U1S1…U1S5 of `folder`.
  func enroll(_ user: String, store: String, in folder: URL, extra: [String] = [])
    throws -> DuctusProcess.Outcome
  {
    try DuctusProcess.run(
      ["signature", "enroll", "--store", store, "--user=\(user)"] + extra
        + (1...5).map { folder.appendingPathComponent("U1S\($0).TXT").path })
  }

  @Test func aUserIsEnrolledVerifiedUpdatedListedAndDeleted() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store.db").path
    let enrolled = try enroll("ana", store: store, in: folder)
    #expect(enrolled.exitCode == 0, "\(enrolled.standardError)")
    #expect(object(enrolled.standardOutput)["references"] as? Int == 5)
    let mode = try FileManager.default.attributesOfItem(atPath: store)[.posixPermissions] as? Int
    #expect(mode.map { $0 & 0o077 } == 0)

    func verify(_ file: String) throws -> [String: Any] {
      let run = try DuctusProcess.run([
        "signature", "verify", "--store", store, "--user", "ana",
        folder.appendingPathComponent(file).path,
      ])
      #expect(run.exitCode == 0, "\(run.standardError)")
      return object(run.standardOutput)
    }
    let genuine = try verify("U1S11.TXT")
    let forged = try verify("U1S21.TXT")
    let other = try verify("U2S1.TXT")
    for answer in [genuine, forged, other] {
      #expect(["genuine", "forgery"].contains(answer["decision"] as? String ?? ""))
      #expect(["shape", "timing", "pressure"].contains(answer["evidence"] as? String ?? ""))
      let score = try #require(answer["score"] as? Double)
      #expect((0...1).contains(score))
    }
    #expect(genuine["decision"] as? String == "genuine")
    let genuineScore = genuine["score"] as? Double ?? 0
    #expect(genuineScore > forged["score"] as? Double ?? 1)
    #expect(genuineScore > other["score"] as? Double ?? 1)

    let updated = try DuctusProcess.run([
      "signature", "update", "--store", store, "--user", "ana",
      folder.appendingPathComponent("U1S12.TXT").path,
    ])
    #expect(updated.exitCode == 0, "\(updated.standardError)")
    #expect(object(updated.standardOutput)["references"] as? Int == 6)

    let listed = try DuctusProcess.run(["signature", "list", "--store", store, "--check"])
    #expect(listed.exitCode == 0, "\(listed.standardError)")
    let users = lines(listed.standardOutput)
    #expect(users.count == 1)
    #expect(users.first?["user"] as? String == "ana")
    #expect(users.first?["references"] as? Int == 6)
    #expect(users.first?["verifications"] as? Int == 4)

    let deleted = try DuctusProcess.run([
      "signature", "delete-user", "--store", store, "--user", "ana",
    ])
    #expect(deleted.exitCode == 0, "\(deleted.standardError)")
    let again = try DuctusProcess.run([
      "signature", "delete-user", "--store", store, "--user", "ana",
    ])
    #expect(again.exitCode == 66)
    #expect(again.standardError.contains("no user 'ana' is enrolled"))
    #expect(try DuctusProcess.run(["signature", "list", "--store", store]).standardOutput == "")
  }

  @Test func aUserIsSetAgainstTheOthersAndMayHaveTheirOwnThreshold() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store.db").path
    #expect(try enroll("ana", store: store, in: folder).exitCode == 0)
    let bob = try enroll("bob", store: store, in: folder, extra: ["--threshold", "0.9"])
    #expect(bob.exitCode == 0, "\(bob.standardError)")
    let refused = try enroll("cy", store: store, in: folder, extra: ["--threshold", "2"])
    #expect(refused.exitCode == 2)
    #expect(refused.standardError.contains("--threshold must be a score from 0 to 1"))

    func statistics(_ user: String) throws -> [String: Any] {
      let model = try #require(try SignatureStore(path: store).user(user)?.model)
      let template = try #require(
        try JSONSerialization.jsonObject(with: model) as? [String: Any])
      return try #require(template["statistics"] as? [String: Any])
    }
    // The store's first user has no cohort; the second is set against the first.
    #expect(try statistics("ana")["cohortDistance"] == nil)
    let cohort = try #require(try statistics("bob")["cohortDistance"] as? Double)
    #expect(cohort > 0)

    let answer = try DuctusProcess.run([
      "signature", "verify", "--store", store, "--user", "bob",
      folder.appendingPathComponent("U1S11.TXT").path,
    ])
    #expect(answer.exitCode == 0, "\(answer.standardError)")
    let verification = object(answer.standardOutput)
    #expect(verification["threshold"] as? Double == 0.9)
    let score = try #require(verification["score"] as? Double)
    #expect((verification["decision"] as? String) == (score >= 0.9 ? "genuine" : "forgery"))
  }

  @Test func aUserEnrolledBeforeTheSharedScaleVerifiesAsEnrolled() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("store.db").path
    // As a Ductus before the shared-scale velocity components enrolled a user: the matcher
    // compares dx and dy, and neither the template nor the store's features hold dxShared; nor
    // has it a mean template, nor its fusion the mean template's settings.
    func drawing(_ name: String) throws -> (drawing: Data, plain: SignatureFeatures) {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      let record = try SVC2004Reader.record(from: data, name: name)
      return (
        DuctusJSONWriter().data(for: record.drawing),
        try SignatureFeatureExtractor().features(of: record.drawing)
      )
    }
    var functions = SignatureMatcher.defaultLocalFunctions
    functions.shape = ["x", "y", "dx", "dy", "dtheta", "drho"]
    let references = try (1...5).map { try drawing("U1S\($0).TXT") }
    var oldMatcher = SignatureMatcher(localFunctions: functions)
    oldMatcher.fusion.meanTemplateShare = 0
    let template = try SignatureEnrollment(matcher: oldMatcher).enroll(references.map(\.plain))
    #expect(template.meanTemplate == nil)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var oldModel = object(String(decoding: try encoder.encode(template), as: UTF8.self))
    var matcherJSON = try #require(oldModel["matcher"] as? [String: Any])
    var fusionJSON = try #require(matcherJSON["fusion"] as? [String: Any])
    fusionJSON["meanTemplateShare"] = nil
    fusionJSON["typicalMeanTemplateCohortDistance"] = nil
    matcherJSON["fusion"] = fusionJSON
    oldModel["matcher"] = matcherJSON
    let date = Date()
    try SignatureStore(path: path, create: true).enroll(
      user: "old",
      references: try references.map {
        StoredReference(
          format: "ductus-json", drawing: $0.drawing, features: try encoder.encode($0.plain),
          added: date)
      }, model: try JSONSerialization.data(withJSONObject: oldModel), replacing: false,
      date: date)

    let run = try DuctusProcess.run([
      "signature", "verify", "--store", path, "--user", "old",
      folder.appendingPathComponent("U1S11.TXT").path,
    ])
    #expect(run.exitCode == 0, "\(run.standardError)")
    // The same score to the rounding of the binary (which may fuse multiply-adds).
    let expected = try template.verify(try drawing("U1S11.TXT").plain).score
    let score = try #require(object(run.standardOutput)["score"] as? Double)
    #expect(abs(score - expected) < 1e-12)
    // A user enrolled now is set against the old user's first reference, its features
    // computed again from the stored drawing.
    let enrolled = try enroll("new", store: path, in: folder)
    #expect(enrolled.exitCode == 0, "\(enrolled.standardError)")
    let model = try #require(try SignatureStore(path: path).user("new")?.model)
    let new = try JSONDecoder().decode(SignatureTemplate.self, from: model)
    #expect(new.matcher.localFunctions.shape.contains("dxShared"))
    #expect(new.statistics.cohortDistance != nil)
    #expect(new.meanTemplate?.cohortDistance != nil)
    // The old user exports and imports with the matcher it was enrolled with.
    let exported = folder.appendingPathComponent("old.ndjson")
    let export = try DuctusProcess.run([
      "signature", "export", "--store", path, "--user", "old", "-o", exported.path,
    ])
    #expect(export.exitCode == 0, "\(export.standardError)")
    let second = folder.appendingPathComponent("second.db").path
    let imported = try DuctusProcess.run(["signature", "import", "--store", second, exported.path])
    #expect(imported.exitCode == 0, "\(imported.standardError)")
    let again = try #require(try SignatureStore(path: second).user("old")?.model)
    let stored = try JSONDecoder().decode(
      SignatureTemplate.self, from: JSONSerialization.data(withJSONObject: oldModel))
    #expect(try JSONDecoder().decode(SignatureTemplate.self, from: again).matcher == stored.matcher)
    #expect(try JSONDecoder().decode(SignatureTemplate.self, from: again).meanTemplate == nil)
  }

  @Test func anExportedUserImportsWithTheSameTemplate() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("first.db").path
    let second = folder.appendingPathComponent("second.db").path
    // Enrolled out of id order, so that the import (in id order) meets a different cohort
    // unless the export keeps it; o'brien has a threshold of their own.
    #expect(
      try enroll("o'brien", store: first, in: folder, extra: ["--threshold", "0.7"]).exitCode
        == 0)
    #expect(try enroll("ana", store: first, in: folder).exitCode == 0)
    let exported = folder.appendingPathComponent("users.ndjson")
    try Data("old".utf8).write(to: exported)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: exported.path)
    let export = try DuctusProcess.run([
      "signature", "export", "--store", first, "-o", exported.path,
    ])
    #expect(export.exitCode == 0, "\(export.standardError)")
    let mode = try FileManager.default.attributesOfItem(atPath: exported.path)[.posixPermissions]
    #expect((mode as? Int).map { $0 & 0o077 } == 0)
    let records = lines(try String(contentsOf: exported, encoding: .utf8))
    #expect(records.count == 10)
    #expect(records.first?["key"] as? String == "ana/1")
    #expect((records.last?["metadata"] as? [String: String])?["user"] == "o'brien")

    let imported = try DuctusProcess.run(["signature", "import", "--store", second, exported.path])
    #expect(imported.exitCode == 0, "\(imported.standardError)")
    #expect(
      lines(imported.standardOutput).compactMap { $0["user"] as? String } == ["ana", "o'brien"])
    let again = try DuctusProcess.run(["signature", "import", "--store", second, exported.path])
    #expect(again.exitCode == 2)
    // A tampered matcher is refused, naming the record and the setting, before anything is
    // enrolled (a band below 0, or too few population scales, which enrolment would index
    // past).
    for (key, value) in [("bandFraction", -1.0 as Any), ("globalFeatureScales", [1.0] as Any)] {
      var tampered = records
      var metadata = try #require(tampered[0]["metadata"] as? [String: String])
      var matcher = object(try #require(metadata["matcher"]))
      matcher[key] = value
      metadata["matcher"] = String(
        decoding: try JSONSerialization.data(withJSONObject: matcher), as: UTF8.self)
      tampered[0]["metadata"] = metadata
      let file = folder.appendingPathComponent("tampered.ndjson")
      try tampered.map {
        String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self)
      }.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
      let store = folder.appendingPathComponent("tampered-\(key).db").path
      let refused = try DuctusProcess.run([
        "signature", "import", "--store", store, "--from", "ductus-ndjson", file.path,
      ])
      #expect(refused.exitCode == 65, "\(key): \(refused.standardError)")
      #expect(
        refused.standardError.contains("metadata \"matcher\": \(key)"), "\(refused.standardError)")
      #expect(
        try SignatureStore(path: store).users(includingModels: false).isEmpty, "\(key)")
    }
    func score(_ store: String) throws -> Double? {
      let run = try DuctusProcess.run([
        "signature", "verify", "--store", store, "--user", "ana",
        folder.appendingPathComponent("U1S11.TXT").path,
      ])
      return object(run.standardOutput)["score"] as? Double
    }
    let before = try score(first)
    #expect(before != nil)
    #expect(try score(second) == before)
    for user in ["ana", "o'brien"] {
      let models = try [first, second].map { try SignatureStore(path: $0).user(user)?.model }
      #expect(models[0] != nil && models[0] == models[1], "\(user)")
    }
    let metadata = try #require(records.last?["metadata"] as? [String: String])
    #expect(metadata["threshold"] == "0.7")
    #expect(metadata["cohortDistance"] == "none")
    #expect((records.first?["metadata"] as? [String: String])?["cohortDistance"] != "none")
    // The mean template's nearest cohort signature is kept too (its barycentre is computed again
    // from the references, never exported).
    #expect(metadata["meanTemplateCohortDistance"] == "none")
    let firstMetadata = try #require(records.first?["metadata"] as? [String: String])
    #expect(Double(try #require(firstMetadata["meanTemplateCohortDistance"])) != nil)
    #expect(!records.contains { ($0["metadata"] as? [String: String])?["barycentre"] != nil })

    // The same users through signature XML (-o …xml chooses it), 0600 as well.
    let xml = folder.appendingPathComponent("users.xml")
    let exportXML = try DuctusProcess.run([
      "signature", "export", "--store", first, "--user", "o'brien", "-o", xml.path,
    ])
    #expect(exportXML.exitCode == 0, "\(exportXML.standardError)")
    let xmlMode = try FileManager.default.attributesOfItem(atPath: xml.path)[.posixPermissions]
    #expect((xmlMode as? Int).map { $0 & 0o077 } == 0)
    let document = try String(contentsOf: xml, encoding: .utf8)
    #expect(document.contains("<SignatureChannels xmlns=\"urn:ductus:signature-channels:1\""))
    #expect(document.components(separatedBy: "<Signature ").count - 1 == 5)
    #expect(document.contains("<Signature key=\"o&apos;brien/5\" label=\"o&apos;brien\">"))
    let third = folder.appendingPathComponent("third.db").path
    let importedXML = try DuctusProcess.run(["signature", "import", "--store", third, xml.path])
    #expect(importedXML.exitCode == 0, "\(importedXML.standardError)")
    #expect(lines(importedXML.standardOutput).first?["references"] as? Int == 5)
    func brienScore(_ store: String) throws -> Double {
      let run = try DuctusProcess.run([
        "signature", "verify", "--store", store, "--user", "o'brien",
        folder.appendingPathComponent("U1S11.TXT").path,
      ])
      return try #require(object(run.standardOutput)["score"] as? Double)
    }
    #expect(abs(try brienScore(third) - brienScore(first)) < 1e-9)
    let contradiction = try DuctusProcess.run([
      "signature", "export", "--store", first, "--format", "ductus-ndjson", "-o", xml.path,
    ])
    #expect(contradiction.exitCode == 2)
    #expect(contradiction.standardError.hasPrefix("error: --format ductus-ndjson contradicts -o"))
    let stdout = try DuctusProcess.run([
      "signature", "export", "--store", first, "--format", "signature-xml", "-o", "-",
    ])
    #expect(stdout.exitCode == 0)
    #expect(stdout.standardOutput.hasSuffix("</SignatureChannels>\n"))
    #expect(stdout.standardOutput.components(separatedBy: "<Signature ").count - 1 == 10)
  }

  @Test func mistakesAndHostileInputAreRefusedWithTheirExitCodes() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store.db").path
    let file = folder.appendingPathComponent("U1S11.TXT").path
    let missing = try DuctusProcess.run([
      "signature", "verify", "--store", store, "--user", "ana", file,
    ])
    #expect(missing.exitCode == 66, "\(missing.standardError)")
    #expect(!FileManager.default.fileExists(atPath: store))

    let hostile = [
      "o'brien\"; DROP TABLE users; --", "../../etc/passwd", "Ñandú 名前", "-rf",
    ]
    for user in hostile {
      let run = try enroll(user, store: store, in: folder)
      #expect(run.exitCode == 0, "\(user): \(run.standardError)")
    }
    let listed = lines(
      try DuctusProcess.run(["signature", "list", "--store", store]).standardOutput)
    #expect(Set(listed.compactMap { $0["user"] as? String }) == Set(hostile))

    let twice = try enroll("-rf", store: store, in: folder)
    #expect(twice.exitCode == 2)
    #expect(twice.standardError.contains("--replace"))
    #expect(try enroll("-rf", store: store, in: folder, extra: ["--replace"]).exitCode == 0)

    let long = try enroll(String(repeating: "x", count: 10_000), store: store, in: folder)
    #expect(long.exitCode == 2)
    #expect(long.standardError.contains("at most 256 bytes"))
    let newline = try enroll("a\nb", store: store, in: folder)
    #expect(newline.exitCode == 2)

    let unknown = try DuctusProcess.run([
      "signature", "verify", "--store", store, "--user", "zoe", file,
    ])
    #expect(unknown.exitCode == 66)
    let stdin = try DuctusProcess.run([
      "signature", "verify", "--store", store, "--user=-rf", "-",
    ])
    #expect(stdin.exitCode == 2)
    #expect(stdin.standardError.contains("not from standard input"))
    let tooFew = try DuctusProcess.run([
      "signature", "enroll", "--store", store, "--user", "few", file,
    ])
    #expect(tooFew.exitCode == 65)
    #expect(tooFew.standardError.contains("at least 5 reference signatures"))
    let inconsistent = try DuctusProcess.run(
      ["signature", "enroll", "--store", store, "--user", "mixed"]
        + ["U1S1", "U1S2", "U1S3", "U1S4", "U2S1"].map {
          folder.appendingPathComponent("\($0).TXT").path
        })
    #expect(inconsistent.exitCode == 65)
    #expect(
      inconsistent.standardError.contains("reference 5 is inconsistent")
        && inconsistent.standardError.contains("reference 5 is \(folder.path)/U2S1.TXT)"),
      "\(inconsistent.standardError)")
    let broken = folder.appendingPathComponent("U9S1.TXT")
    try Data("3\n1 2 3 1 0 0 5\n".utf8).write(to: broken)
    let truncated = try DuctusProcess.run([
      "signature", "verify", "--store", store, "--user=-rf", broken.path,
    ])
    #expect(truncated.exitCode == 65, "\(truncated.standardError)")
    #expect(truncated.standardError.contains("U9S1.TXT"))

    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store)
    let open = try DuctusProcess.run(["signature", "list", "--store", store])
    #expect(open.exitCode == 74)
    #expect(open.standardError.contains("chmod 600"))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store)
    let notAStore = folder.appendingPathComponent("U1S1.TXT").path
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: notAStore)
    #expect(try DuctusProcess.run(["signature", "list", "--store", notAStore]).exitCode == 65)
    let check = try SignatureStore(path: store, create: false)
    #expect(try check.integrityCheck() == ["ok"])
    #expect(try check.users().count == hostile.count)
  }

  @Test func everyStoreCommandExplainsItself() throws {
    for command in ["enroll", "verify", "update", "list", "delete-user", "export", "import"] {
      #expect(
        try Snapshot.check("help-signature-\(command)", ["help", "signature", command]).exitCode
          == 0)
    }
  }

  /// Runs killed inside their write transaction (`DUCTUS_STORE_KILL_INSIDE`): an enrolment
  /// after its first reference, an update after its added reference; neither leaves a trace.
  @Test func aRunKilledInsideItsTransactionLeavesNothingBehind() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store.db").path
    #expect(try enroll("base", store: store, in: folder).exitCode == 0)
    let killed = try DuctusProcess.run(
      ["signature", "enroll", "--store", store, "--user", "k"]
        + (1...5).map { folder.appendingPathComponent("U1S\($0).TXT").path },
      environment: ["DUCTUS_STORE_KILL_INSIDE": "enroll"])
    #expect(killed.exitCode == SIGKILL, "\(killed.standardError)")
    #expect(killed.standardOutput.isEmpty)
    let before = try SignatureStore(path: store).references(of: "base")
    let update = try DuctusProcess.run(
      [
        "signature", "update", "--store", store, "--user", "base",
        folder.appendingPathComponent("U1S11.TXT").path,
      ], environment: ["DUCTUS_STORE_KILL_INSIDE": "update"])
    #expect(update.exitCode == SIGKILL, "\(update.standardError)")

    let check = try SignatureStore(path: store, create: false)
    #expect(try check.integrityCheck() == ["ok"])
    #expect(try check.users().map(\.id) == ["base"])
    #expect(try check.references(of: "base") == before)
    // The same runs, not killed, then go through.
    #expect(try enroll("k", store: store, in: folder).exitCode == 0)
    #expect(try check.users().map(\.referenceCount) == [5, 5])
  }

  /// Enrolments killed at seeded random moments, and two processes enrolling and verifying at
  /// once: the store stays sound, every user in it has all their references, and no run fails
  /// on a lock.
  @Test func killedAndConcurrentRunsLeaveASoundStore() throws {
    let folder = try Self.signatures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store.db").path
    let started = Date()
    #expect(try enroll("base", store: store, in: folder).exitCode == 0)
    // Kills spread over the last two thirds of an enrolment's run and a little past it, where
    // the store is opened and written.
    let duration = Date().timeIntervalSince(started)
    let references = (1...5).map { folder.appendingPathComponent("U1S\($0).TXT").path }
    var random = SplitMix64(seed: 11)
    for index in 0..<8 {
      let run = try RunningDuctus(
        ["signature", "enroll", "--store", store, "--user", "k\(index)"] + references)
      try run.closeInput()
      usleep(useconds_t(random.uniform(0.3...1.1) * duration * 1_000_000))
      run.send(SIGKILL)
      _ = run.waitForExit()
      let verify = try RunningDuctus([
        "signature", "verify", "--store", store, "--user", "base",
        folder.appendingPathComponent("U1S11.TXT").path,
      ])
      try verify.closeInput()
      usleep(useconds_t(random.uniform(0.0...0.15) * 1_000_000))
      verify.send(SIGKILL)
      _ = verify.waitForExit()
    }
    // Two at once: one enrolls, the other verifies, each ten times.
    let failures = ConcurrentFailures()
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
      for index in 0..<10 {
        let arguments =
          worker == 0
          ? ["signature", "enroll", "--store", store, "--user", "c\(index)"] + references
          : [
            "signature", "verify", "--store", store, "--user", "base",
            folder.appendingPathComponent("U1S1\(index % 3).TXT").path,
          ]
        guard let run = try? DuctusProcess.run(arguments), run.exitCode == 0 else {
          failures.add("\(arguments[1]) \(index)")
          continue
        }
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all)")
    let check = try SignatureStore(path: store, create: false)
    #expect(try check.integrityCheck() == ["ok"])
    let users = try check.users()
    #expect(users.allSatisfy { $0.referenceCount == 5 }, "\(users.map(\.referenceCount))")
    #expect(Set(users.map(\.id)).isSuperset(of: ["base"] + (0..<10).map { "c\($0)" }))
    #expect(try check.verifications(of: "base").count >= 10)
  }
}

/// Failures noted by concurrent workers.
final class ConcurrentFailures: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []
  func add(_ item: String) { lock.withLock { items.append(item) } }
  var all: [String] { lock.withLock { items } }
}
