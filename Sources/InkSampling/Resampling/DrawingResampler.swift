/// Resamples a whole drawing (its strokes as sample buffers, in order) to a fixed number of
/// points, with a choice of what happens between strokes.
///
/// The result is one buffer with two more channels: `stroke`, the index of the stroke a sample
/// belongs to (for a sample in the air, the stroke just finished), and `penDown`, 1 on ink and 0
/// in the air.
///
/// ```swift
/// let strokes = StrokeSampler().samples(of: drawing)
/// let cloud = try DrawingResampler(count: 32, penUp: .separate).resample(strokes)
/// ```
public struct DrawingResampler: Sendable {
  /// What the pen does between strokes.
  public enum PenUpHandling: Hashable, Sendable {
    /// Strokes are resampled on their own; the `count` samples are shared out in proportion
    /// to stroke length (largest remainder, at least one a stroke), as the $P recognizer
    /// (Vatavu, Anthony and Wobbrock 2012) treats a multistroke gesture as one point cloud.
    case separate
    /// The pen's path through the air from one stroke's end to the next stroke's start counts
    /// as part of the trajectory (`penDown` 0 there), as on-line handwriting recognisers
    /// that model pen-up movement do.
    case connect
  }

  /// The number of samples of the result.
  public var count: Int
  /// What happens between strokes.
  public var penUp: PenUpHandling

  /// A resampler to `count` samples.
  public init(count: Int, penUp: PenUpHandling = .separate) {
    self.count = count
    self.penUp = penUp
  }

  /// The strokes resampled as one buffer; channels present in every stroke are kept.
  ///
  /// - Throws: ``ResamplingError/empty`` without a non-empty stroke,
  ///   ``ResamplingError/invalidParameter(_:)`` when `count` is below 1 or, with `.separate`,
  ///   below the number of strokes.
  public func resample(_ strokes: [SampleBuffer]) throws(ResamplingError) -> SampleBuffer {
    let strokes = strokes.filter { !$0.isEmpty }
    guard !strokes.isEmpty else { throw .empty }
    guard count >= 1 else { throw .invalidParameter("the sample count must be at least 1") }
    var tagged: [SampleBuffer] = []
    for (index, stroke) in strokes.enumerated() {
      var copy = stroke
      try? copy.setChannel(.stroke, to: [Double](repeating: Double(index), count: stroke.count))
      try? copy.setChannel(.penDown, to: [Double](repeating: 1, count: stroke.count))
      tagged.append(copy)
    }
    let common = Set(tagged[0].channels).filter { channel in
      tagged.allSatisfy { $0[channel] != nil }
    }
    let channels = tagged[0].channels.filter { common.contains($0) }
    switch penUp {
    case .separate:
      return try resampleSeparately(tagged, channels: channels)
    case .connect:
      return try resampleConnected(tagged, channels: channels)
    }
  }

  func resampleSeparately(
    _ strokes: [SampleBuffer], channels: [SampleChannel]
  ) throws(ResamplingError) -> SampleBuffer {
    guard count >= strokes.count else {
      throw .invalidParameter(
        "\(count) samples cannot cover \(strokes.count) strokes with at least one each")
    }
    let lengths = strokes.map(\.pathLength)
    let total = lengths.reduce(0, +)
    let weights =
      total > 0 ? lengths.map { $0 / total } : lengths.map { _ in 1 / Double(strokes.count) }
    // One sample each first, then the rest by largest remainder of the length shares.
    let spare = Double(count - strokes.count)
    var shares = weights.map { Int(($0 * spare).rounded(.down)) + 1 }
    let remainders = weights.enumerated().map {
      ($0.offset, $0.element * spare - (($0.element * spare).rounded(.down)))
    }
    for (index, _) in remainders.sorted(by: { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 })
      .prefix(count - shares.reduce(0, +))
    {
      shares[index] += 1
    }
    var pieces: [SampleBuffer] = []
    for (stroke, share) in zip(strokes, shares) {
      pieces.append(try stroke.resampled(count: share))
    }
    return concatenate(pieces, channels: channels)
  }

  func resampleConnected(
    _ strokes: [SampleBuffer], channels: [SampleChannel]
  ) throws(ResamplingError) -> SampleBuffer {
    let joined = concatenate(strokes, channels: channels)
    try joined.checkedForResampling()
    let lengths = joined.cumulativeArcLength
    let total = lengths[lengths.count - 1]
    let targets =
      count == 1
      ? [0] : (0..<count).map { $0 == count - 1 ? total : total * Double($0) / Double(count - 1) }
    var result = joined.interpolated(along: lengths, at: targets)
    // A sample strictly inside a segment that joins two strokes is in the air.
    let strokeOf = joined[.stroke]!
    var penDown = [Double](repeating: 1, count: targets.count)
    var strokeIndex = [Double](repeating: 0, count: targets.count)
    var j = 0
    for (k, target) in targets.enumerated() {
      while j < lengths.count - 2, lengths[j + 1] <= target { j += 1 }
      let next = min(j + 1, lengths.count - 1)
      let inAir = strokeOf[j] != strokeOf[next] && target > lengths[j] && target < lengths[next]
      penDown[k] = inAir ? 0 : 1
      strokeIndex[k] = target >= lengths[next] ? strokeOf[next] : strokeOf[j]
    }
    try? result.setChannel(.penDown, to: penDown)
    try? result.setChannel(.stroke, to: strokeIndex)
    return result
  }

  func concatenate(_ pieces: [SampleBuffer], channels: [SampleChannel]) -> SampleBuffer {
    var result = SampleBuffer(xs: pieces.flatMap(\.xs), ys: pieces.flatMap(\.ys))
    for channel in channels.dropFirst(2) {
      try? result.setChannel(channel, to: pieces.flatMap { $0[channel]! })
    }
    return result
  }
}
