import _DuctusSupport

/// `ductus signature`: on-line signatures, their features.
struct SignatureCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "signature",
      abstract: "Work with on-line signatures: their features, and verification's error rates.",
      subcommands: [SignatureFeaturesCommand(), SignatureEvaluateCommand()])
  }
}
