import Foundation
import _DuctusSupport

/// The journal of a batch run with `--resume`: a file beside the output that says what the
/// run is and how far it got, so that the next run with the same arguments and `--resume`
/// continues where it stopped (see `ResumableRun`).
///
/// It is NDJSON, each line appended and forced onto the disk (`fsync`) before the run goes on:
///
/// - the first line, the ``Header``: the journal's format version, the command, its canonical
///   options (every option and argument that changes the output's bytes, in a fixed order;
///   not `--jobs`, `--quiet` or `--resume`), the identity of its inputs (path, size,
///   modification time) and a digest of anything else its output depends on (a template);
/// - then one ``Checkpoint`` a line: the records done, the bytes of the output and of the
///   `--errors` file that hold them, the failures among them, and a hash of their keys.
///
/// A line cut short by a `SIGKILL` in the middle of its writing has no line feed and is
/// ignored; the checkpoint before it holds.
final class ResumeJournal {
  /// What a run is: a resumed run must be the same.
  struct Header: Codable, Equatable {
    /// The format of the journal.
    var version = ResumeJournal.version
    /// The command, such as `trace batch`.
    var command: String
    /// The options and arguments that change the output, each `--name=value` (a flag
    /// `--name`, an argument `<name>=value`), sorted by name.
    var options: [String]
    /// The inputs, as they were when the run started.
    var inputs: [InputIdentity]
    /// What else the output depends on, by content: for each such thing (the template a
    /// `trace batch` scores against, from the library or a file), a digest of it, so that a
    /// template changed between the runs is noticed. `nil` when there is nothing.
    var contents: [String: String]?
  }

  /// An input as a run found it: its path, and for a file or folder its size and the time of
  /// its last change (`nil` for standard input).
  struct InputIdentity: Codable, Equatable {
    var path: String
    var size: Int?
    var modified: Int64?

    /// The identity of `path` now.
    init(path: String) {
      self.path = path
      let status = path == "-" ? nil : Platform.status(of: path)
      size = status?.size
      modified = status?.modificationTime
    }
  }

  /// How far a run got: every record before `records` (of its shard, in input order) is done,
  /// its output in the first `outputBytes` bytes of the partial output and its failures in the
  /// first `errorsBytes` bytes of the `--errors` file.
  struct Checkpoint: Codable, Equatable {
    /// The records done.
    var records = 0
    /// The bytes of the partial output that hold them (0 for a folder output).
    var outputBytes = 0
    /// The bytes of the `--errors` file that hold their failures (0 without one).
    var errorsBytes = 0
    /// How many of them failed.
    var failures = 0
    /// The `RecordKeyHash` of their keys, 16 hexadecimal digits.
    var keys = RecordKeyHash().hexadecimal
  }

  /// The format version written in every header.
  static let version = 1

  /// The journal's path.
  let path: String
  /// The last checkpoint of the earlier run, or the start.
  let start: Checkpoint
  private let descriptor: Int32

  /// The journal of an output file: `.<name>.ductus-resume` beside it (beside the target of a
  /// link).
  static func path(ofFile output: String) -> String {
    ResumableFile.sibling(of: ResumableFile.target(of: output), suffix: ".ductus-resume")
  }

  /// The journal of a folder output: `.ductus-resume` inside it, or `.ductus-resume-I-of-N`
  /// for one shard of a sharded job (the shards share the folder).
  static func path(ofFolder folder: String, shard: Shard) -> String {
    let name = shard == .all ? ".ductus-resume" : ".ductus-resume-\(shard.index)-of-\(shard.count)"
    return (folder.hasSuffix("/") ? folder : folder + "/") + name
  }

