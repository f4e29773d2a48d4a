import Foundation
import InkFormats
import _DuctusSupport

/// An input of ink named on the command line: a drawing file, a corpus file, a folder of
/// files, or `-` for standard input.
///
/// Standard input in a line format (Ductus NDJSON, Quick, Draw! NDJSON) streams: its first
/// 4 KiB tell the format (unless `--from` does) and the records are read as they arrive,
/// through a pipe that a thread fills from standard input, never stored whole. Any other
/// format is copied to a temporary file first (the readers of single drawings, XML and UNIPEN
/// take the whole file, or read it more than once), in `TMPDIR`, removed when the command ends
/// however it ends.
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
  /// Standard input streaming through a pipe, read once.
  private let stream: StandardInputStream?
  /// Whether the stream's records were opened (it can be read once).
  private var isStreamOpened = false
  /// How much one record may hold (see "Read limits and number ranges" in InkFormats).
  let limits: InkReadLimits

  /// The formats read from standard input as it arrives; the others are copied to a
  /// temporary file first.
  package static let streamedFormats: Set<InkFileFormat> = [.ductusNDJSON, .quickDraw]

  /// Checks that the input exists and finds its format; its records will be read within
  /// `limits`.
  ///
  /// - Throws: `CommandFailure` with exit 66 for a missing input, 65 when the format cannot be
  ///   told, 74 when standard input cannot be read.
  package init(
    path: String, format: InkFileFormat?, limits: InkReadLimits = .default,
    context: CommandContext
  ) throws {
    self.path = path
    self.limits = limits
    guard path == "-" else {
      spoolFolder = nil
      stream = nil
      try context.checkInputExists(path)
      url = URL(fileURLWithPath: path)
      var folder: ObjCBool = false
      isFolder =
        FileManager.default.fileExists(atPath: path, isDirectory: &folder)
        && folder.boolValue
      do {
        self.format = try format ?? (isFolder ? nil : InkFileFormat.detect(url: url))
      } catch {
        throw Self.relocated(error, url: url, name: path)
      }
      return
    }
    isFolder = false
    let head: [UInt8]
    do {
      head = format == nil ? try Self.readHead() : []
    } catch {
      throw CommandFailure.io("<stdin>", error)
    }
    guard let resolved = format ?? InkFileFormat.detect(head: head) else {
      throw InkFormatError(
        .unknownFormat, "neither the name nor the content tells the ink format (see --from)",
        file: "<stdin>")
    }
    self.format = resolved
    if Self.streamedFormats.contains(resolved) {
      let stream: StandardInputStream
      do {
        stream = try StandardInputStream(head: head)
      } catch {
        throw CommandFailure.io("<stdin>", error)
      }
      self.stream = stream
      spoolFolder = nil
      url = stream.url
      return
    }
    stream = nil
    let folder: URL
    do {
      folder = try TemporaryFiles.makeFolder()
    } catch {
      throw CommandFailure.io(FileManager.default.temporaryDirectory.path, error)
    }
    spoolFolder = folder.path
    url = folder.appendingPathComponent("stdin")
    do {
      try Self.copyStandardInput(after: head, to: url)
    } catch {
      throw CommandFailure.io("<stdin>", error)
    }
  }

  /// The first bytes of standard input that tell its format: up to 4 KiB, fewer at its end.
  private static func readHead() throws -> [UInt8] {
    var head = [UInt8](repeating: 0, count: 4096)
    var count = 0
    while count < head.count {
      let read = try head.withUnsafeMutableBytes { bytes in
        try Platform.read(
          into: UnsafeMutableRawBufferPointer(rebasing: bytes[count...]),
          from: Platform.standardInput)
      }
      if read == 0 { break }
      count += read
    }
    return Array(head[..<count])
  }

  /// Copies the head and the rest of standard input to a file a mebibyte at a time, so that an
  /// input of any size passes through in bounded memory.
  private static func copyStandardInput(after head: [UInt8], to url: URL) throws {
    TemporaryFiles.register(url.path)
    let file = try AtomicFile(streamingTo: url.path)
    file.sink.write(bytes: head)
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = try chunk.withUnsafeMutableBytes {
        try Platform.read(into: $0, from: Platform.standardInput)
      }
      if count == 0 { break }
      file.sink.write(bytes: chunk[..<count])
    }
    try file.commit()
  }

  deinit {
    if let spoolFolder {
      TemporaryFiles.remove(url.path)
      TemporaryFiles.remove(spoolFolder)
    }
  }

  /// Whether the input can hold more than one drawing (a folder or a corpus file).
  package var isCorpus: Bool { isFolder || (format?.holdsCorpus ?? true) }

  /// The records, read one at a time.
  ///
  /// - Throws: `InkFormatError` naming the input when it cannot be opened.
  package func openRecords() throws -> any CorpusReader {
    if let stream {
      guard !isStreamOpened else {
        throw CommandFailure(
          .usage, "<stdin>: standard input can be read once; name a file to read it again")
      }
      isStreamOpened = true
      do {
        return StreamedRecords(
          records: try InkFileFormat.openCorpus(at: url, as: format, limits: limits),
          stream: stream)
      } catch {
        throw relocated(error)
      }
    }
    do {
      return try InkFileFormat.openCorpus(at: url, as: format, limits: limits)
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
  package var displayName: String { path == "-" ? "<stdin>" : path }
}

/// The records of standard input streamed through a pipe: at their end, a failure to read
/// standard input is thrown rather than taken for the end of the corpus.
private struct StreamedRecords: CorpusReader {
  var records: any CorpusReader
  let stream: StandardInputStream

  mutating func next() throws -> CorpusRecord? {
    guard let record = try records.next() else {
      try stream.finish()
      return nil
    }
    return record
  }
}

/// Standard input handed to a reader through a pipe: a thread writes the bytes already read
/// (the head that told the format), then the rest of standard input as it comes, into the
/// pipe, whose reading end the reader opens by name (`/dev/fd/N`). Memory stays bounded by the
/// pipe's buffer and the reader's.
final class StandardInputStream: @unchecked Sendable {
  /// The name of the pipe's reading end, for the format readers (which open files by URL).
  let url: URL
  private let readEnd: Int32
  private let failure = Locked<POSIXError?>(nil)
  private let done = DispatchSemaphore(value: 0)

  /// Starts the thread that copies `head` and then standard input into a new pipe.
  init(head: [UInt8]) throws {
    let (readEnd, writeEnd) = try Platform.makePipe()
    self.readEnd = readEnd
    url = URL(fileURLWithPath: "/dev/fd/\(readEnd)")
    let failure = failure
    let done = done
    let thread = Thread {
      // A reader that stops early closes the pipe: the copy then ends with EPIPE, quietly.
      Platform.blockBrokenPipeSignalOnThisThread()
      defer {
        Platform.closeQuietly(writeEnd)
        done.signal()
      }
      do {
        try head.withUnsafeBytes { try Platform.write($0, to: writeEnd) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
          let count = try chunk.withUnsafeMutableBytes {
            try Platform.read(into: $0, from: Platform.standardInput)
          }
          if count == 0 { return }
          try chunk.withUnsafeBytes {
            try Platform.write(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: writeEnd)
          }
        }
      } catch let error as POSIXError where error.code == .EPIPE {
        return
      } catch {
        failure.withLock { $0 = error as? POSIXError ?? POSIXError(.EIO) }
      }
    }
    thread.start()
  }

  /// Waits for the copy to end (it has, when the reader saw the end of the pipe) and throws a
  /// failure to read standard input.
  ///
  /// - Throws: `CommandFailure` (exit 74).
  func finish() throws(CommandFailure) {
    done.wait()
    done.signal()
    if let error = failure.withLock({ $0 }) { throw CommandFailure.io("<stdin>", error) }
  }

  deinit { Platform.closeQuietly(readEnd) }
}
