import Foundation
import _DuctusSupport

/// The sidecar of a `ductus features` `.npy` table, `<file>.npy.json`: its columns and, a row
/// each, the record's key and label (and, for strokes, the stroke's index in its drawing).
///
/// The rows' entries wait in temporary files beside the output (``SpillFile``) until the
/// sidecar is written, so its memory does not grow with the table.
final class FeatureTableSidecar {
  /// The feature columns, in the order of the array's.
  let columns: [String]
  /// Whether rows are strokes.
  let strokes: Bool
  private let keys: SpillFile
  private let labels: SpillFile
  private let strokeIndices: SpillFile?
  /// The rows so far.
  private(set) var rowCount = 0

  /// An empty table of the given columns, for the sidecar of `output`.
  ///
  /// - Throws: `CommandFailure` (exit 74) when a temporary file cannot be made.
  init(columns: [String], strokes: Bool, for output: String) throws {
    self.columns = columns
    self.strokes = strokes
    keys = try SpillFile(for: output)
    labels = try SpillFile(for: output)
    strokeIndices = strokes ? try SpillFile(for: output) : nil
  }

  /// Adds a record's rows.
  func append(_ rows: FeaturesCommand.Rows) {
    let key = JSONTextWriter.string(rows.key)
    let label = rows.label.map(JSONTextWriter.string) ?? "null"
    for k in rows.vectors.indices {
      let separator = rowCount == 0 ? "" : ","
      keys.append(separator + key)
      labels.append(separator + label)
      strokeIndices?.append(separator + String(k))
      rowCount += 1
    }
  }

  /// Writes `{"columns", "rowKeys", "rowLabels", "rowStrokes"}`, keys sorted, and a line feed,
  /// and removes the temporary files.
  ///
  /// - Throws: `CommandFailure` (exit 74) when a temporary file cannot be read back.
  func write(to sink: OutputSink) throws {
    sink.write("{\"columns\":[" + columns.map(JSONTextWriter.string).joined(separator: ",") + "]")
    sink.write(",\"rowKeys\":[")
    try keys.copy(to: sink)
    sink.write("],\"rowLabels\":[")
    try labels.copy(to: sink)
    sink.write("]")
    if let strokeIndices {
      sink.write(",\"rowStrokes\":[")
      try strokeIndices.copy(to: sink)
      sink.write("]")
    }
    sink.write("}\n")
  }
}
