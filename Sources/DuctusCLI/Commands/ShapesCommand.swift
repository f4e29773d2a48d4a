import _DuctusSupport

/// `ductus shapes`: recognise drawn shapes, fit them and draw them perfect.
struct ShapesCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "shapes",
      abstract: "Recognise drawn shapes, fit them, and draw them perfect.",
      subcommands: [ShapesDetectCommand(), ShapesEvaluateCommand()])
  }
}
