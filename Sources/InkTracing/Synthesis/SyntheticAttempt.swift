import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// A synthetic tracing attempt: the drawing and the defects it was made with.
public struct SyntheticAttempt: Sendable {
  /// The attempt, as a pen on an iPad would have recorded it.
  public var drawing: PKDrawing
  /// The defects applied.
  public var defects: [TraceDefect]
}
