import Foundation
import InkFormats
import _DuctusSupport

/// An input of ink named on the command line: a drawing file, a corpus file, a folder of
/// files, or `-` for standard input (copied to a temporary file so that its format can be told
/// from its content).
///
/// ```swift
/// let input = try InkInput(path: "cats.ndjson", format: nil, context: context)
/// var records = try input.openRecords()
/// while let record = try records.next() { … }
/// ```
package final class InkInput {
  /// The path as given (`-` for standard input).
  package let path: String
  /// The format, as given by `--from` or told from the name and content.
  package let format: InkFileFormat?
  /// Whether the input is a folder of files.
  package let isFolder: Bool
  /// Where the bytes are.
  let url: URL
  /// The temporary folder holding a copy of standard input.
  private let spoolFolder: String?

  /// Checks that the input exists and finds its format.
  ///
  /// - Throws: `CommandFailure` with exit 66 for a missing input, 65 when the format cannot be
  ///   told, 74 when standard input cannot be read.
  package init(path: String, format: InkFileFormat?, context: CommandContext) throws {
    self.path = path
    if path == "-" {
      let folder: URL
      do {
        folder = try TemporaryFiles.makeFolder()
      } catch {
        throw CommandFailure.io(FileManager.default.temporaryDirectory.path, error)
      }
      spoolFolder = folder.path
      url = folder.appendingPathComponent("stdin")
      do {
        try Self.copyStandardInput(to: url)
      } catch {
        throw CommandFailure.io("<stdin>", error)
      }
      isFolder = false
    } else {
      spoolFolder = nil
      try context.checkInputExists(path)
      url = URL(fileURLWithPath: path)
      var folder: ObjCBool = false
      isFolder =
        FileManager.default.fileExists(atPath: path, isDirectory: &folder)
        && folder.boolValue
    }
    do {
      self.format = try format ?? (isFolder ? nil : InkFileFormat.detect(url: url))
    } catch {
      throw Self.relocated(error, url: url, name: path == "-" ? "<stdin>" : path)
    }
  }

  /// Copies standard input to a file a mebibyte at a time, so that a corpus of any size passes
  /// through in bounded memory.
  private static func copyStandardInput(to url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let file = try FileHandle(forWritingTo: url)
    defer { try? file.close() }
    while let chunk = try FileHandle.standardInput.read(upToCount: 1 << 20), !chunk.isEmpty {
      try file.write(contentsOf: chunk)
    }
  }

  deinit {
    if let spoolFolder { TemporaryFiles.remove(spoolFolder) }
  }

  /// Whether the input can hold more than one drawing (a folder or a corpus file).
  package var isCorpus: Bool { isFolder || (format?.holdsCorpus ?? true) }

  /// The records, read one at a time.
  ///
  /// - Throws: `InkFormatError` naming the input when it cannot be opened.
  package func openRecords() throws -> any CorpusReader {
    do {
      return try InkFileFormat.openCorpus(at: url, as: format)
    } catch {
      throw relocated(error)
    }
  }

  /// Calls `body` with each record in order. A record that cannot be read (an `InkFormatError`
  /// naming a record) goes to `failures` and the walk carries on; any other failure ends it.
  ///
  /// - Throws: what `body` throws, and `InkFormatError` for a failure of the whole input.
  package func forEachRecord(
    failures: RecordFailureLog, _ body: (CorpusRecord) throws -> Void
  ) throws {
    var records = try openRecords()
    while true {
      let record: CorpusRecord
      do {
        guard let next = try records.next() else { return }
        record = next
      } catch let error as InkFormatError where error.record != nil {
        failures.log(CommandFailure(relocated(error)))
        continue
      } catch {
        throw relocated(error)
      }
      try body(record)
    }
  }

  /// An error that names the input as the user gave it (`<stdin>` for a copy of standard
  /// input) rather than by its absolute path.
  package func relocated(_ error: any Error) -> any Error {
    Self.relocated(error, url: url, name: displayName)
  }

  private static func relocated(_ error: any Error, url: URL, name: String) -> any Error {
    guard var located = error as? InkFormatError else { return error }
    if located.file == nil || located.file == url.path { located.file = name }
    if name == "<stdin>", located.record == "stdin" { located.record = nil }
    return located
  }

  /// The name used in output for this input (`<stdin>` for `-`).
  package var displayName: String { spoolFolder == nil ? path : "<stdin>" }
}
