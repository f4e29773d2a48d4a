import _DuctusSupport

/// `ductus templates`: the tracing template library (list, show, render, import).
struct TemplatesCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "templates",
      abstract: "List, export, draw and import tracing templates.",
      discussion:
        "A template is a letter, digit or shape as children are taught to write it: strokes in "
        + "order and direction, in a writing box with guide lines. The bundled library holds "
        + "digits/0-9, latin/A-Z, latin/a-z and shapes/<name>; a .json template or a "
        + ".pkdrawing drawing can be named by its path instead.",
      subcommands: [
        TemplatesListCommand(), TemplatesShowCommand(), TemplatesRenderCommand(),
        TemplatesImportCommand(), TemplatesGenerateCommand(),
      ])
  }
}
