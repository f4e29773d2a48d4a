import Foundation
import _DuctusSupport

/// The answer lines of `ductus trace session`: one JSON object a request, keys sorted, ending
/// in a newline.
///
/// - `{"error": "…", "id": …}` when the request is refused;
/// - `{"id": …, "report": {…}}` when it is scored, with `"picture": "<name>"` when its
///   picture was written or `"pictureError": "…"` when it was asked for and not written.
enum SessionAnswer {
  /// An error answer.
  static func error(_ message: String, id: String?) -> Data {
    Data("{\"error\":\(JSONTextWriter.string(message)),\"id\":\(id ?? "null")}\n".utf8)
  }

  /// A report answer; `report` is the report's JSON (keys sorted).
  static func report(_ report: Data, id: String, picture: String?, pictureError: String?)
    -> Data
  {
    var line = Data("{\"id\":\(id),".utf8)
    if let picture { line += Data("\"picture\":\(JSONTextWriter.string(picture)),".utf8) }
    if let pictureError {
      line += Data("\"pictureError\":\(JSONTextWriter.string(pictureError)),".utf8)
    }
    line += Data("\"report\":".utf8) + report + Data("}\n".utf8)
    return line
  }
}
