import _DuctusSupport

/// The root command, `ductus`: it holds the other commands and answers `--version`; alone, it
/// prints its help.
struct DuctusCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "ductus",
      abstract: "Analyse handwriting and pen drawings in PencilKit's model.",
      discussion:
        "Reads PencilKit drawings, Ductus JSON and NDJSON corpora and other ink formats "
        + "('ductus formats'); inspects, converts, renders and measures them. Data goes to "
        + "standard output, progress and errors to standard error; the exit code is 0, 1 when "
        + "some records failed, 2 for a usage error, 65 for malformed input, 66 for a missing "
        + "input, 74 for an I/O error and 130 when interrupted.",
      options: [.flag("version", help: "Print the version and exit.")],
      subcommands: [
        InspectCommand(), ConvertCommand(), RenderCommand(), DistancesCommand(), PCACommand(),
        ClusterCommand(),
        FeaturesCommand(),
        ResampleCommand(), TraceCommand(), SynthCommand(), TemplatesCommand(), GesturesCommand(),
        ShapesCommand(), SignatureCommand(), DescribeCommand(),
        FormatsCommand(), HelpCommand(),
        MakeSamplesCommand(),
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    guard arguments.flag("version") else { throw HelpRequest() }
    context.output.write("ductus \(DuctusCommandLine.version)\n")
    return .success
  }
}
