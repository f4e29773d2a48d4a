import Foundation
import InkFormats
import _DuctusSupport

/// A batch run with `--resume`: killed at any moment (`SIGKILL` included) and started again
/// with the same arguments and `--resume`, it writes exactly what one uninterrupted run would
/// have written, byte for byte, redoing only the records after its last checkpoint.
///
/// - The output file goes to a `ResumableFile` (`.<name>.ductus-partial` beside it), renamed
///   over the output at the end; a folder output (`render -o folder/`) writes each file
///   atomically as without `--resume`.
/// - A `ResumeJournal` beside the output (inside a folder output) records what the run is and,
///   at each checkpoint, how far it got.
/// - Checkpoints come after a record is emitted (in input order) once `checkpointInterval`
///   has passed since the last one, or `checkpointRecords` records were emitted: the partial
///   output and the `--errors` file are forced onto the disk (`fsync`), then a journal line is
///   appended and forced.
/// - Resumed, the run checks the journal's header against its own (command, options, inputs),
///   cuts the partial output and the `--errors` file back to the checkpoint, reads the
///   checkpoint's records again without working on them, checking their keys against the
///   journal's hash (a folder output keeps claiming their names), and carries on. Its exit code
///   counts the failures of the earlier runs.
/// - At the end the journal is removed and the output renamed into place.
///
/// Without `--resume` there is no journal and nothing is forced to the disk; a journal and
/// partial file that an earlier, killed `--resume` run left for the same output are removed.
final class ResumableRun {
  /// `--resume`.
  static let option = OptionDeclaration.flag(
    "resume",
    help: "Continue a killed run with the same arguments from its last checkpoint, writing "
      + "the bytes of one uninterrupted run (its progress is kept in a journal beside the "
      + "output).")

  /// The longest time between two checkpoints while records are emitted.
  static let checkpointInterval: Duration = .seconds(1)
  /// The most records between two checkpoints.
  static let checkpointRecords = 4096
  /// The options that do not change the output, left out of the journal's header.
  static let ignoredOptions: Set<String> = ["jobs", "quiet", "resume"]

  /// The journal.
  let journal: ResumeJournal
  /// The partial output of an output file; `nil` for a folder output.
  let output: ResumableFile?
  /// The failures, continuing the earlier runs' `--errors` file and count.
  let failures: RecordFailureLog
  /// The checkpoint of the earlier run: its records are skipped.
  var start: ResumeJournal.Checkpoint { journal.start }
  private var recordsDone: Int
  /// The hash of the keys read so far, and after each record read but not yet emitted.
  private var keysRead = RecordKeyHash()
  private var keysPending: [RecordKeyHash] = []
  private var keysPendingStart = 0
  private var keysDone = RecordKeyHash()
  private var lastCheckpoint = ContinuousClock.now
  private var sinceCheckpoint = 0

  private init(
    journal: ResumeJournal, output: ResumableFile?, arguments: ParsedArguments,
    context: CommandContext
  ) throws {
    self.journal = journal
    self.output = output
    failures = try RecordFailureLog(
      path: arguments.value("errors"), context: context,
      resuming: (journal.start.failures, journal.start.errorsBytes))
    recordsDone = journal.start.records
  }

  /// The run writing the output file `output`, or `nil` without `--resume` (after removing
  /// any leftovers of a killed run for the same output).
  ///
  /// - Throws: `UsageError` for `--resume` without an output file, or with an output or
  ///   `--errors` file that is written in place (standard output, a FIFO, a device), or a
  ///   journal of another run; `CommandFailure` (exit 74) when the files cannot be opened.
  static func file(
    _ outputPath: String?, command: String, inputs: [String], contents: [String: String]? = nil,
    arguments: ParsedArguments, context: CommandContext
  ) throws -> ResumableRun? {
    try context.refuseOverwriting(inputs: inputs, outputs: [outputPath, arguments.value("errors")])
    guard arguments.flag("resume") else {
      removeLeftovers(ofFile: outputPath)
      return nil
    }
    let outputPath = try checkOutputFile(outputPath, arguments: arguments, context: context)
    let journal = try ResumeJournal(
      at: ResumeJournal.path(ofFile: outputPath),
      header: header(command: command, inputs: inputs, contents: contents, arguments: arguments),
      output: outputPath)
    let output: ResumableFile
    do {
      output = try ResumableFile(path: outputPath, keepingFirst: journal.start.outputBytes)
    } catch {
      throw CommandFailure(error)
    }
    return try ResumableRun(
      journal: journal, output: output, arguments: arguments, context: context)
  }

  /// The run writing a file a record into `folder` (which exists), or `nil` without
  /// `--resume` (after removing a killed run's journal there).
  ///
  /// - Throws: as ``file(_:command:inputs:arguments:context:)``.
  static func folder(
    _ folder: String, shard: Shard, command: String, inputs: [String],
    arguments: ParsedArguments, context: CommandContext
  ) throws -> ResumableRun? {
    let path = ResumeJournal.path(ofFolder: folder, shard: shard)
    guard arguments.flag("resume") else {
      Platform.removeFileQuietly(path)
      return nil
    }
    try refuseInPlace(nil, arguments: arguments)
    let journal = try ResumeJournal(
      at: path, header: header(command: command, inputs: inputs, arguments: arguments),
      output: folder)
    return try ResumableRun(journal: journal, output: nil, arguments: arguments, context: context)
  }

  /// Removes what a killed run with `--resume` left for an output file (nothing for standard
  /// output, a FIFO or a device): a run without `--resume` starts over.
  static func removeLeftovers(ofFile output: String?) {
    guard let output, !AtomicFile.writesInPlace(output) else { return }
    ResumeJournal.removeLeftovers(ofFile: output)
  }

