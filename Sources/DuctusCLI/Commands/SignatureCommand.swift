import _DuctusSupport

/// `ductus signature`: on-line signatures, their features.
struct SignatureCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "signature",
      abstract: "Work with on-line signatures: their local functions and global features.",
      subcommands: [SignatureFeaturesCommand()])
  }
}
