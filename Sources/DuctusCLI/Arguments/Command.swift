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
/// A command that only groups subcommands keeps the default `run`, which reports a usage error.
package protocol Command: Sendable {
  /// The command's name, options, arguments and subcommands.
  var signature: CommandSignature { get }

  /// Does the work. Throw `CommandFailure`, `UsageError`, `InkFormatError` or a file error to
  /// fail with the matching exit code; return `.someRecordsFailed` when some records failed.
  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode
}

extension Command {
  /// Reports that a subcommand is missing, naming the ones there are.
  package func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    throw missingSubcommand()
  }

  /// The error for a group command given no subcommand, naming the ones there are.
  package func missingSubcommand() -> UsageError {
    let names = signature.visibleSubcommandNames.joined(separator: ", ")
    return UsageError("missing subcommand; expected one of: \(names)")
  }
}
