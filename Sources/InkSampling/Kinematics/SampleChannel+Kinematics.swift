extension SampleChannel {
  /// Horizontal velocity.
  public static let vx = SampleChannel("vx")
  /// Vertical velocity.
  public static let vy = SampleChannel("vy")
  /// Speed, the magnitude of the velocity.
  public static let speed = SampleChannel("speed")
  /// Horizontal acceleration.
  public static let ax = SampleChannel("ax")
  /// Vertical acceleration.
  public static let ay = SampleChannel("ay")
  /// The magnitude of the acceleration.
  public static let acceleration = SampleChannel("acceleration")
  /// The magnitude of the jerk (the derivative of the acceleration vector).
  public static let jerk = SampleChannel("jerk")
  /// Signed curvature, 1/radius.
  public static let curvature = SampleChannel("curvature")
  /// The path-tangent angle in radians, unwrapped.
  public static let tangentAngle = SampleChannel("tangentAngle")
}
