/// What a `<ChannelDescription>` of signature XML says of one channel (ISO/IEC 19794-7's
/// channel description): which channel, and its scaling, the number of written units in one
/// unit of the channel (1000 for a time written in milliseconds).
struct SignatureChannelDescription: Hashable, Sendable {
  /// The channel.
  var channel: SignatureChannel
  /// Written units a unit of the channel: a written value divided by it is in the channel's
  /// unit. Finite and positive; 1 when the description gives none.
  var scaling: Double

  /// A written value in the model's unit (radians for the angles).
  func modelValue(written: Double) -> Double { written / scaling * channel.modelUnitsPerUnit }

  /// A value in the model's unit as it is written.
  func writtenValue(model: Double) -> Double { model / channel.modelUnitsPerUnit * scaling }

  /// The descriptions Ductus writes: x, y and f as the model keeps them, t in milliseconds,
  /// az and el in degrees.
  static let written: [SignatureChannelDescription] = [
    .init(channel: .x, scaling: 1), .init(channel: .y, scaling: 1),
    .init(channel: .t, scaling: 1000), .init(channel: .f, scaling: 1),
    .init(channel: .az, scaling: 1), .init(channel: .el, scaling: 1),
  ]
}
