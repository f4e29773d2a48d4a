import OpenPencilKit

/// One synthetic shape: the drawing, as a hand would draw it, and its ground truth.
public struct ShapeSpecimen: Hashable, Sendable {
  /// What was drawn, exactly: kind, subkind, parameters, the strokes (all of the drawing's),
  /// hot points, the fit of the ink to the ideal and the PaperKit record; confidence 1.
  public var truth: DetectedShape
  /// The strokes, in the order drawn, with their timestamps.
  public var drawing: PKDrawing

  /// A specimen from its truth and drawing.
  public init(truth: DetectedShape, drawing: PKDrawing) {
    self.truth = truth
    self.drawing = drawing
  }
}
