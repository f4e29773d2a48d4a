import Foundation
import _DuctusSupport

/// The sidecar of a `ductus features` `.npy` table, `<file>.npy.json`: its columns and, a row
/// each, the record's key and label (and, for strokes, the stroke's index in its drawing).
struct FeatureTableSidecar {
  /// The feature columns, in the order of the array's.
  let columns: [String]
  /// Whether rows are strokes.
  let strokes: Bool
  private var keys: [String] = []
  private var labels: [String] = []
  private var strokeIndices: [Int] = []

  /// An empty table of the given columns.
  init(columns: [String], strokes: Bool) {
    self.columns = columns
    self.strokes = strokes
  }

  /// The rows so far.
  var rowCount: Int { keys.count }

  /// Adds a record's rows.
  mutating func append(_ rows: FeaturesCommand.Rows) {
    for k in rows.vectors.indices {
      keys.append(JSONTextWriter.string(rows.key))
      labels.append(rows.label.map(JSONTextWriter.string) ?? "null")
      strokeIndices.append(k)
    }
  }

  /// `{"columns", "rowKeys", "rowLabels", "rowStrokes"}`, keys sorted, and a line feed.
  var json: Data {
    var text = "{\"columns\":[" + columns.map(JSONTextWriter.string).joined(separator: ",") + "]"
    text += ",\"rowKeys\":[" + keys.joined(separator: ",") + "]"
    text += ",\"rowLabels\":[" + labels.joined(separator: ",") + "]"
    if strokes {
      text += ",\"rowStrokes\":[" + strokeIndices.map(String.init).joined(separator: ",") + "]"
    }
    return Data((text + "}\n").utf8)
  }
}
