import Foundation
import InkFormats
import _DuctusSupport

/// Float64 values or text written to a temporary file as they come and copied into an output
/// at the end: what lets `ductus features` write a `.npy`, whose header states its row count,
/// and its sidecar of row keys and labels, in memory that does not grow with the table.
///
/// The file is a temporary file of the process (`TemporaryFiles`), beside the output (in
/// `TMPDIR` for standard output), so that no way out but `SIGKILL` leaves it behind.
final class SpillFile {
  private let path: String
  private let descriptor: Int32
  private let sink: OutputSink
  private var buffer: [Double] = []

  /// A new, empty temporary file for a part of an output written to `output`.
  ///
  /// - Throws: `CommandFailure` (exit 74) when it cannot be made.
  init(for output: String) throws {
    do {
      let made: (descriptor: Int32, path: String)
      if output == "-" {
        let folder = try TemporaryFiles.makeFolder()
        let file = folder.appendingPathComponent("values").path
        TemporaryFiles.register(file)
        made = (try Platform.createFile(file, permissions: 0o600), file)
      } else {
        made = try TemporaryFiles.makeFile(beside: output, replacing: nil, ownerOnly: true)
      }
      path = made.path
      descriptor = made.descriptor
      sink = OutputSink(descriptor: made.descriptor, name: made.path)
    } catch {
      throw CommandFailure(.ioError, "\(output): a temporary file cannot be made (\(error))")
    }
  }

  /// Appends values, as little-endian float64.
  func append(_ values: [Double]) {
    buffer += values
    if buffer.count >= 8192 { drain() }
  }

  /// Appends text, as UTF-8.
  func append(_ text: String) {
    drain()
    sink.write(text)
  }

  private func drain() {
    guard !buffer.isEmpty else { return }
    sink.write(NpyArray.encode(buffer))
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes everything appended to `output`, in order, then removes the temporary file.
  ///
  /// - Throws: `CommandFailure` (exit 74) naming the temporary file when it cannot be
  ///   written or read back.
  func copy(to output: OutputSink) throws {
    defer { TemporaryFiles.remove(path) }
    drain()
    do {
      try sink.flush()
      try Platform.close(descriptor)
      let reader = try Platform.openForReading(path)
      defer { Platform.closeQuietly(reader) }
      var chunk = [UInt8](repeating: 0, count: 1 << 20)
      while true {
        let read = try chunk.withUnsafeMutableBytes { try Platform.read(into: $0, from: reader) }
        if read == 0 { break }
        output.write(bytes: chunk.prefix(read))
      }
    } catch {
      throw CommandFailure(.ioError, "\(path): \(error)")
    }
  }
}
