import CSQLite
import Foundation
import _DuctusSupport

/// Enrolled signatures in one SQLite file: users with the matcher's model of each, their
/// reference signatures (the drawing's bytes and their features), and an append-only log of
/// verifications.
///
/// ```swift
/// let store = try SignatureStore(path: "signatures.db")
/// try store.enroll(user: "ana", references: references, model: model)
/// try store.log(VerificationRecord(user: "ana", date: .now, score: 0.93, …))
/// ```
///
/// What keeps the biometric data safe (see <doc:KeepingSignatures>):
/// - the file is created `0600`, and a store (or its write-ahead log) that other users can read
///   or write, a symbolic link or a special file is refused, not opened;
/// - every write is one transaction (an enrolment is all of it or none of it, also when the
///   process is killed), the journal is a write-ahead log (`WAL`, so that readers and one writer
///   go on together and a second writer waits up to the busy timeout instead of failing), and
///   commits are synchronous (`synchronous=FULL`);
/// - values go to SQLite as bound parameters only, never in SQL text;
/// - deleted signatures are overwritten (`secure_delete`) and checkpointed out of the log, and
///   SQLite's temporary tables stay in memory (`temp_store=MEMORY`), so that no sample is written
///   outside the file.
///
/// A store object is used from one thread at a time; other threads and processes open their own.
public final class SignatureStore {
  /// The store's path.
  public let path: String
  /// The connection (internal for tests of its settings).
  let connection: SQLiteConnection

  /// The longest user id, in bytes of UTF-8.
  public static let maximumUserIDBytes = 256
  /// The most references one user may have.
  public static let maximumReferences = 64

  /// Opens the store at `path`, creating it (mode `0600`) when it is missing and `create`, and
  /// bringing an older schema up to date. A statement that finds the file locked by another
  /// process waits up to `busyTimeout` seconds.
  ///
  /// - Throws: ``SignatureStoreError`` (``SignatureStoreError/Kind/missing``,
  ///   ``SignatureStoreError/Kind/unsafeFile``, ``SignatureStoreError/Kind/notAStore``,
  ///   ``SignatureStoreError/Kind/newerSchema``, ``SignatureStoreError/Kind/database``).
  public init(path: String, create: Bool = true, busyTimeout: Double = 30)
    throws(SignatureStoreError)
  {
    self.path = path
    try Self.checkFiles(at: path, create: create)
    do {
      connection = try SQLiteConnection(path: path, create: false, busyTimeout: busyTimeout)
    } catch {
      throw Self.failure(error, path: path)
    }
    try store { () throws(SQLiteError) in
      try connection.execute(
        """
        PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;
        PRAGMA secure_delete = ON; PRAGMA temp_store = MEMORY; PRAGMA trusted_schema = OFF;
        """)
    }
    try migrate()
  }

  // MARK: - Users

  /// Every enrolled user, by id.
  public func users() throws(SignatureStoreError) -> [StoredUser] {
    try store { () throws(SQLiteError) in
      let statement = try connection.prepare(Self.userQuery + " GROUP BY u.id ORDER BY u.id")
      var users: [StoredUser] = []
      while try statement.step() { users.append(Self.user(statement)) }
      return users
    }
  }

  /// The user of `id`, or `nil` when none is enrolled.
  public func user(_ id: String) throws(SignatureStoreError) -> StoredUser? {
    try checkUserID(id)
    return try store { () throws(SQLiteError) in
      let statement = try connection.prepare(Self.userQuery + " WHERE u.id = ? GROUP BY u.id")
      try statement.bind(id)
      return try statement.step() ? Self.user(statement) : nil
    }
  }

  /// The reference signatures of a user, oldest first.
  ///
  /// - Throws: ``SignatureStoreError/Kind/unknownUser`` when no such user is enrolled.
  public func references(of id: String) throws(SignatureStoreError) -> [StoredReference] {
    try checkUserID(id)
    return try store { () throws(SQLiteError) in
      try requireUser(id)
      let statement = try connection.prepare(
        "SELECT format, drawing, features, added FROM reference_signatures WHERE user = ? "
          + "ORDER BY ordinal")
      try statement.bind(id)
      var references: [StoredReference] = []
      while try statement.step() {
        references.append(
          StoredReference(
            format: statement.text(0), drawing: statement.data(1), features: statement.data(2),
            added: Date(timeIntervalSince1970: statement.double(3))))
      }
      return references
    }
  }

