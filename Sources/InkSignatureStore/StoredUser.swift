import Foundation

/// An enrolled user as the store lists them: the id, how many references they have, the
/// matcher's model of them (its statistics and thresholds, opaque to the store) and when they
/// were enrolled and last changed.
public struct StoredUser: Hashable, Sendable {
  /// The user's id.
  public var id: String
  /// The number of reference signatures.
  public var referenceCount: Int
  /// The matcher's model of the user, encoded by the matcher.
  public var model: Data
  /// When the user was enrolled.
  public var enrolled: Date
  /// When the user's references or model last changed.
  public var updated: Date

  /// A user.
  public init(id: String, referenceCount: Int, model: Data, enrolled: Date, updated: Date) {
    self.id = id
    self.referenceCount = referenceCount
    self.model = model
    self.enrolled = enrolled
    self.updated = updated
  }
}
