import Dispatch
import DuctusTestSupport
import Foundation
import Testing

@testable import InkSignatureStore

@Suite("The signature store")
struct SignatureStoreTests {
  /// A fresh folder for one test's store, removed after it.
  final class Folder {
    let url: URL
    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "ductus-store-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
  }

  static let date = Date(timeIntervalSince1970: 1_790_000_000.125)

  /// A reference whose bytes are `marker` repeated, NUL bytes among them.
  static func reference(_ marker: String, count: Int = 4) -> StoredReference {
    StoredReference(
      format: "svc2004",
      drawing: Data(String(repeating: marker, count: count).utf8) + Data([0, 255, 0]),
      features: Data((0..<16).map { UInt8($0) }), added: date)
  }

  static func permissions(_ path: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
  }

  func failure(_ body: () throws -> Void) -> SignatureStoreError? {
    do {
      try body()
      return nil
    } catch {
      return error as? SignatureStoreError
    }
  }

  @Test func aNewStoreIsItsOwnersAloneAndHasTheSchema() throws {
    let folder = try Folder()
    let path = folder.path("s.db")
    let store = try SignatureStore(path: path)
    try store.enroll(user: "ana", references: [Self.reference("a")], model: Data("{}".utf8))
    #expect(try store.schemaVersion() == SignatureStoreSchema.version)
    for file in [path, path + "-wal", path + "-shm"] {
      #expect(try Self.permissions(file) & 0o077 == 0, "\(file)")
    }
    #expect(try SignatureStore(path: path, create: false).users().map(\.id) == ["ana"])
    #expect(try store.integrityCheck() == ["ok"])
    func pragma(_ name: String) throws -> String {
      let statement = try store.connection.prepare("PRAGMA \(name)")
      return try statement.step() ? statement.text(0) : ""
    }
    #expect(try pragma("journal_mode") == "wal")
    #expect(try pragma("synchronous") == "2")  // FULL
    #expect(try pragma("foreign_keys") == "1")
    #expect(try pragma("secure_delete") == "1")
    #expect(try pragma("temp_store") == "2")  // MEMORY
    #expect(try pragma("application_id") == "\(SignatureStoreSchema.applicationID)")
  }

  @Test func usersAreEnrolledListedReadAndDeleted() throws {
    let folder = try Folder()
    let store = try SignatureStore(path: folder.path("s.db"))
    let references = [Self.reference("a"), Self.reference("b", count: 9), Self.reference("c")]
    let model = Data("{\"threshold\":0.5}".utf8)
    try store.enroll(user: "ana", references: references, model: model, date: Self.date)
    try store.enroll(user: "ben", references: [Self.reference("d")], model: Data())
    let ana = try #require(try store.user("ana"))
    #expect(ana.referenceCount == 3 && ana.model == model)
    #expect(ana.enrolled == Self.date && ana.updated == Self.date)
    #expect(try store.references(of: "ana") == references)
    #expect(try store.users().map(\.id) == ["ana", "ben"])
    #expect(try store.deleteUser("ana"))
    #expect(try store.user("ana") == nil)
    #expect(failure { _ = try store.references(of: "ana") }?.kind == .unknownUser)
    #expect(try !store.deleteUser("ana"))
    #expect(try store.users().map(\.id) == ["ben"])
  }