  /// Enrolls a user with their references and the matcher's model, in one transaction: after a
  /// failure or a kill the user is either wholly enrolled or not at all. With `replacing`, an
  /// enrolled user's references and model are replaced; without, enrolling them again fails.
  ///
  /// - Throws: ``SignatureStoreError/Kind/alreadyEnrolled``,
  ///   ``SignatureStoreError/Kind/invalidContent`` (no references, or more than
  ///   ``maximumReferences``), ``SignatureStoreError/Kind/invalidUserID``.
  public func enroll(
    user id: String, references: [StoredReference], model: Data, replacing: Bool = false,
    date: Date = Date()
  ) throws(SignatureStoreError) {
    try checkUserID(id)
    try checkReferenceCount(references.count, user: id)
    try store { () throws(SQLiteError) in
      try connection.transaction { () throws(SQLiteError) in
        if try enrolled(id) {
          guard replacing else {
            throw SQLiteError(code: Self.alreadyEnrolledCode, message: id)
          }
          try connection.prepare("DELETE FROM users WHERE id = ?").bind(id).run()
        }
        try connection.prepare(
          "INSERT INTO users (id, model, enrolled, updated) VALUES (?, ?, ?, ?)"
        ).bind(id, model, date.timeIntervalSince1970, date.timeIntervalSince1970).run()
        let insert = try connection.prepare(
          "INSERT INTO reference_signatures (user, ordinal, format, drawing, features, added) "
            + "VALUES (?, ?, ?, ?, ?, ?)")
        for (ordinal, reference) in references.enumerated() {
          try insert.bind(
            id, ordinal, reference.format, reference.drawing, reference.features,
            reference.added.timeIntervalSince1970
          ).run()
        }
      }
    }
  }

  /// Adds a reference to an enrolled user and replaces their model, in one transaction; when
  /// the user then has more than `keepingAtMost` references, the oldest go.
  ///
  /// - Throws: ``SignatureStoreError/Kind/unknownUser``,
  ///   ``SignatureStoreError/Kind/invalidContent`` when `keepingAtMost` is not 1…
  ///   ``maximumReferences``.
  public func addReference(
    _ reference: StoredReference, to id: String, model: Data, keepingAtMost: Int,
    date: Date = Date()
  ) throws(SignatureStoreError) {
    try checkUserID(id)
    try checkReferenceCount(keepingAtMost, user: id)
    try store { () throws(SQLiteError) in
      try connection.transaction { () throws(SQLiteError) in
        try requireUser(id)
        let last = try connection.prepare(
          "SELECT coalesce(max(ordinal), -1) FROM reference_signatures WHERE user = ?")
        try last.bind(id)
        _ = try last.step()
        let ordinal = last.integer(0) + 1
        try connection.prepare(
          "INSERT INTO reference_signatures (user, ordinal, format, drawing, features, added) "
            + "VALUES (?, ?, ?, ?, ?, ?)"
        ).bind(
          id, ordinal, reference.format, reference.drawing, reference.features,
          reference.added.timeIntervalSince1970
        ).run()
        try connection.prepare(
          "DELETE FROM reference_signatures WHERE user = ? AND ordinal NOT IN (SELECT ordinal "
            + "FROM reference_signatures WHERE user = ? ORDER BY ordinal DESC LIMIT ?)"
        ).bind(id, id, keepingAtMost).run()
        try connection.prepare("UPDATE users SET model = ?, updated = ? WHERE id = ?")
          .bind(model, date.timeIntervalSince1970, id).run()
      }
    }
  }

  /// Deletes a user with their references and model (their lines of the verification log stay:
  /// they hold no signature). The deleted pages are overwritten and the write-ahead log is
  /// checkpointed into the file and emptied, so that the signatures do not linger in it.
  ///
  /// - Returns: Whether the user was enrolled.
  @discardableResult
  public func deleteUser(_ id: String) throws(SignatureStoreError) -> Bool {
    try checkUserID(id)
    return try store { () throws(SQLiteError) in
      let deleted = try connection.transaction { () throws(SQLiteError) in
        try connection.prepare("DELETE FROM users WHERE id = ?").bind(id).run()
        return connection.changes > 0
      }
      try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      return deleted
    }
  }

  // MARK: - The verification log

