import _DuctusSupport

/// `ductus signature`: on-line signatures: their features, a store of enrolled users, and
/// verification.
struct SignatureCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "signature",
      abstract:
        "Work with on-line signatures: features, enrolment and verification in a store, and "
        + "verification's error rates.",
      subcommands: [
        SignatureFeaturesCommand(), SignatureEnrollCommand(), SignatureVerifyCommand(),
        SignatureUpdateCommand(), SignatureListCommand(), SignatureDeleteUserCommand(),
        SignatureExportCommand(), SignatureImportCommand(), SignatureEvaluateCommand(),
      ])
  }
}
