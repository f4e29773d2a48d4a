import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// How an attempt's coordinates relate to the template's box.
public enum TracingPlacement: Hashable, Sendable {
  /// The attempt is scaled uniformly and moved so that its bounding box's centre and diagonal
  /// match the template's strokes' (copying exercises, or when the app does not say where the
  /// template was shown). Size and position errors then go unreported.
  case fit
  /// The attempt is already in the template box's coordinates.
  case box
  /// The template's box was shown at this rectangle of the attempt's canvas (tracing over a
  /// template on screen); the box's height maps to the rectangle's height.
  case canvas(CGRect)

  /// The name used in reports and on the command line.
  public var name: String {
    switch self {
    case .fit: "fit"
    case .box: "box"
    case .canvas: "canvas"
    }
  }
}