  /// Appends a verification to the log.
  public func log(_ record: VerificationRecord) throws(SignatureStoreError) {
    try checkUserID(record.user)
    try store { () throws(SQLiteError) in
      try connection.prepare(
        "INSERT INTO verifications (user, date, score, decision, threshold, evidence) "
          + "VALUES (?, ?, ?, ?, ?, ?)"
      ).bind(
        record.user, record.date.timeIntervalSince1970, record.score, record.decision,
        record.threshold, record.evidence
      ).run()
    }
  }

  /// The log's verifications, oldest first: of one user, or of all when `user` is `nil`.
  public func verifications(of user: String? = nil) throws(SignatureStoreError)
    -> [VerificationRecord]
  {
    if let user { try checkUserID(user) }
    return try store { () throws(SQLiteError) in
      let statement = try connection.prepare(
        "SELECT user, date, score, decision, threshold, evidence FROM verifications"
          + (user == nil ? "" : " WHERE user = ?") + " ORDER BY id")
      if let user { try statement.bind(user) }
      var records: [VerificationRecord] = []
      while try statement.step() {
        records.append(
          VerificationRecord(
            user: statement.text(0), date: Date(timeIntervalSince1970: statement.double(1)),
            score: statement.double(2), decision: statement.text(3),
            threshold: statement.double(4), evidence: statement.text(5)))
      }
      return records
    }
  }

  // MARK: - Health

  /// SQLite's `PRAGMA integrity_check`: `["ok"]` for a sound file, else its findings.
  public func integrityCheck() throws(SignatureStoreError) -> [String] {
    try store { () throws(SQLiteError) in
      let statement = try connection.prepare("PRAGMA integrity_check")
      var lines: [String] = []
      while try statement.step() { lines.append(statement.text(0)) }
      return lines
    }
  }

  /// The schema version of the file.
  public func schemaVersion() throws(SignatureStoreError) -> Int {
    try store { () throws(SQLiteError) in try integer("PRAGMA user_version") }
  }

  // MARK: - Checks

