import Foundation
import InkFeatures
import InkFormats
import InkSignatureStore
import InkSignatures
import _DuctusSupport

/// What the store commands share: `--store` and `--user`, opening the store, and the
/// template each user's model is.
enum SignatureStoreOptions {
  /// `--store FILE`.
  static let store = OptionDeclaration.value(
    "store", valueName: "file",
    help: "The signature store: an SQLite file, created 0600 by enroll, refused when other "
      + "users can read it.")
  /// `--user ID`.
  static let user = OptionDeclaration.value(
    "user", valueName: "id",
    help: "The user's id: 1-256 bytes of UTF-8 without control characters.")

  /// The store's path, required.
  static func storePath(_ arguments: ParsedArguments) throws -> String {
    guard let path = arguments.value(store.name) else {
      throw UsageError("missing --store FILE (the signature store)")
    }
    return path
  }

  /// The user's id, required and checked.
  static func userID(_ arguments: ParsedArguments) throws -> String {
    guard let id = arguments.value(user.name) else {
      throw UsageError("missing --user ID (whose signatures)")
    }
    if let problem = SignatureStore.problem(withUserID: id) {
      throw UsageError("--user: \(problem)")
    }
    return id
  }

  /// Opens the store (creating it only when `create`).
  static func open(_ arguments: ParsedArguments, create: Bool) throws -> SignatureStore {
    try SignatureStore(path: try storePath(arguments), create: create)
  }

  /// A user's template, from the model the store keeps.
  static func template(of user: StoredUser, store: SignatureStore) throws -> SignatureTemplate {
    do {
      return try JSONDecoder().decode(SignatureTemplate.self, from: user.model)
    } catch {
      throw CommandFailure(
        .malformedInput,
        "\(store.path): user \(SignatureStore.quoted(user.id)): the model cannot be read "
          + "(\(error))")
    }
  }

  /// The most users whose signatures make a new template's cohort.
  static let cohortSize = 20

  /// The cohort a user's template is set against (see
  /// `SignatureDistanceNormalization.cohortAnchored`): the first reference of each of up to
  /// ``cohortSize`` other users of the store, in id order; none in a store without other
  /// users, when the template takes the typical cohort distance.
  ///
  /// The features are computed again from the stored drawings, not taken from the other
  /// users' templates: a template keeps the features of the Ductus that enrolled it, which may
  /// lack functions the enrolling matcher compares (templates enrolled before the shared-scale
  /// velocity components hold no `dxShared`, `dyShared`).
  static func cohort(excluding id: String, in store: SignatureStore) throws
    -> [SignatureFeatures]
  {
    try store.users(includingModels: false).filter { $0.id != id }.prefix(cohortSize)
      .compactMap { user in
        try store.references(of: user.id).first.map {
          try features(of: $0, reference: 1, user: user.id, store: store)
        }
      }
  }

  /// The matcher's features of a stored reference, computed from its drawing (Ductus JSON, as
  /// the store commands keep it), or a failure (65) naming the store, the user and the
  /// reference.
  static func features(
    of reference: StoredReference, reference index: Int, user: String, store: SignatureStore
  ) throws(CommandFailure) -> SignatureFeatures {
    let place = "\(store.path): user \(SignatureStore.quoted(user)), reference \(index)"
    guard reference.format == InkFileFormat.ductusJSON.rawValue else {
      throw CommandFailure(
        .malformedInput, "\(place): the drawing is kept as \(reference.format), not ductus-json")
    }
    do {
      let drawing = try DuctusJSONReader().drawing(from: reference.drawing)
      return SignatureMatcher.features(of: try SignatureSamples(drawing: drawing))
    } catch {
      throw CommandFailure(
        .malformedInput, "\(place): the stored drawing cannot be read (\(error))")
    }
  }

  /// A template as the store keeps it: JSON, keys sorted.
  static func model(of template: SignatureTemplate) throws -> Data {
    try json(template)
  }

  /// A value as JSON, keys sorted: how the store keeps a template and an export a matcher.
  static func json(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(value)
  }

  /// Enrolls a user from records and their template, a user enrolled already being a usage
  /// error unless `replacing`; the answer line of the enrolment.
  static func enroll(
    _ user: String, records: [SignatureRecord], template: SignatureTemplate,
    replacing: Bool, in store: SignatureStore
  ) throws -> SignatureEnrollCommand.Answer {
    let date = Date()
    do {
      try store.enroll(
        user: user, references: try records.map { try $0.reference(added: date) },
        model: try model(of: template), replacing: replacing, date: date)
    } catch let error as SignatureStoreError where error.kind == .alreadyEnrolled {
      throw UsageError(
        "\(store.path): user \(SignatureStore.quoted(user)) is enrolled already; give "
          + "--replace to replace their references")
    }
    return SignatureEnrollCommand.Answer(
      user: user, references: records.count, store: store.path)
  }

  /// The enrolled user, or a failure (66) naming the store.
  static func enrolledUser(_ id: String, in store: SignatureStore) throws -> StoredUser {
    guard let user = try store.user(id) else {
      throw CommandFailure(
        .inputMissing, "\(store.path): no user \(SignatureStore.quoted(id)) is enrolled")
    }
    return user
  }
}
