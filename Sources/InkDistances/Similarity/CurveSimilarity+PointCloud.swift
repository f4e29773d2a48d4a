import Foundation
import InkSampling

/// The $P point-cloud distance.
extension CurveSimilarity {
  /// The $P point-cloud distance between two clouds of the same size: the smallest weighted
  /// greedy matching cost over a few starting points, in both directions.
  ///
  /// Source: R.-D. Vatavu, L. Anthony and J. O. Wobbrock, *Gestures as point clouds: a $P
  /// recognizer for user interface prototypes*, ICMI 2012 (`GreedyCloudMatch` and
  /// `CloudDistance` of the paper's pseudocode). From every `step`-th starting sample, with
  /// `step = ⌊n^(1−ε)⌋`, each sample of one cloud in turn is matched to its nearest still
  /// unmatched sample of the other (the first on ties), the `k`-th match weighted `1 − k/n`;
  /// the result is the smallest sum over starts and both directions. The clouds are taken as
  /// given: resample to `n` points, scale and translate them (as $P does) beforehand.
  ///
  /// ```swift
  /// let a = SampleBuffer(xs: [0, 1, 2, 3], ys: [0, 0, 0, 0])
  /// try CurveSimilarity.pointCloudDistance(a, a)  // 0
  /// ```
  ///
  /// - Parameters:
  ///   - a: The first cloud (the paper's candidate).
  ///   - b: The second cloud (the template), of the same size.
  ///   - epsilon: The paper's ε in [0, 1]; 0.5 (the paper's choice) tries about √n starts, 1
  ///     tries them all.
  /// - Complexity: O(*n*^(2+ε)).
  /// - Throws: ``SimilarityError/sampleCountMismatch(first:second:)`` when the clouds differ in
  ///   size, ``SimilarityError/parameterOutOfRange(name:value:)`` for ε outside [0, 1],
  ///   ``SimilarityError/emptyCurve(_:)``, ``SimilarityError/nonFiniteSample(_:channel:index:)``.
  public static func pointCloudDistance(
    _ a: SampleBuffer, _ b: SampleBuffer, epsilon: Double = 0.5
  ) throws(SimilarityError) -> Double {
    try validate(a, b)
    guard a.count == b.count else { throw .sampleCountMismatch(first: a.count, second: b.count) }
    guard (0...1).contains(epsilon) else {
      throw .parameterOutOfRange(name: "epsilon", value: epsilon)
    }
    let n = a.count
    let step = max(1, Int(Foundation.pow(Double(n), 1 - epsilon).rounded(.down)))
    var best = Double.infinity
    for start in stride(from: 0, to: n, by: step) {
      best = min(
        best, greedyCloudDistance(from: a, to: b, start: start),
        greedyCloudDistance(from: b, to: a, start: start))
    }
    return best
  }

  /// `CloudDistance` of $P: the weighted cost of matching each sample of `a`, from `start` on
  /// and wrapping around, to its nearest unmatched sample of `b`.
  static func greedyCloudDistance(from a: SampleBuffer, to b: SampleBuffer, start: Int) -> Double {
    let n = a.count
    return withUnsafeTemporaryAllocation(of: Bool.self, capacity: n) { matched in
      matched.initialize(repeating: false)
      return a.xs.withUnsafeBufferPointer { ax in
        a.ys.withUnsafeBufferPointer { ay in
          b.xs.withUnsafeBufferPointer { bx in
            b.ys.withUnsafeBufferPointer { by in
              var sum = 0.0
              var i = start
              repeat {
                var nearest = Double.infinity
                var index = 0
                for j in 0..<n where !matched[j] {
                  let dx = ax[i] - bx[j]
                  let dy = ay[i] - by[j]
                  let distance = (dx * dx + dy * dy).squareRoot()
                  if distance < nearest {
                    nearest = distance
                    index = j
                  }
                }
                matched[index] = true
                let weight = 1 - Double((i - start + n) % n) / Double(n)
                sum += weight * nearest
                i = (i + 1) % n
              } while i != start
              return sum
            }
          }
        }
      }
    }
  }
}
