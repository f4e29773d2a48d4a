import _DuctusSupport

/// `ductus trace`: score tracing and copying attempts against templates.
struct TraceCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "trace",
      abstract: "Score tracing attempts against templates, one, a corpus, or a session.",
      subcommands: [
        TraceScoreCommand(), TraceBatchCommand(), TraceSessionCommand(), TraceRankCommand(),
      ])
  }
}
