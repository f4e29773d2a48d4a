import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// Why an attempt could not be scored.
public enum TracingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The template has no stroke or a box without height.
  case invalidTemplate(String)
  /// A coordinate of the attempt is NaN or infinite.
  case nonFiniteAttempt(stroke: Int, point: Int)
  /// The canvas rectangle has no height.
  case invalidPlacement

  /// One sentence naming the problem.
  public var description: String {
    switch self {
    case .invalidTemplate(let why): "the template cannot be used: \(why)"
    case .nonFiniteAttempt(let stroke, let point):
      "point \(point) of attempt stroke \(stroke) has a NaN or infinite coordinate"
    case .invalidPlacement: "the canvas rectangle of the template has no height"
    }
  }
}
