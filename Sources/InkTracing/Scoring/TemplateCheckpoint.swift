import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// A place a stroke must pass near: the attempt's stroke must come within `radius` of it.
public struct TemplateCheckpoint: Hashable, Sendable, Codable {
  /// Where, in the template's box coordinates.
  public var x: Double
  /// Where, in the template's box coordinates.
  public var y: Double
  /// How near counts as passing, in box units.
  public var radius: Double

  /// Creates a checkpoint.
  public init(x: Double, y: Double, radius: Double) {
    self.x = x
    self.y = y
    self.radius = radius
  }
}
