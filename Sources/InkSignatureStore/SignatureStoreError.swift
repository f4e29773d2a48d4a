/// Why a signature store could not do what was asked, in one line naming the store (and the
/// user, when one is concerned).
public struct SignatureStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of failure.
  public enum Kind: String, Hashable, Sendable {
    /// The file is missing and was not to be created.
    case missing
    /// The file is not a Ductus signature store (another SQLite file, or not SQLite at all).
    case notAStore
    /// The store was written by a newer Ductus, whose schema this one does not know.
    case newerSchema
    /// The file (or its write-ahead log) can be read or written by other users, or is not a
    /// regular file.
    case unsafeFile
    /// A user id that is empty, too long or holds a control character.
    case invalidUserID
    /// No user of that id is enrolled.
    case unknownUser
    /// The user is enrolled already.
    case alreadyEnrolled
    /// Another process changed the user between reading and writing; nothing was written.
    case changed
    /// What was to be stored breaks a rule of the store (no references, too many).
    case invalidContent
    /// The file is an SQLite database that SQLite finds malformed (`SQLITE_CORRUPT`): cut
    /// short or overwritten.
    case damaged
    /// SQLite failed: the disk is full, the lock was held too long.
    case database
  }

  /// The kind of failure.
  public var kind: Kind
  /// What is wrong, in a short sentence without a trailing full stop.
  public var message: String
  /// The store's path.
  public var path: String

  /// Creates an error.
  public init(_ kind: Kind, _ message: String, path: String) {
    self.kind = kind
    self.message = message
    self.path = path
  }

  /// One line: `store: message`.
  public var description: String { "\(path): \(message)" }
}
