import _DuctusSupport

/// `ductus synth`: synthetic ink for tests, demonstrations and research.
struct SynthCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "synth",
      abstract:
        "Make synthetic attempts of templates and synthetic shapes, and measure how reports "
        + "detect defects.",
      subcommands: [SynthTraceCommand(), SynthShapesCommand(), SynthEvaluateCommand()])
  }
}
