import InkFormats
import _DuctusSupport

/// `--record KEY|INDEX`: the record of a corpus that a command taking one drawing uses.
///
/// A key names the record whose key it is; failing that, a whole number names the record at
/// that zero-based index (as `--shard` counts). Keys come first, so the corpus is read to its
/// end before a number is taken as an index. Without the option, an input of one record is that
/// record, and an input of more is a usage error that says to choose one (or to use the
/// command's batch form), rather than silently taking the first.
package struct RecordSelection {
  /// The option, for a command's signature.
  package static let option = OptionDeclaration.value(
    "record", valueName: "key|index",
    help:
      "The corpus record to use: the one with that key, else the one at that zero-based index "
      + "(a key that is a number, as Quick, Draw!'s are, is looked for as a key first).")

  /// The option's value as given, `nil` when it is not.
  package let value: String?
  /// What to suggest for a whole corpus (`'ductus trace batch'`), when a command has one.
  let batchCommand: String?

  /// The selection of the command line.
  package init(_ arguments: ParsedArguments, batchCommand: String?) {
    value = arguments.value("record")
    self.batchCommand = batchCommand
  }

  /// The selected record.
  ///
  /// - Throws: `CommandFailure`: 65 for an input without records, 66 when no record has the
  ///   key or index, 2 when the input holds several records and none is chosen; and the
  ///   input's reading errors, located.
  package func record(in input: InkInput) throws -> CorpusRecord {
    var records = try input.openRecords()
    do {
      guard let value else {
        guard let first = try records.next() else {
          throw CommandFailure(.malformedInput, "\(input.displayName): the file holds no drawing")
        }
        if try records.next() != nil {
          throw UsageError(
            "'\(input.displayName)' holds more than one record; choose one with --record "
              + "KEY|INDEX" + (batchCommand.map { ", or use '\($0)' for all of them" } ?? ""))
        }
        return first
      }
      let index = Int(value).flatMap { $0 >= 0 ? $0 : nil }
      var candidate: CorpusRecord?
      var count = 0
      while let record = try records.next() {
        if record.key == value { return record }
        if count == index { candidate = record }
        count += 1
      }
      if let candidate { return candidate }
      throw CommandFailure.inputMissing(
        input.displayName,
        reason: "no record has the key '\(value)'"
          + (index != nil
            ? " and there is no index \(value) (\(count) record\(count == 1 ? "" : "s"))" : ""))
    } catch let error as InkFormatError {
      throw input.relocated(error)
    }
  }
}
