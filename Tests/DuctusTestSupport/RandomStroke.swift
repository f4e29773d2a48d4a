import Foundation
import InkSampling

/// Seeded random walks, so that property tests are repeatable; the stream is the library's
/// `SplitMix64`.
public struct RandomStroke {
  private var generator: SplitMix64

  /// A stream fixed by `state`.
  public init(state: UInt64) { generator = SplitMix64(seed: state) }

  /// The next number in `0..<1` (the top 53 bits of the next 64).
  public mutating func next() -> Double {
    Double(generator.next() >> 11) / Double(1 << 53)
  }

  /// A smooth random walk of `count` samples, 0.01 s apart.
  public mutating func buffer(count: Int) -> SampleBuffer {
    var x = 100.0
    var y = 100.0
    var angle = 0.0
    var xs: [Double] = []
    var ys: [Double] = []
    for _ in 0..<count {
      angle += (next() - 0.5) * 0.8
      x += cos(angle) * (1 + 4 * next())
      y += sin(angle) * (1 + 4 * next())
      xs.append(x)
      ys.append(y)
    }
    var buffer = SampleBuffer(xs: xs, ys: ys)
    try? buffer.setChannel(.t, to: (0..<count).map { Double($0) * 0.01 })
    return buffer
  }
}
