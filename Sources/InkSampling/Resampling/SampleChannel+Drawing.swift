extension SampleChannel {
  /// The index of the stroke a sample belongs to (a whole number held as a `Double`).
  public static let stroke = SampleChannel("stroke")
  /// 1 where the pen touches, 0 in the air between strokes.
  public static let penDown = SampleChannel("penDown")
}