  /// The output file of a run with `--resume`, checked: given, a regular file (or new) in a
  /// writable folder, and not beside an `--errors` file written in place.
  ///
  /// - Throws: `UsageError`, or `CommandFailure` (exit 74) for a missing or read-only folder.
  static func checkOutputFile(
    _ output: String?, arguments: ParsedArguments, context: CommandContext
  ) throws -> String {
    guard let output else {
      throw UsageError("'--resume' continues an output file; give -o FILE")
    }
    try refuseInPlace(output, arguments: arguments)
    try context.checkOutputFolder(of: output)
    return output
  }

  /// Refuses `--resume` with an output or `--errors` file that cannot be cut back.
  private static func refuseInPlace(_ output: String?, arguments: ParsedArguments)
    throws(UsageError)
  {
    if let output, AtomicFile.writesInPlace(output) {
      let what = output == "-" ? "standard output" : "'\(output)', which is not a regular file"
      throw UsageError(
        "'--resume' continues an output file, and the output is \(what); name a file")
    }
    if let errors = arguments.value("errors"), AtomicFile.writesInPlace(errors) {
      throw UsageError(
        "'--resume' cuts the --errors file back to its last checkpoint, and '\(errors)' is not "
          + "a regular file; name a file")
    }
  }

  /// The header of a run: the command, its options and arguments but those in
  /// `ignoredOptions`, its inputs' identities and the digests of what else it depends on.
  static func header(
    command: String, inputs: [String], contents: [String: String]? = nil,
    arguments: ParsedArguments
  ) -> ResumeJournal.Header {
    var options: [String] = []
    for (name, values) in arguments.optionValues where !ignoredOptions.contains(name) {
      options += values.map { "--\(name)=\($0)" }
    }
    for (name, count) in arguments.flagCounts where !ignoredOptions.contains(name) {
      options += Array(repeating: "--\(name)", count: count)
    }
    for (name, values) in arguments.argumentValues {
      options += values.map { "<\(name)>=\($0)" }
    }
    return ResumeJournal.Header(
      command: command, options: options.sorted(),
      inputs: inputs.map(ResumeJournal.InputIdentity.init(path:)), contents: contents)
  }

  /// A digest of a value's JSON (keys sorted): what ``header(command:inputs:contents:arguments:)``
  /// records of a template, 16 hexadecimal digits.
  ///
  /// - Throws: `EncodingError` for a value with a number that is not finite.
  static func digest(of value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var hash = RecordKeyHash()
    hash.add(bytes: try encoder.encode(value))
    return hash.hexadecimal
  }

  /// Reads again the records the earlier run finished, without working on them, and checks
  /// that their keys are those it counted.
  ///
  /// - Throws: `UsageError` when the input ends before them or their keys differ.
  func skipDone(_ next: () -> Result<CorpusRecord, any Error>?) throws {
    var skipped = 0
    while skipped < start.records, let item = next() {
      keysRead.add(Self.identity(of: item))
      skipped += 1
    }
    keysDone = keysRead
    lastCheckpoint = ContinuousClock.now
    guard skipped == start.records, keysDone.hexadecimal == start.keys else {
      throw UsageError(
        "the journal \(journal.path) counts \(start.records) records done, but the input "
          + (skipped < start.records
            ? "now has \(skipped)" : "now starts with other records")
          + "; run without --resume to start over")
    }
  }

  /// `next`, noting each record's key for the checkpoints.
  func reading(_ next: @escaping () -> Result<CorpusRecord, any Error>?)
    -> () -> Result<CorpusRecord, any Error>?
  {
    { [self] in
      guard let item = next() else { return nil }
      keysRead.add(Self.identity(of: item))
      keysPending.append(keysRead)
      return item
    }
  }

  /// Notes that the next record (in input order) was emitted, its output written and its
  /// failure logged; makes a checkpoint when one is due.
  ///
  /// - Throws: `CommandFailure` (exit 74) when the checkpoint cannot be written.
  func emitted() throws {
    keysDone = keysPending[keysPendingStart]
    keysPendingStart += 1
    if keysPendingStart >= 1024 {
      keysPending.removeFirst(keysPendingStart)
      keysPendingStart = 0
    }
    recordsDone += 1
    sinceCheckpoint += 1
    if sinceCheckpoint >= Self.checkpointRecords
      || ContinuousClock.now - lastCheckpoint >= Self.checkpointInterval
    {
      try checkpoint()
    }
  }

  /// Forces the output and the `--errors` file onto the disk and records how far the run got.
  private func checkpoint() throws {
    let outputBytes: Int
    do {
      outputBytes = try output?.synchronize() ?? 0
    } catch {
      throw CommandFailure(error)
    }
    try failures.synchronize()
    try journal.record(
      ResumeJournal.Checkpoint(
        records: recordsDone, outputBytes: outputBytes, errorsBytes: failures.byteCount,
        failures: failures.count, keys: keysDone.hexadecimal))
    lastCheckpoint = ContinuousClock.now
    sinceCheckpoint = 0
  }

  /// Ends the run: removes the journal and renames the output into place.
  ///
  /// The journal goes first: a run killed between the two steps leaves a whole partial output
  /// without a journal, which the next run starts over, whereas a journal without its partial
  /// output (renamed away) could only be refused.
  ///
  /// - Throws: `CommandFailure` (exit 74).
  func finish() throws {
    try failures.synchronize()
    journal.remove()
    do {
      try output?.commit()
    } catch {
      throw CommandFailure(error)
    }
  }

  /// What the hash notes of a record: its key, or the message of its failure.
  private static func identity(of item: Result<CorpusRecord, any Error>) -> String {
    switch item {
    case .success(let record): record.key
    case .failure(let error): CommandFailure(error).message
    }
  }
}
