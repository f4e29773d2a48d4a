import Foundation
import InkFeatures
import InkFormats
import InkSignatureStore
import InkSignatures
import OpenPencilKit
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
    // CommandLine.arguments reads every byte that is not UTF-8 as U+FFFD.
    let undecodable =
      id.contains("\u{FFFD}")
      && invalidUTF8Arguments().contains { $0 == id || $0.hasSuffix("=" + id) }
    if undecodable {
      throw UsageError(
        "--user: the id's bytes are not valid UTF-8 (an id is 1-256 bytes of UTF-8; bytes "
          + "that are not would all read as the same replacement character)")
    }
    if let problem = SignatureStore.problem(withUserID: id) {
      throw UsageError("--user: \(problem)")
    }
    return id
  }

  /// The process's arguments whose bytes are not valid UTF-8, as `CommandLine.arguments`
  /// decodes them (each invalid sequence a U+FFFD): ids that would otherwise collide.
  static func invalidUTF8Arguments() -> [String] {
    (0..<Int(CommandLine.argc)).compactMap { index in
      guard let bytes = CommandLine.unsafeArgv[index],
        String(validatingCString: bytes) == nil
      else { return nil }
      return String(cString: bytes)
    }
  }

  /// Opens the store (creating it only when `create`).
  static func open(_ arguments: ParsedArguments, create: Bool) throws -> SignatureStore {
    try SignatureStore(path: try storePath(arguments), create: create)
  }

  /// A user's template, from the model the store keeps.
  static func template(of user: StoredUser, store: SignatureStore) throws -> SignatureTemplate {
    let template: SignatureTemplate
    do {
      template = try JSONDecoder().decode(SignatureTemplate.self, from: user.model)
    } catch {
      throw CommandFailure(
        .malformedInput,
        "\(store.path): user \(SignatureStore.quoted(user.id)): the model cannot be read "
          + "(\(error))")
    }
    if let problem = template.matcher.problem {
      throw CommandFailure(
        .malformedInput,
        "\(store.path): user \(SignatureStore.quoted(user.id)): the model's matcher: \(problem)")
    }
    return template
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
  /// velocity components hold no `dxShared`, `dyShared`). A user whose first reference gives no
  /// such features (``features(of:)``) stands out of the cohort rather than blocking every
  /// enrolment; `signature list --check` reports a damaged store.
  static func cohort(excluding id: String, in store: SignatureStore) throws
    -> [SignatureFeatures]
  {
    try store.users(includingModels: false).filter { $0.id != id }.prefix(cohortSize)
      .compactMap { user in try store.references(of: user.id).first.flatMap(features(of:)) }
  }

  /// The matcher's features of a stored reference: computed from its drawing when the store
  /// keeps it as Ductus JSON (as the store commands do) or PencilKit bytes, read in memory so
  /// that no biometric sample leaves the store; else the features stored with it when they hold
  /// the shared-scale functions (`SignatureMatcher.sharedScaleFunctions`); else `nil`, as when
  /// the drawing cannot be read.
  static func features(of reference: StoredReference) -> SignatureFeatures? {
    let drawing: PKDrawing?
    switch InkFileFormat(rawValue: reference.format) {
    case .ductusJSON: drawing = try? DuctusJSONReader().drawing(from: reference.drawing)
    case .pencilKit: drawing = try? PKDrawing(data: reference.drawing)
    default: drawing = nil
    }
    if let drawing {
      return (try? SignatureSamples(drawing: drawing)).map(SignatureMatcher.features(of:))
    }
    guard
      let stored = try? JSONDecoder().decode(SignatureFeatures.self, from: reference.features),
      SignatureMatcher.sharedScaleFunctions.allSatisfy({ stored.local[$0] != nil })
    else { return nil }
    return stored
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