  /// Refuses an id that SQLite or a terminal could take for something else: empty, longer than
  /// ``maximumUserIDBytes``, or holding a control character (NUL among them, which would cut
  /// the id short in C). Quotes, slashes and any other text are data, as everything bound is.
  ///
  /// - Returns: What is wrong with the id, or `nil` when it may be stored.
  public static func problem(withUserID id: String) -> String? {
    if id.isEmpty { return "a user id is empty" }
    if id.utf8.count > maximumUserIDBytes {
      return "a user id has at most \(maximumUserIDBytes) bytes, not \(id.utf8.count)"
    }
    if id.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "a user id may not hold a control character (NUL, a tab, a line break …)"
    }
    return nil
  }

  private func checkUserID(_ id: String) throws(SignatureStoreError) {
    if let problem = Self.problem(withUserID: id) {
      throw SignatureStoreError(.invalidUserID, problem, path: path)
    }
  }

  private func checkReferenceCount(_ count: Int, user: String) throws(SignatureStoreError) {
    guard (1...Self.maximumReferences).contains(count) else {
      throw SignatureStoreError(
        .invalidContent,
        "user \(Self.quoted(user)): a user has 1 to \(Self.maximumReferences) references, "
          + "not \(count)", path: path)
    }
  }

  /// The files of a store must be its own: regular files only the owner can read and write.
  private static func checkFiles(at path: String, create: Bool) throws(SignatureStoreError) {
    guard let status = Platform.status(of: path, followingLinks: false) else {
      guard create else {
        throw SignatureStoreError(
          .missing, "no such store (enroll a user to create one)", path: path)
      }
      do {
        Platform.closeQuietly(try Platform.createFile(path, permissions: 0o600))
      } catch {
        throw SignatureStoreError(
          .database, "cannot create the store (\(Platform.errorMessage(error.code.rawValue)))",
          path: path)
      }
      return
    }
    for (file, status) in [(path, status)]
      + ["-wal", "-shm"].compactMap({ suffix in
        Platform.status(of: path + suffix, followingLinks: false).map { (path + suffix, $0) }
      })
    {
      guard status.kind == .regular else {
        throw SignatureStoreError(
          .unsafeFile, "\(file) is not a regular file (a link, a folder or a device)", path: path)
      }
      guard status.permissions & 0o077 == 0 else {
        throw SignatureStoreError(
          .unsafeFile,
          "\(file) can be read or written by other users (mode "
            + "\(String(status.permissions, radix: 8))); a store of signatures must be 0600 "
            + "(chmod 600)", path: path)
      }
    }
  }

  // MARK: - Schema

  private func migrate() throws(SignatureStoreError) {
    try store { () throws(SQLiteError) in
      try connection.transaction { () throws(SQLiteError) in
        let application = try integer("PRAGMA application_id")
        var version = try integer("PRAGMA user_version")
        if application != SignatureStoreSchema.applicationID {
          let tables = try integer("SELECT count(*) FROM sqlite_schema")
          guard application == 0, version == 0, tables == 0 else {
            throw SQLiteError(code: Self.notAStoreCode, message: "")
          }
          try connection.execute("PRAGMA application_id = \(SignatureStoreSchema.applicationID)")
        }
        guard version <= SignatureStoreSchema.version else {
          throw SQLiteError(code: Self.newerSchemaCode, message: "\(version)")
        }
        while version < SignatureStoreSchema.version {
          try connection.execute(SignatureStoreSchema.migrations[version])
          version += 1
          try connection.execute("PRAGMA user_version = \(version)")
        }
      }
    }
  }

  // MARK: - SQL

  private static let userQuery =
    "SELECT u.id, count(r.ordinal), u.model, u.enrolled, u.updated FROM users u "
    + "LEFT JOIN reference_signatures r ON r.user = u.id"

  private static func user(_ statement: SQLiteStatement) -> StoredUser {
    StoredUser(
      id: statement.text(0), referenceCount: statement.integer(1), model: statement.data(2),
      enrolled: Date(timeIntervalSince1970: statement.double(3)),
      updated: Date(timeIntervalSince1970: statement.double(4)))
  }

  private func integer(_ query: String) throws(SQLiteError) -> Int {
    let statement = try connection.prepare(query)
    return try statement.step() ? statement.integer(0) : 0
  }

  private func enrolled(_ id: String) throws(SQLiteError) -> Bool {
    let statement = try connection.prepare("SELECT 1 FROM users WHERE id = ?")
    try statement.bind(id)
    return try statement.step()
  }

  private func requireUser(_ id: String) throws(SQLiteError) {
    guard try enrolled(id) else { throw SQLiteError(code: Self.unknownUserCode, message: id) }
  }

  /// Codes outside SQLite's (which end at 101) for the store's own refusals inside a
  /// transaction, turned into ``SignatureStoreError`` kinds by ``store(_:)``.
  private static let alreadyEnrolledCode: Int32 = 1001
  private static let unknownUserCode: Int32 = 1002
  private static let notAStoreCode: Int32 = 1003
  private static let newerSchemaCode: Int32 = 1004

  /// Runs SQL, turning its failures into ``SignatureStoreError``s naming the store.
  private func store<Result>(_ body: () throws(SQLiteError) -> Result)
    throws(SignatureStoreError) -> Result
  {
    do {
      return try body()
    } catch {
      throw Self.failure(error, path: path)
    }
  }

  private static func failure(_ error: SQLiteError, path: String) -> SignatureStoreError {
    switch error.code {
    case alreadyEnrolledCode:
      return SignatureStoreError(
        .alreadyEnrolled,
        "user \(quoted(error.message)) is enrolled already (enroll them replacing their "
          + "references to enroll them again)", path: path)
    case unknownUserCode:
      return SignatureStoreError(
        .unknownUser, "no user \(quoted(error.message)) is enrolled", path: path)
    case notAStoreCode:
      return SignatureStoreError(
        .notAStore, "is an SQLite database of something else, not a signature store", path: path)
    case newerSchemaCode:
      return SignatureStoreError(
        .newerSchema,
        "the store has schema \(error.message), newer than the "
          + "\(SignatureStoreSchema.version) this ductus reads", path: path)
    case SQLITE_NOTADB:
      return SignatureStoreError(
        .notAStore, "is not a signature store (not an SQLite database)", path: path)
    case SQLITE_BUSY, SQLITE_LOCKED:
      return SignatureStoreError(
        .database, "another process held the store's lock for longer than the busy timeout",
        path: path)
    default:
      return SignatureStoreError(.database, "SQLite: \(error.message)", path: path)
    }
  }

  /// A user id in messages: in quotes, control characters escaped, cut to 64 characters.
  public static func quoted(_ id: String) -> String {
    let escaped = id.unicodeScalars.prefix(64).map { scalar in
      scalar.value < 0x20 || scalar.value == 0x7F
        ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }.joined()
    return "'" + escaped + (id.unicodeScalars.count > 64 ? "…" : "") + "'"
  }
}
