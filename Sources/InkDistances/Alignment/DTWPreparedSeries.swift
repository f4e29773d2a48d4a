import InkSampling

/// A series ready for the kernels: the selected channels, differentiated when asked, scaled by
/// the square roots of their weights, laid out channel after channel in one contiguous array.
/// Each channel is followed by ``padding`` zeros so that SIMD loads may run past its end.
///
/// Scaling by `√w` turns the weighted cost `Σ w_c (a_c − b_c)²` into a plain squared distance,
/// so the kernels never see weights.
struct DTWPreparedSeries: Sendable {
  /// The number of samples.
  let count: Int
  /// The number of channels.
  let channelCount: Int
  /// Channel `c` occupies `values[c * stride ..< c * stride + count]`.
  var values: [Double]

  /// The zeros after each channel: one `SIMD8<Double>` load may start at any sample.
  static let padding = 8

  /// The distance between the starts of two channels in `values`.
  var stride: Int { count + Self.padding }

  /// A series of the given channels, each `count` samples long.
  init(channels: [[Double]]) {
    count = channels.first?.count ?? 0
    channelCount = channels.count
    let zeros = [Double](repeating: 0, count: Self.padding)
    values = []
    values.reserveCapacity(channels.count * (count + Self.padding))
    for channel in channels { values += channel + zeros }
  }

  /// The samples of channel `c`.
  func channel(_ c: Int) -> ArraySlice<Double> {
    values[c * stride..<c * stride + count]
  }

  /// Sample `i` of channel `c`.
  subscript(channel c: Int, sample i: Int) -> Double {
    values[c * stride + i]
  }

  /// The samples in reverse order (the anti-diagonal kernel walks the second series backwards).
  func reversed() -> DTWPreparedSeries {
    DTWPreparedSeries(channels: (0..<channelCount).map { Array(channel($0).reversed()) })
  }

  /// The squared scaled distance between sample `i` of `self` and sample `j` of `other`.
  func squaredDistance(_ i: Int, _ other: DTWPreparedSeries, _ j: Int) -> Double {
    var sum = 0.0
    for c in 0..<channelCount {
      let difference = self[channel: c, sample: i] - other[channel: c, sample: j]
      sum = addingSquare(sum, difference)
    }
    return sum
  }
}
