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
/// `ductus distances --stitch` reads the sidecars to put tiles back in place.
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

  /// Writes the matrix (`.npy`) and its sidecar, each atomically.
  func write(values: [Double], rows: Int, columns: Int, to path: String) throws {
    try AtomicFile.write(to: path) { sink in
      sink.write(NpyArray.header(shape: [rows, columns]))
      let rowWidth = max(columns, 1)
      var start = 0
      while start < values.count {
        let end = min(start + 4096 * rowWidth, values.count)
        sink.write(NpyArray.encode(Array(values[start..<end])))
        start = end
      }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let sidecar = try encoder.encode(self)
    try AtomicFile.write(to: Self.sidecarPath(of: path)) { $0.write(sidecar + Data("\n".utf8)) }
  }

  /// Reads a matrix and its sidecar.
  static func read(_ path: String, context: CommandContext) throws -> (Self, NpyArray) {
    let matrix = try NpyArray(data: context.readInput(path))
    let sidecarPath = sidecarPath(of: path)
    let sidecarData = try context.readInput(sidecarPath)
    let sidecar: Self
    do {
      sidecar = try JSONDecoder().decode(Self.self, from: sidecarData)
    } catch {
      throw CommandFailure(.malformedInput, "\(sidecarPath): not a ductus-distances sidecar")
    }
    return (sidecar, matrix)
  }
}
