import Foundation
import OpenPencilKit

extension PKDrawing {
  /// A box holding all the ink InkRender paints, in drawing coordinates: for each stroke its
  /// finite control points' hull widened by half its ink's widest mark (see
  /// <doc:InkRenderingRules>), then transformed; `.null` for an empty drawing.
  ///
  /// It differs from `bounds` where an ink reaches further than half the point size (the
  /// marker's chisel, a tilted pencil, a hard-pressed pen) or a stroke carries PencilKit's own
  /// stored bounds. Framing uses the union of the two, so no ink is cut off.
  public var inkBounds: CGRect {
    strokes.reduce(CGRect.null) { $0.union($1.inkBounds) }
  }
}
