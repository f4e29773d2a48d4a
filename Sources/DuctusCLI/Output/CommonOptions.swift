import _DuctusSupport

/// The options batch commands share, declared once so that every command spells and documents
/// them alike.
///
/// ```swift
/// options: [OutputFormat.option([.text, .json], otherwise: .json),
///           CommonOptions.jobs, CommonOptions.shard, CommonOptions.errors, CommonOptions.quiet]
/// ```
package enum CommonOptions {
  /// `--from <format>`: the input's format, when its name and content should not tell it;
  /// `help` says whose format (`The attempt's format.`).
  package static func inputFormat(help: String) -> OptionDeclaration {
    .value(
      "from", valueName: "format", help: help, defaultDescription: "from the extension and content")
  }

  /// `-q/--quiet`: no progress bar and no notes on standard error (errors still appear).
  package static let quiet = OptionDeclaration.flag(
    "quiet", short: "q", help: "Print no progress and no notes on standard error.")

  /// `-j/--jobs <n>`: how many records to work on at once.
  package static let jobs = jobs(
    help: "How many records to work on at once; the output keeps the input order.")

  /// `-j/--jobs <n>` with a help text that says what runs in parallel in this command.
  package static func jobs(help: String) -> OptionDeclaration {
    OptionDeclaration.value(
      "jobs", short: "j", valueName: "n", help: help, defaultDescription: "the number of cores")
  }

  /// `--shard <I/N>`: work only on every N-th record starting at the I-th (zero-based).
  package static let shard = shard(
    help: "Work only on the records whose zero-based index i has i % N == I, to spread a job "
      + "over N machines.")

  /// `--shard <I/N>` with a help text that says what a share is in this command.
  package static func shard(help: String) -> OptionDeclaration {
    OptionDeclaration.value("shard", valueName: "I/N", help: help)
  }

  /// `--errors <file>`: where record failures go instead of standard error.
  package static let errors = OptionDeclaration.value(
    "errors", valueName: "file",
    help: "Write the failed records to this file, one NDJSON line each ({\"error\", \"file\", "
      + "\"record\"}) as they fail, instead of to standard error.")

  /// The options of every batch command: `-j`, `--shard`, `--errors`, `-q`.
  package static let batch = [jobs, shard, errors, quiet]

  /// The value of `--jobs`, or the number of cores.
  ///
  /// - Throws: `UsageError` unless the value is a positive integer.
  package static func jobCount(in arguments: ParsedArguments) throws(UsageError) -> Int {
    guard let jobs = try arguments.value("jobs", as: Int.self) else {
      return Platform.activeProcessorCount
    }
    guard jobs > 0 else {
      throw UsageError(
        "invalid value '\(jobs)' for '\(arguments.spelling("jobs"))': expected a positive integer")
    }
    return jobs
  }

  /// The value of `--shard`, or the whole job.
  package static func shard(in arguments: ParsedArguments) throws(UsageError) -> Shard {
    try arguments.value("shard", as: Shard.self) ?? .all
  }
}
