import InkSignatureStore
import _DuctusSupport

/// `ductus signature delete-user --store S --user ID`: deletes a user's references and
/// template.
struct SignatureDeleteUserCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "delete-user",
      abstract: "Delete an enrolled user's signatures and template from a signature store.",
      discussion:
        "The user's references and template are deleted in one transaction; SQLite overwrites "
        + "the freed pages and the store's write-ahead log is checkpointed and emptied, so "
        + "that no copy of the signatures stays in the files. When another process reading "
        + "the store keeps the log from being emptied, the user is deleted but the command "
        + "says so and exits 74 (the next opening of the store checkpoints again). The user's "
        + "lines of the verification log stay (they hold no signature). Exit 66 when no such "
        + "user is enrolled.",
      options: [SignatureStoreOptions.store, SignatureStoreOptions.user])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let id = try SignatureStoreOptions.userID(arguments)
    let store = try SignatureStoreOptions.open(arguments, create: false)
    guard try store.deleteUser(id) else {
      throw CommandFailure(
        .inputMissing, "\(store.path): no user \(SignatureStore.quoted(id)) is enrolled")
    }
    return .success
  }
}
