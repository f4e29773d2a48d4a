import _DuctusSupport

/// `ductus gestures`: recognise gestures from user-made templates with the $ family.
struct GesturesCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "gestures",
      abstract: "Recognise gestures from templates with $1, Protractor, $N, $P or $Q.",
      subcommands: [GesturesRecognizeCommand(), GesturesEvaluateCommand()])
  }
}
