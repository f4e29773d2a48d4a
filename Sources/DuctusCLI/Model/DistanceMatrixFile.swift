import Foundation
import InkDistances
import InkFormats
import InkRecognition
import InkSampling
import InkTracing
import _DuctusSupport

/// The sidecar `<matrix>.npy.json` that says what a `.npy` distance matrix holds: the metric,
/// the keys of its rows and columns, and for a tile of a larger job, which tile.
///
/// `ductus distances --stitch` reads the sidecars to put tiles back in place. A matrix and its
/// sidecar are replaced together (see `writePair`).
struct DistanceMatrixFile: Codable, Equatable {
  /// The tile of an all-pairs job a file holds.
  struct Tile: Codable, Equatable {
    var row: Int
    var column: Int
    var tiles: Int
    /// The first and one-past-last series index of the tile's rows and columns.
    var rows: [Int]
    var columns: [Int]
  }

  var format = "ductus-distances"
  var version = 1
  var metric: String
  /// The row keys (for a tile: every key of the corpus, rows and columns alike).
  var rowKeys: [String]
  /// The column keys.
  var columnKeys: [String]
  var tile: Tile?

  /// The sidecar's path for a matrix file.
  static func sidecarPath(of matrixPath: String) -> String { matrixPath + ".json" }

  /// Writes the matrix (`.npy`, float64 or, with `elementByteCount` 4, float32) and its sidecar
  /// as a pair (see `writePair`).
  func write(
    values: [Double], rows: Int, columns: Int, elementByteCount: Int = 8, to path: String,
    context: CommandContext
  ) throws {
    try Self.writePair(to: path, sidecar: try sidecarData(), context: context) { sink in
      sink.write(NpyArray.header(shape: [rows, columns], elementByteCount: elementByteCount))
      let rowWidth = max(columns, 1)
      var start = 0
      while start < values.count {
        let end = min(start + 4096 * rowWidth, values.count)
        let block = Array(values[start..<end])
        sink.write(elementByteCount == 8 ? NpyArray.encode(block) : NpyArray.encodeFloat32(block))
        start = end
      }
    }
  }

  /// The sidecar's bytes: JSON with sorted keys, and a newline.
  func sidecarData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(self) + Data("\n".utf8)
  }

  /// Writes a `.npy` (through `matrix`) and its sidecar `<path>.json` so that they are
  /// replaced together: both go to temporary files, both are closed, then the `.npy` is
  /// renamed into place and the sidecar after it.
  ///
  /// Between the two renames (one system call apart) a reader sees the new matrix beside the
  /// previous sidecar, never a sidecar newer than its matrix: a sidecar's appearance says its
  /// matrix is there. If writing either fails, neither file changes; if the second rename
  /// fails, the new matrix stays beside the old sidecar and the command exits 74.
  ///
  /// A matrix that goes to standard output (`-o -`) or is written in place (a FIFO, a
  /// device) is a stream of the `.npy` alone: no sidecar is written beside it.
  static func writePair(
    to path: String, sidecar: Data, context: CommandContext,
    matrix: (OutputSink) throws -> Void
  ) throws {
    try writePair(to: path, context: context, matrix: matrix, sidecar: { $0.write(sidecar) })
  }

  /// Writes a matrix and a sidecar that is itself written as a stream, as
  /// ``writePair(to:sidecar:context:matrix:)`` does.
  static func writePair(
    to path: String, context: CommandContext, matrix: (OutputSink) throws -> Void,
    sidecar: (OutputSink) throws -> Void
  ) throws {
    if path == "-" {
      try matrix(context.output)
      return
    }
    try context.output.flush()
    let matrixFile = try AtomicFile(path: path)
    do {
      try matrix(matrixFile.sink)
    } catch {
      matrixFile.discard()
      throw error
    }
    guard matrixFile.placement == .replacing else {
      try matrixFile.commit()
      return
    }
    let sidecarFile = try AtomicFile(path: sidecarPath(of: path))
    do {
      try sidecar(sidecarFile.sink)
    } catch {
      matrixFile.discard()
      sidecarFile.discard()
      throw error
    }
    try AtomicFile.commit([matrixFile, sidecarFile])
  }

  /// Reads a matrix's header and its sidecar; the matrix's bytes are mapped, not read, so
  /// that its entries can be read in place.
  ///
  /// - Throws: `CommandFailure` (exit 65) naming the file for a file that is not a `.npy`
  ///   array, or whose sidecar is not a distances sidecar.
  static func read(_ path: String, context: CommandContext) throws -> (
    Self, data: Data, header: NpyHeader
  ) {
    let data = try context.readInput(path, mapped: true)
    let header: NpyHeader
    do {
      header = try NpyHeader(data: data)
    } catch {
      throw CommandFailure(.malformedInput, "\(path): \(error)")
    }
    let sidecarPath = sidecarPath(of: path)
    let sidecarData = try context.readInput(sidecarPath)
    let sidecar: Self
    do {
      sidecar = try JSONDecoder().decode(Self.self, from: sidecarData)
    } catch {
      throw CommandFailure(.malformedInput, "\(sidecarPath): not a ductus-distances sidecar")
    }
    return (sidecar, data, header)
  }
}