  /// Opens the journal at `path` for a run described by `header`: continues an earlier run's
  /// journal when there is one with the same header, or starts a new one (a journal whose
  /// header was cut short describes a run that did nothing).
  ///
  /// - Throws: `UsageError` when the journal there describes another run (naming the journal
  ///   and what differs), `CommandFailure` (exit 74) when it cannot be read or written.
  init(at path: String, header: Header, output: String) throws {
    self.path = path
    let earlier = try Self.read(path)
    if let earlier, let found = earlier.header {
      if let difference = Self.difference(found, header) {
        throw UsageError(
          "\(output): the journal \(path) is of another run (\(difference)); run with the same "
            + "arguments to resume it, or without --resume to start over")
      }
      start = earlier.checkpoint
    } else {
      start = Checkpoint()
    }
    do {
      let isNew = earlier?.header == nil
      descriptor = try Platform.openForAppending(path, keepingFirst: isNew ? 0 : earlier!.length)
      if isNew {
        try append(Self.encoded(header))
      }
    } catch {
      throw CommandFailure(.ioError, "\(path): \(OutputFileError(path: path, error).reason)")
    }
  }

  deinit { Platform.closeQuietly(descriptor) }

  /// Appends a checkpoint and forces it onto the disk.
  ///
  /// - Throws: `CommandFailure` (exit 74).
  func record(_ checkpoint: Checkpoint) throws(CommandFailure) {
    do {
      try append(Self.encoded(checkpoint))
    } catch {
      throw CommandFailure(.ioError, "\(path): \(OutputFileError(path: path, error).reason)")
    }
  }

  /// Removes the journal: the run is finished.
  func remove() {
    Platform.removeFileQuietly(path)
  }

  /// Removes what a killed run with `--resume` left for `output`: its journal and partial file
  /// (a run without `--resume` starts over).
  static func removeLeftovers(ofFile output: String) {
    Platform.removeFileQuietly(path(ofFile: output))
    Platform.removeFileQuietly(ResumableFile.partialPath(of: output))
  }

  private func append(_ line: [UInt8]) throws {
    try line.withUnsafeBytes { try Platform.write($0, to: descriptor) }
    try Platform.synchronize(descriptor)
  }

  private static func encoded<Value: Encodable>(_ value: Value) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(value)) + [UInt8(ascii: "\n")]
  }

  /// An earlier journal: its header (`nil` when cut short), its last whole checkpoint and the
  /// length of its whole lines; `nil` when there is none.
  private static func read(_ path: String) throws(CommandFailure) -> (
    header: Header?, checkpoint: Checkpoint, length: Int
  )? {
    guard Platform.status(of: path) != nil else { return nil }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CommandFailure.io(path, error)
    }
    let decoder = JSONDecoder()
    var header: Header?
    var checkpoint = Checkpoint()
    var length = 0
    for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    where length + line.count < data.count {
      if header == nil {
        guard let found = try? decoder.decode(Header.self, from: line) else { break }
        header = found
      } else {
        guard let found = try? decoder.decode(Checkpoint.self, from: line) else { break }
        checkpoint = found
      }
      length += line.count + 1
    }
    return (header, checkpoint, length)
  }

  /// What differs between the run a journal describes and this one, in words; `nil` when
  /// nothing does.
  private static func difference(_ earlier: Header, _ now: Header) -> String? {
    if earlier.version != now.version {
      return "journal version \(earlier.version), this Ductus writes \(now.version)"
    }
    if earlier.command != now.command {
      return "'\(earlier.command)' then, '\(now.command)' now"
    }
    if earlier.options != now.options {
      let then = Set(earlier.options)
      let current = Set(now.options)
      let changed =
        earlier.options.filter { !current.contains($0) }.map { "\($0) then" }
        + now.options.filter { !then.contains($0) }.map { "\($0) now" }
      return "options differ: "
        + (changed.isEmpty ? "their order" : changed.joined(separator: ", "))
    }
    for (before, after) in zip(earlier.inputs, now.inputs) where before != after {
      return "the input \(after.path) changed since"
    }
    if earlier.contents != now.contents {
      let names = Set((earlier.contents ?? [:]).keys).union((now.contents ?? [:]).keys)
      let changed = names.filter { earlier.contents?[$0] != now.contents?[$0] }.sorted()
      return "the \(changed.joined(separator: " and ")) changed since"
    }
    return earlier.inputs.count == now.inputs.count ? nil : "the inputs differ"
  }
}
