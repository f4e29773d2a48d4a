import Foundation
import InkFeatures
import InkSampling
import InkSignatures
import _DuctusSupport

/// Signatures made by the tests: each user writes a curve of their own (two strokes, at 100
/// Hz, with a force profile of their own); a genuine signature varies it a little, a skilled
/// forgery copies the curve more loosely, more slowly and with another force profile.
enum SyntheticSignatures {
  /// A signature of `user`: genuine, or a skilled forgery, varied by `seed`; `noise` scales
  /// the variation (1 is a genuine signature's) and `count` sets the samples.
  static func features(
    user: Int, seed: UInt64, forged: Bool = false, noise: Double = 1, count: Int = 48
  ) -> SignatureFeatures {
    var random = SplitMix64(seed: seed &* 7919 &+ UInt64(user) &* 104_729 &+ (forged ? 1 : 0))
    func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) - 0.5 }
    let wobble = (forged ? 6.0 : 1.0) * noise
    let phase = Double(user) * 0.7
    let slowness = forged ? 1.6 : 1 + 0.05 * uniform() * noise
    let offsets = (uniform() * wobble, uniform() * wobble)
    var strokes: [SampleBuffer] = []
    let half = count / 2
    for stroke in 0..<2 {
      let range = stroke == 0 ? 0..<half : half..<count
      var xs: [Double] = []
      var ys: [Double] = []
      var ts: [Double] = []
      var forces: [Double] = []
      for i in range {
        let u = Double(i) / Double(count) * 2 * Double.pi
        xs.append(
          100 * u + 40 * sin(3 * u + phase) + offsets.0 * 10 + wobble * 2 * sin(5 * u)
            + 0.8 * wobble * uniform())
        ys.append(
          60 * cos(2 * u + phase) + offsets.1 * 10 + wobble * 2 * cos(7 * u)
            + 0.8 * wobble * uniform())
        ts.append((Double(i) * 0.01 + (stroke == 1 ? 0.15 : 0)) * slowness)
        let profile = forged ? 0.5 + 0.2 * cos(u) : 0.5 + 0.3 * sin(u + phase)
        forces.append(max(0.05, profile + 0.01 * wobble * uniform()))
      }
      let angles = [Double](repeating: 1, count: xs.count)
      strokes.append(
        try! SampleBuffer(
          xs: xs, ys: ys,
          extraChannels: [.t: ts, .force: forces, .azimuth: angles, .altitude: angles]))
    }
    return features(of: strokes)
  }

  /// The matcher's features of the given strokes.
  static func features(of strokes: [SampleBuffer]) -> SignatureFeatures {
    SignatureMatcher.features(of: try! SignatureSamples(strokes: strokes))
  }

  /// A signature of one sample.
  static let onePoint = features(of: [
    try! SampleBuffer(xs: [10], ys: [20], extraChannels: [.t: [0], .force: [0.5]])
  ])

  /// `count` genuine signatures of `user`, seeds 1…count.
  static func genuine(user: Int, count: Int) -> [SignatureFeatures] {
    (1...count).map { features(user: user, seed: UInt64($0)) }
  }
}
