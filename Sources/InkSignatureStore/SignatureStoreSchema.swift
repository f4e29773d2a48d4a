/// The store's schema and how a store of an older schema is brought up to date: SQLite's
/// `user_version` holds the schema's number and `application_id` marks the file as a Ductus
/// signature store.
enum SignatureStoreSchema {
  /// The schema this Ductus writes and the newest it reads.
  static let version = 1

  /// `application_id` of a Ductus signature store: `DCTS` in ASCII.
  static let applicationID = 0x4443_5453

  /// The statements that take a store from schema `k` to `k + 1`, for `k` from 0.
  static let migrations: [String] = [
    """
    CREATE TABLE users (
      id TEXT PRIMARY KEY NOT NULL,
      model BLOB NOT NULL,
      enrolled REAL NOT NULL,
      updated REAL NOT NULL
    ) STRICT;
    CREATE TABLE reference_signatures (
      user TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      ordinal INTEGER NOT NULL,
      format TEXT NOT NULL,
      drawing BLOB NOT NULL,
      features BLOB NOT NULL,
      added REAL NOT NULL,
      PRIMARY KEY (user, ordinal)
    ) STRICT;
    CREATE TABLE verifications (
      id INTEGER PRIMARY KEY,
      user TEXT NOT NULL,
      date REAL NOT NULL,
      score REAL NOT NULL,
      decision TEXT NOT NULL,
      threshold REAL NOT NULL,
      evidence TEXT NOT NULL
    ) STRICT;
    CREATE INDEX verifications_by_user ON verifications (user, id);
    CREATE TRIGGER verifications_are_not_changed BEFORE UPDATE ON verifications
    BEGIN SELECT RAISE(ABORT, 'the verification log is append-only'); END;
    CREATE TRIGGER verifications_are_not_deleted BEFORE DELETE ON verifications
    BEGIN SELECT RAISE(ABORT, 'the verification log is append-only'); END;
    """
  ]
}
