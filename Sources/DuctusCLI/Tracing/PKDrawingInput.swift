import OpenPencilKit
import _DuctusSupport

/// A drawing with the name errors should use for it (a file, a record, a request id).
struct PKDrawingInput {
  var name: String
  var drawing: PKDrawing
}
