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
    let checked = try Self.checkFiles(at: path, create: create)
    // A relative name goes to SQLite as `./name`, so that `file:…` and `:memory:` stay file
    // names rather than URIs or an in-memory database.
    let name = path.hasPrefix("/") ? path : "./" + path
    do {
      connection = try SQLiteConnection(
        path: name, create: false, busyTimeout: busyTimeout.isFinite ? max(busyTimeout, 0) : 30)
    } catch {
      throw Self.failure(error, path: path)
    }
    // The file opened is the one checked, not another put at its path in between.
    guard Platform.status(of: path, followingLinks: false)?.identity == checked.identity else {
      throw SignatureStoreError(
        .unsafeFile, "the store was replaced while it was opened", path: path)
    }
    try store { () throws(SQLiteError) in
      try connection.execute(
        """
        PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON;
        PRAGMA temp_store = MEMORY; PRAGMA trusted_schema = OFF;
        """)
    }
    try migrate()
  }

  // MARK: - Users

  /// Every enrolled user, by id (with their models unless `includingModels` is false, when
  /// ``StoredUser/model`` is empty).
  public func users(includingModels: Bool = true) throws(SignatureStoreError) -> [StoredUser] {
    try store { () throws(SQLiteError) in
      let statement = try connection.prepare(
        Self.userQuery(includingModels: includingModels) + " GROUP BY u.id ORDER BY u.id")
      var users: [StoredUser] = []
      while try statement.step() { users.append(Self.user(statement)) }
      return users
    }
  }

  /// The user of `id`, or `nil` when none is enrolled.
  public func user(_ id: String) throws(SignatureStoreError) -> StoredUser? {
    try checkUserID(id)
    return try store { () throws(SQLiteError) in
      let statement = try connection.prepare(
        Self.userQuery(includingModels: true) + " WHERE u.id = ? GROUP BY u.id")
      try statement.bind(.text(id))
      return try statement.step() ? Self.user(statement) : nil
    }
  }

  /// The reference signatures of a user, oldest first, read in one snapshot of the store.
  ///
  /// - Throws: ``SignatureStoreError/Kind/unknownUser`` when no such user is enrolled.
  public func references(of id: String) throws(SignatureStoreError) -> [StoredReference] {
    try checkUserID(id)
    return try store { () throws(SQLiteError) in
      try connection.readTransaction { () throws(SQLiteError) in
        try requireUser(id)
        let statement = try connection.prepare(
          "SELECT format, drawing, features, added FROM reference_signatures WHERE user = ? "
            + "ORDER BY ordinal")
        try statement.bind(.text(id))
        var references: [StoredReference] = []
        while try statement.step() {
          references.append(
            StoredReference(
              format: statement.text(0), drawing: statement.data(1),
              features: statement.data(2),
              added: Date(timeIntervalSince1970: statement.double(3))))
        }
        return references
      }
    }
  }

  /// Enrolls a user with their references and the matcher's model, in one transaction: after a
  /// failure or a kill the user is either wholly enrolled or not at all. With `replacing`, an
  /// enrolled user's references and model are replaced (and the replaced signatures
  /// checkpointed out of the write-ahead log); without, enrolling them again fails.
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
      let replaced = try connection.transaction { () throws(SQLiteError) -> Bool in
        let isEnrolled = try enrolled(id)
        if isEnrolled {
          guard replacing else {
            throw SQLiteError(code: Self.alreadyEnrolledCode, message: id)
          }
          try connection.prepare("DELETE FROM users WHERE id = ?").bind(.text(id)).run()
        }
        let seconds = SQLiteValue.real(date.timeIntervalSince1970)
        try connection.prepare(
          "INSERT INTO users (id, model, enrolled, updated) VALUES (?, ?, ?, ?)"
        ).bind(.text(id), .blob(model), seconds, seconds).run()
        let insert = try connection.prepare(Self.insertReference)
        for (ordinal, reference) in references.enumerated() {
          try insert.bind(Self.values(of: reference, user: id, ordinal: ordinal)).run()
          if ordinal == 0 { Self.killIfAsked(at: "enroll") }
        }
        return isEnrolled
      }
      if replaced { try checkpoint() }
    }
  }

  /// Adds a reference to an enrolled user and replaces their model, in one transaction; when
  /// the user then has more than `keepingAtMost` references, the oldest go (and are
  /// checkpointed out of the write-ahead log). `expectedModel` is the model the new one was
  /// computed from: when another process changed the user in between, nothing is added.
  ///
  /// - Throws: ``SignatureStoreError/Kind/unknownUser``,
  ///   ``SignatureStoreError/Kind/changed`` when the user's model is no longer
  ///   `expectedModel`, ``SignatureStoreError/Kind/invalidContent`` when `keepingAtMost` is not
  ///   1…``maximumReferences``.
  public func addReference(
    _ reference: StoredReference, to id: String, model: Data, expectedModel: Data,
    keepingAtMost: Int, date: Date = Date()
  ) throws(SignatureStoreError) {
    try checkUserID(id)
    try checkReferenceCount(keepingAtMost, user: id)
    try store { () throws(SQLiteError) in
      let trimmed = try connection.transaction { () throws(SQLiteError) -> Bool in
        let current = try connection.prepare("SELECT model FROM users WHERE id = ?")
        try current.bind(.text(id))
        guard try current.step() else {
          throw SQLiteError(code: Self.unknownUserCode, message: id)
        }
        guard current.data(0) == expectedModel else {
          throw SQLiteError(code: Self.changedCode, message: id)
        }
        let last = try connection.prepare(
          "SELECT coalesce(max(ordinal), -1) FROM reference_signatures WHERE user = ?")
        try last.bind(.text(id))
        _ = try last.step()
        try connection.prepare(Self.insertReference).bind(
          Self.values(of: reference, user: id, ordinal: last.integer(0) + 1)
        ).run()
        try connection.prepare(
          "DELETE FROM reference_signatures WHERE user = ? AND ordinal NOT IN (SELECT ordinal "
            + "FROM reference_signatures WHERE user = ? ORDER BY ordinal DESC LIMIT ?)"
        ).bind(.text(id), .text(id), .integer(keepingAtMost)).run()
        let dropped = connection.changes > 0
        Self.killIfAsked(at: "update")
        try connection.prepare("UPDATE users SET model = ?, updated = ? WHERE id = ?")
          .bind(.blob(model), .real(date.timeIntervalSince1970), .text(id)).run()
        return dropped
      }
      if trimmed { try checkpoint() }
    }
  }

  /// Deletes a user with their references and model (their lines of the verification log stay:
  /// they hold no signature). The deleted pages are overwritten and the write-ahead log is
  /// checkpointed into the file and emptied, so that the signatures do not linger in it.
  ///
  /// - Returns: Whether the user was enrolled.
  /// - Throws: ``SignatureStoreError/Kind/database`` when another process reading the store
  ///   kept the log from being emptied (the user is deleted; their signatures stay in the log
  ///   until the next checkpoint, which every opening of the store tries).
  @discardableResult
  public func deleteUser(_ id: String) throws(SignatureStoreError) -> Bool {
    try checkUserID(id)
    return try store { () throws(SQLiteError) in
      let deleted = try connection.transaction { () throws(SQLiteError) in
        try connection.prepare("DELETE FROM users WHERE id = ?").bind(.text(id)).run()
        return connection.changes > 0
      }
      if deleted { try checkpoint() }
      return deleted
    }
  }

  /// The point inside a write transaction where the process kills itself with `SIGKILL`, named
  /// by the environment variable `DUCTUS_STORE_KILL_INSIDE` (`enroll`: after an enrolment's
  /// first reference is written; `update`: after an added reference is written and the oldest
  /// trimmed, before the model is replaced). The kill tests use it to show that a transaction
  /// cut short leaves nothing behind; unset, nothing happens.
  static let killPoint = ProcessInfo.processInfo.environment["DUCTUS_STORE_KILL_INSIDE"]

  private static func killIfAsked(at point: String) {
    if killPoint == point { kill(getpid(), SIGKILL) }
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
        .text(record.user), .real(record.date.timeIntervalSince1970), .real(record.score),
        .text(record.decision), .real(record.threshold), .text(record.evidence)
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
      if let user { try statement.bind(.text(user)) }
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

  /// How many verifications the log holds for each user that has any.
  public func verificationCounts() throws(SignatureStoreError) -> [String: Int] {
    try store { () throws(SQLiteError) in
      let statement = try connection.prepare(
        "SELECT user, count(*) FROM verifications GROUP BY user")
      var counts: [String: Int] = [:]
      while try statement.step() { counts[statement.text(0)] = statement.integer(1) }
      return counts
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

  /// The files of a store must be its own: regular files of this user that no other user can
  /// read or write. A missing store is created `0600` when `create` (a store another process
  /// creates at the same moment is then checked as any other).
  ///
  /// - Returns: The store file's status, to compare with the file SQLite opens.
  private static func checkFiles(at path: String, create: Bool) throws(SignatureStoreError)
    -> Platform.FileStatus
  {
    if Platform.status(of: path, followingLinks: false) == nil {
      guard create else {
        throw SignatureStoreError(
          .missing, "no such store (enroll a user to create one)", path: path)
      }
      do {
        Platform.closeQuietly(try Platform.createFile(path, permissions: 0o600))
      } catch  where error.code == .EEXIST {
        // Created by another process meanwhile: checked below.
      } catch {
        throw SignatureStoreError(
          .database, "cannot create the store (\(Platform.errorMessage(error.code.rawValue)))",
          path: path)
      }
    }
    guard let status = Platform.status(of: path, followingLinks: false) else {
      throw SignatureStoreError(.missing, "the store vanished while it was opened", path: path)
    }
    for (file, status) in [(path, status)]
      + ["-wal", "-shm"].compactMap({ suffix in
        Platform.status(of: path + suffix, followingLinks: false).map { (path + suffix, $0) }
      })
    {
      // The message begins with the store's path: the store itself is "the store".
      let file = file == path ? "the store" : file
      guard status.kind == .regular else {
        throw SignatureStoreError(
          .unsafeFile, "\(file) is not a regular file (a link, a folder or a device)",
          path: path)
      }
      guard status.owner == Platform.effectiveUserID else {
        throw SignatureStoreError(
          .unsafeFile, "\(file) belongs to another user (uid \(status.owner))", path: path)
      }
      guard status.permissions & 0o077 == 0 else {
        throw SignatureStoreError(
          .unsafeFile,
          "\(file) can be read or written by other users (mode "
            + "\(String(status.permissions, radix: 8))); a store of signatures must be 0600 "
            + "(chmod 600)", path: path)
      }
    }
    return status
  }

  // MARK: - Schema

  /// Refuses a file that is not a store before changing anything in it, sets the journal to a
  /// write-ahead log, tries a checkpoint of what an earlier process left in the log, and brings
  /// an older schema up to date (taking the write lock only then).
  private func migrate() throws(SignatureStoreError) {
    try store { () throws(SQLiteError) in
      func identify() throws(SQLiteError) -> Int {
        let application = try integer("PRAGMA application_id")
        let version = try integer("PRAGMA user_version")
        if application != SignatureStoreSchema.applicationID {
          guard application == 0, version == 0,
            try integer("SELECT count(*) FROM sqlite_schema") == 0
          else {
            throw SQLiteError(code: Self.notAStoreCode, message: "")
          }
        }
        guard version <= SignatureStoreSchema.version else {
          throw SQLiteError(code: Self.newerSchemaCode, message: "\(version)")
        }
        return version
      }
      _ = try identify()
      try connection.execute("PRAGMA journal_mode = WAL; PRAGMA journal_size_limit = 0")
      try connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
      guard try identify() < SignatureStoreSchema.version else { return }
      try connection.transaction { () throws(SQLiteError) in
        var version = try identify()
        if version == 0 {
          try connection.execute("PRAGMA application_id = \(SignatureStoreSchema.applicationID)")
        }
        while version < SignatureStoreSchema.version {
          try connection.execute(SignatureStoreSchema.migrations[version])
          version += 1
          try connection.execute("PRAGMA user_version = \(version)")
        }
      }
    }
  }

  /// Copies the write-ahead log into the file and empties it, so that pages just deleted or
  /// replaced leave no copy in it; fails when a reader in another process keeps it in use.
  private func checkpoint() throws(SQLiteError) {
    let statement = try connection.prepare("PRAGMA wal_checkpoint(TRUNCATE)")
    guard try statement.step(), statement.integer(0) == 0 else {
      throw SQLiteError(
        code: SQLITE_BUSY,
        message: "another process reading the store kept its write-ahead log from being "
          + "emptied; the deleted signatures stay in it until the next checkpoint")
    }
  }

  // MARK: - SQL

  private static func userQuery(includingModels: Bool) -> String {
    "SELECT u.id, count(r.ordinal), \(includingModels ? "u.model" : "x''"), u.enrolled, "
      + "u.updated FROM users u LEFT JOIN reference_signatures r ON r.user = u.id"
  }

  private static let insertReference =
    "INSERT INTO reference_signatures (user, ordinal, format, drawing, features, added) "
    + "VALUES (?, ?, ?, ?, ?, ?)"

  private static func values(of reference: StoredReference, user: String, ordinal: Int)
    -> [SQLiteValue]
  {
    [
      .text(user), .integer(ordinal), .text(reference.format), .blob(reference.drawing),
      .blob(reference.features), .real(reference.added.timeIntervalSince1970),
    ]
  }

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
    try statement.bind(.text(id))
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
  private static let changedCode: Int32 = 1005

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
    case changedCode:
      return SignatureStoreError(
        .changed,
        "user \(quoted(error.message)) was changed by another process meanwhile; nothing was "
          + "added (try again)", path: path)
    case notAStoreCode:
      return SignatureStoreError(
        .notAStore, "is an SQLite database of something else, not a signature store",
        path: path)
    case newerSchemaCode:
      return SignatureStoreError(
        .newerSchema,
        "the store has schema \(error.message), newer than the "
          + "\(SignatureStoreSchema.version) this ductus reads", path: path)
    case SQLITE_NOTADB:
      return SignatureStoreError(
        .notAStore, "is not a signature store (not an SQLite database)", path: path)
    case SQLITE_CORRUPT:
      return SignatureStoreError(
        .damaged, "the store is damaged (SQLite: \(error.message)); restore it from a backup",
        path: path)
    case SQLITE_BUSY, SQLITE_LOCKED:
      return SignatureStoreError(
        .database,
        error.message.isEmpty || error.message.hasPrefix("database is")
          ? "another process held the store's lock for longer than the busy timeout"
          : error.message, path: path)
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
