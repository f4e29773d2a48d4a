import _DuctusSupport

/// A command of the `ductus` tool: a signature that declares it and a `run` that does the work.
///
/// ```swift
/// struct Hello: Command {
///   var signature: CommandSignature {
///     CommandSignature(name: "hello", abstract: "Greets.",
///                      arguments: [ArgumentDeclaration("name", help: "Who to greet.")])
///   }
///   func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
///     context.output.write("hello \(arguments.argument("name")!)\n")
///     return .success
///   }
/// }
/// ```
///
/// A command that only groups subcommands keeps the default `run`, which prints its help (as
/// `ductus help <command>` does) and succeeds.
package protocol Command: Sendable {
  /// The command's name, options, arguments and subcommands.
  var signature: CommandSignature { get }

  /// Does the work. Throw `CommandFailure`, `UsageError`, `InkFormatError` or a file error to
  /// fail with the matching exit code; return `.someRecordsFailed` when some records failed.
  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode
}

extension Command {
  /// Asks for the command's help: a group given no subcommand explains itself.
  package func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    throw HelpRequest()
  }
}

/// Thrown by a command to have its help printed on standard output, with exit code 0, as
/// `ductus help <command>` prints it; a group command given no subcommand throws it.
package struct HelpRequest: Error, Hashable, Sendable {
  /// Creates the request.
  package init() {}
}
