import Foundation

/// A channel of the time series of ISO/IEC 19794-7 (signature/sign time series data) that
/// signature XML carries, named as the standard abbreviates it, and its unit.
///
/// A written value divided by its channel's scaling (``SignatureChannelDescription``) is the
/// value in the channel's unit. Time is in seconds and the pen angles in degrees, as in the
/// standard. The standard measures x and y in millimetres and the force in newtons; a drawing
/// keeps neither the tablet's resolution nor the pen's calibration, so here x and y are in the
/// drawing's own units and f in the model's force (1 is a normal press, as `PKStrokePoint`).
enum SignatureChannel: String, CaseIterable, Hashable, Sendable {
  /// The pen tip's x coordinate.
  case x
  /// The pen tip's y coordinate (down, as in the drawing model).
  case y
  /// The time since the first sample, in seconds.
  case t
  /// The pen tip's force.
  case f
  /// The azimuth: the angle of the pen's projection on the writing plane, in degrees, from
  /// the model's reference direction.
  case az
  /// The elevation: the angle between the pen and the writing plane, in degrees (90 is
  /// upright), the model's altitude.
  case el
  /// The pen-tip switch: 1 while the tip touches (ink), 0 while the pen is up.
  case s

  /// The channels every signature describes: a signature is a path in time.
  static let required: [SignatureChannel] = [.x, .y, .t]

  /// The factor that turns a value in the channel's unit into the model's unit (radians for
  /// the angles).
  var modelUnitsPerUnit: Double {
    switch self {
    case .az, .el: Double.pi / 180
    default: 1
    }
  }

  /// The other channels of ISO/IEC 19794-7, which a document may describe and which are read
  /// and dropped: z, velocities, accelerations, the time difference, tilts and the rotation.
  static let otherStandardChannels: Set<String> = [
    "z", "vx", "vy", "ax", "ay", "dt", "tx", "ty", "r",
  ]
}