  @Test func enrollingAgainReplacesOnlyWhenAsked() throws {
    let folder = try Folder()
    let store = try SignatureStore(path: folder.path("s.db"))
    try store.enroll(user: "ana", references: [Self.reference("a")], model: Data())
    let again = failure {
      try store.enroll(user: "ana", references: [Self.reference("b")], model: Data())
    }
    #expect(again?.kind == .alreadyEnrolled)
    #expect(try store.references(of: "ana") == [Self.reference("a")])
    try store.enroll(
      user: "ana", references: [Self.reference("b"), Self.reference("c")], model: Data(),
      replacing: true)
    #expect(try store.references(of: "ana") == [Self.reference("b"), Self.reference("c")])
    #expect(
      failure { try store.enroll(user: "cy", references: [], model: Data()) }?.kind
        == .invalidContent)
    let many = Array(repeating: Self.reference("m"), count: SignatureStore.maximumReferences + 1)
    #expect(failure { try store.enroll(user: "cy", references: many, model: Data()) } != nil)
    #expect(try store.user("cy") == nil)
  }

  @Test func anAddedReferenceReplacesTheOldestBeyondTheBound() throws {
    let folder = try Folder()
    let store = try SignatureStore(path: folder.path("s.db"))
    let first = (0..<3).map { Self.reference("r\($0)") }
    try store.enroll(user: "ana", references: first, model: Data("1".utf8), date: Self.date)
    let later = Self.date.addingTimeInterval(60)
    for index in 3..<5 {
      try store.addReference(
        Self.reference("r\(index)"), to: "ana", model: Data("\(index)".utf8),
        expectedModel: try #require(try store.user("ana")).model, keepingAtMost: 4, date: later)
    }
    #expect(try store.references(of: "ana") == (1..<5).map { Self.reference("r\($0)") })
    let ana = try #require(try store.user("ana"))
    #expect(ana.model == Data("4".utf8) && ana.updated == later && ana.enrolled == Self.date)
    let stale = failure {
      try store.addReference(
        Self.reference("x"), to: "ana", model: Data(), expectedModel: Data("3".utf8),
        keepingAtMost: 4)
    }
    #expect(stale?.kind == .changed)
    #expect(try store.references(of: "ana").count == 4)
    let unknown = failure {
      try store.addReference(
        Self.reference("x"), to: "zoe", model: Data(), expectedModel: Data(), keepingAtMost: 4)
    }
    #expect(unknown?.kind == .unknownUser)
    #expect(unknown?.description.hasSuffix("no user 'zoe' is enrolled") ?? false)
  }

  @Test func hostileUserIDsAreDataOrRefused() throws {
    let folder = try Folder()
    let store = try SignatureStore(path: folder.path("s.db"))
    let stored = [
      "o'brien\"; DROP TABLE users; --", "../../etc/passwd", "Ñandú 名前 👩🏽‍💻", "%s%n",
      "Robert'); DELETE FROM reference_signatures WHERE ('1'='1",
      String(repeating: "é", count: SignatureStore.maximumUserIDBytes / 2),
    ]
    for id in stored {
      try store.enroll(user: id, references: [Self.reference(id)], model: Data(id.utf8))
    }
    #expect(try store.users().map(\.id) == stored.sorted())
    for id in stored {
      #expect(try store.references(of: id) == [Self.reference(id)])
    }
    let refused = [
      "", "a\u{0}b", "\u{0}", "line\nbreak", "tab\t", "\u{7F}",
      String(repeating: "x", count: 10_000),
    ]
    for id in refused {
      let error = failure {
        try store.enroll(user: id, references: [Self.reference("x")], model: Data())
      }
      #expect(error?.kind == .invalidUserID, "\(id.prefix(20))")
    }
    #expect(try store.users().count == stored.count)
    #expect(try store.integrityCheck() == ["ok"])
    #expect(SignatureStore.quoted("a\u{0}b") == "'a\\u{0}b'")
  }

  @Test func theVerificationLogOnlyGrows() throws {
    let folder = try Folder()
    let path = folder.path("s.db")
    let store = try SignatureStore(path: path)
    let records = (0..<3).map { (index: Int) -> VerificationRecord in
      let offset = Double(index)
      return VerificationRecord(
        user: index == 1 ? "ben" : "ana", date: Self.date.addingTimeInterval(offset),
        score: 0.25 * offset, decision: index == 0 ? "forgery" : "genuine", threshold: 0.4,
        evidence: "shape")
    }
    for record in records { try store.log(record) }
    #expect(try store.verifications() == records)
    #expect(try store.verifications(of: "ana") == [records[0], records[2]])
    let connection = try SQLiteConnection(path: path, create: false, busyTimeout: 1)
    for sql in ["UPDATE verifications SET score = 1", "DELETE FROM verifications"] {
      #expect(throws: SQLiteError.self) { try connection.execute(sql) }
    }
    #expect(try store.verifications() == records)
  }

  @Test func filesThatAreNotAStoreOfTheOwnerAreRefused() throws {
    let folder = try Folder()
    let path = folder.path("s.db")
    #expect(failure { _ = try SignatureStore(path: path, create: false) }?.kind == .missing)
    _ = try SignatureStore(path: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    let open = failure { _ = try SignatureStore(path: path) }
    #expect(open?.kind == .unsafeFile)
    #expect(open?.message.contains("mode 644") ?? false)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let link = folder.path("link.db")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    #expect(failure { _ = try SignatureStore(path: link) }?.kind == .unsafeFile)
    #expect(failure { _ = try SignatureStore(path: folder.url.path) }?.kind == .unsafeFile)

    let text = folder.path("text.db")
    _ = FileManager.default.createFile(
      atPath: text, contents: Data(String(repeating: "not sqlite ", count: 100).utf8),
      attributes: [.posixPermissions: 0o600])
    #expect(failure { _ = try SignatureStore(path: text) }?.kind == .notAStore)

    let other = folder.path("other.db")
    _ = FileManager.default.createFile(
      atPath: other, contents: nil, attributes: [.posixPermissions: 0o600])
    try SQLiteConnection(path: other, create: false, busyTimeout: 1).execute(
      "CREATE TABLE notes (text TEXT)")
    #expect(failure { _ = try SignatureStore(path: other) }?.kind == .notAStore)

    try SQLiteConnection(path: path, create: false, busyTimeout: 1).execute(
      "PRAGMA user_version = \(SignatureStoreSchema.version + 1)")
    let newer = failure { _ = try SignatureStore(path: path) }
    #expect(newer?.kind == .newerSchema)
    #expect(newer?.message.contains("schema \(SignatureStoreSchema.version + 1)") ?? false)
  }

  @Test func namesThatSQLiteWouldReadAsURIsAreFiles() throws {
    let folder = try Folder()
    let previous = FileManager.default.currentDirectoryPath
    FileManager.default.changeCurrentDirectoryPath(folder.url.path)
    defer { FileManager.default.changeCurrentDirectoryPath(previous) }
    for name in [":memory:", "file:s.db?mode=memory", "file:t.db?vfs=unix-none"] {
      let store = try SignatureStore(path: name)
      try store.enroll(user: "ana", references: [Self.reference("a")], model: Data())
      #expect(try SignatureStore(path: name).users().map(\.id) == ["ana"], "\(name)")
      #expect(FileManager.default.fileExists(atPath: folder.path(name)), "\(name)")
    }
  }

  @Test func boundTextKeepsItsNULs() throws {
    let folder = try Folder()
    let store = try SignatureStore(path: folder.path("s.db"))
    let reference = StoredReference(
      format: "a\u{0}b", drawing: Data(), features: Data(), added: Self.date)
    try store.enroll(user: "ana", references: [reference, Self.reference("x")], model: Data())
    #expect(try store.references(of: "ana").first == reference)
  }

  @Test func anotherProgramsDatabaseIsLeftAsItWas() throws {
    let folder = try Folder()
    let other = folder.path("other.db")
    _ = FileManager.default.createFile(
      atPath: other, contents: nil, attributes: [.posixPermissions: 0o600])
    try SQLiteConnection(path: other, create: false, busyTimeout: 1).execute(
      "CREATE TABLE notes (text TEXT)")
    let before = try #require(FileManager.default.contents(atPath: other))
    #expect(failure { _ = try SignatureStore(path: other) }?.kind == .notAStore)
    #expect(FileManager.default.contents(atPath: other) == before)
    #expect(!FileManager.default.fileExists(atPath: other + "-wal"))
  }

  @Test func aStoreOfAnotherUserIsRefused() throws {
    guard geteuid() == 0 else { return }  // only root can give a file away
    let folder = try Folder()
    let path = folder.path("s.db")
    _ = try SignatureStore(path: path)
    #expect(chown(path, 65_534, 65_534) == 0)
    let error = failure { _ = try SignatureStore(path: path) }
    #expect(error?.kind == .unsafeFile)
    #expect(error?.message.contains("belongs to another user") ?? false)
  }

  @Test func damagedStoresAreRefusedNotCrashedOn() throws {
    let folder = try Folder()
    let path = folder.path("s.db")
    let store = try SignatureStore(path: path)
    for index in 0..<20 {
      try store.enroll(
        user: "u\(index)", references: [Self.reference("r\(index)", count: 300)], model: Data())
    }
    try store.deleteUser("u0")  // checkpointed: the file holds everything
    let whole = try #require(FileManager.default.contents(atPath: path))
    var random = SplitMix64(seed: 3)
    for trial in 0..<12 {
      var bytes = whole
      if trial < 4 {
        bytes = bytes.prefix(bytes.count * (trial + 1) / 5)
      } else {
        for _ in 0..<16 {
          let offset = 100 + Int(random.next() % UInt64(bytes.count - 100))
          bytes[offset] = UInt8(truncatingIfNeeded: random.next())
        }
      }
      let damaged = folder.path("damaged-\(trial).db")
      _ = FileManager.default.createFile(
        atPath: damaged, contents: bytes, attributes: [.posixPermissions: 0o600])
      // Opening, listing and checking either work or fail with a store error; nothing traps.
      do {
        let opened = try SignatureStore(path: damaged, create: false)
        _ = try? opened.users()
        _ = try? opened.integrityCheck()
        _ = try? opened.references(of: "u5")
      } catch {
        #expect([.notAStore, .damaged, .database].contains(error.kind), "\(trial): \(error)")
      }
    }
  }

  @Test func twoWritersAtOnceBothSucceed() throws {
    let folder = try Folder()
    let path = folder.path("s.db")
    _ = try SignatureStore(path: path)
    let failures = FailureList()
    DispatchQueue.concurrentPerform(iterations: 2) { writer in
      do {
        let store = try SignatureStore(path: path)
        for index in 0..<40 {
          let id = "w\(writer)-\(index)"
          try store.enroll(user: id, references: [Self.reference(id)], model: Data())
          try store.log(
            VerificationRecord(
              user: id, date: Self.date, score: 0.5, decision: "genuine", threshold: 0.5,
              evidence: "timing"))
          _ = try store.users()
        }
      } catch {
        failures.append("\(error)")
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all)")
    let store = try SignatureStore(path: path)
    #expect(try store.users().count == 80)
    #expect(try store.verifications().count == 80)
    #expect(try store.integrityCheck() == ["ok"])
  }

  @Test func aDeletedUsersSignaturesLeaveNoByteInTheFiles() throws {
    let folder = try Folder()
    let path = folder.path("s.db")
    let store = try SignatureStore(path: path)
    let marker = "SIGNATURE-OF-ANA-7f3a9c"
    try store.enroll(user: "ana", references: [Self.reference(marker, count: 400)], model: Data())
    try store.enroll(user: "ben", references: [Self.reference("other")], model: Data())
    func holdsMarker() -> Bool {
      [path, path + "-wal"].contains { file in
        guard let bytes = FileManager.default.contents(atPath: file) else { return false }
        return bytes.range(of: Data(marker.utf8)) != nil
      }
    }
    #expect(holdsMarker())
    try store.deleteUser("ana")
    #expect(!holdsMarker())
    #expect(try store.users().map(\.id) == ["ben"])
  }
}

/// Messages collected from concurrent work.
final class FailureList: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []
  func append(_ message: String) { lock.withLock { messages.append(message) } }
  var all: [String] { lock.withLock { messages } }
}
