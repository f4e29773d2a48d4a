import _DuctusSupport

/// `ductus help [<command> ...]`: the help of a command, the same as `ductus <command> --help`.
struct HelpCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "help", abstract: "Show the help of a command.",
      arguments: [
        ArgumentDeclaration(
          "command", arity: .zeroOrMore, help: "The command (and subcommands) to explain.")
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    var path: [any Command] = [DuctusCommandLine.root]
    for name in arguments.arguments("command") {
      let signature = path[path.count - 1].signature
      guard let subcommand = signature.subcommand(named: name) else {
        throw signature.unknownSubcommand(name)
      }
      path.append(subcommand)
    }
    context.output.write(HelpFormatter(width: context.helpWidth).help(path))
    return .success
  }
}
