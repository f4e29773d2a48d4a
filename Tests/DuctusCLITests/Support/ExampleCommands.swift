@testable import DuctusCLI

/// A small command tree for the parser's tests: `tool batch`, `tool pair`, `tool group leaf`.
struct ExampleTool: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "tool", abstract: "Exercises the parser.",
      options: [.flag("version", help: "Print the version.")],
      subcommands: [Batch(), Pair(), Group()])
  }

  struct Batch: Command {
    var signature: CommandSignature {
      CommandSignature(
        name: "batch", abstract: "Works on many files.",
        options: [
          OutputFormat.option([.text, .json], otherwise: .json), CommonOptions.jobs,
          CommonOptions.quiet,
          OptionDeclaration(
            name: "verbose", shortName: "v", kind: .flag, help: "Say more.", isRepeatable: true),
          .value("tag", valueName: "name", help: "A tag.", isRepeatable: true),
          .value("level", valueName: "n", help: "Levels.", isRepeatable: true),
          CommonOptions.shard,
        ],
        arguments: [ArgumentDeclaration("file", arity: .zeroOrMore, help: "Input files.")])
    }
    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
      .success
    }
  }

  struct Pair: Command {
    var signature: CommandSignature {
      CommandSignature(
        name: "pair", abstract: "Takes two inputs and maybe a third.",
        options: [.value("scale", short: "s", valueName: "factor", help: "A scale.")],
        arguments: [
          ArgumentDeclaration("a", help: "First."), ArgumentDeclaration("b", help: "Second."),
          ArgumentDeclaration("c", arity: .optional, help: "Third."),
        ])
    }
    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
      .success
    }
  }

  struct Group: Command {
    var signature: CommandSignature {
      CommandSignature(name: "group", abstract: "Groups.", subcommands: [Leaf()])
    }
  }

  struct Leaf: Command {
    var signature: CommandSignature {
      CommandSignature(
        name: "leaf", abstract: "A leaf.",
        arguments: [ArgumentDeclaration("item", arity: .oneOrMore, help: "Items.")])
    }
    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
      .success
    }
  }
}
