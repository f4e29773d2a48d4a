import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// How an attempt's coordinates relate to the template's box.
public enum TracingPlacement: Hashable, Sendable {
  /// The attempt is scaled uniformly and moved so that its bounding box's centre and diagonal
  /// match the template's strokes' (copying exercises, or when the app does not say where the
  /// template was shown). Size and position errors then go unreported. A stroke that stretches
  /// the attempt's box by more than 15% (a dot, a scribble or a second letter started beside the
  /// letter) is also tried left out of the fit, and the placement whose report scores higher is
  /// kept: the mark is then `extra` and the letter is judged as if it were not there.
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
