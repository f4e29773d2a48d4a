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
  /// How even the movement is, 0–1: 1 − the RMS of the pen speed's departure from the speed of
  /// the movement (the path smoothed by a Gaussian of 40 ms, on a 10 ms clock) over the RMS of
  /// the movement's speed, averaged over the strokes of 0.3 s or more by duration; 1 when no stroke is that
  /// long. A smooth, confident stroke is near 1 however its speed rises and falls; a tremor of
  /// the size of the speed brings it near 0.
  public var speedSteadiness: Double
  /// Stops inside strokes: runs of 0.1 s or more with the speed below 5% of the stroke's peak
  /// (the slow start and end of a stroke do not count).
  public var pauses: Int
  /// The seconds of those stops.
  public var pauseTime: Double
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
