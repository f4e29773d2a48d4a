import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// How the attempt was drawn over time: the movement side of handwriting, which teachers watch
/// as closely as the shape.
public struct FluencyReport: Hashable, Sendable, Codable {
  /// Seconds from the first pen-down to the last pen-up.
  public var duration: Double
  /// Seconds with the pen on the surface.
  public var penDownTime: Double
  /// Seconds in the air between strokes.
  public var airTime: Double
  /// How many times the pen was lifted between strokes.
  public var penLifts: Int
  /// Mean writing speed, in template box heights a second.
  public var meanSpeed: Double
  /// 1 − the coefficient of variation of the speed (1: perfectly even; lower: jerky), 0 at
  /// least.
  public var speedSteadiness: Double
  /// Mean, standard deviation, minimum and maximum of the pen force, when the device reports
  /// force.
  public var pressure: PressureStatistics?

  /// Summary statistics of pen force.
  public struct PressureStatistics: Hashable, Sendable, Codable {
    /// The mean force (1 is a normal press).
    public var mean: Double
    /// The population standard deviation of the force.
    public var standardDeviation: Double
    /// The lightest force.
    public var minimum: Double
    /// The firmest force.
    public var maximum: Double
  }
}
