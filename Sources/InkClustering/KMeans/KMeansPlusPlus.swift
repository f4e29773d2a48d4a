import Foundation
import InkMath
import _DuctusSupport

/// The greedy k-means++ start (Arthur and Vassilvitskii 2007, with the `2 + ⌊ln k⌋` candidates
/// a step of scikit-learn's `_kmeans_plusplus`): the first centre is a point drawn uniformly,
/// each next one the best, by the potential it leaves, of a few points drawn with probability
/// proportional to their squared distance to the nearest centre so far. Draws come from
/// `SplitMix64`, so a seed gives the same centres everywhere (not scikit-learn's, whose
/// generator differs).
struct KMeansPlusPlus {
  /// The points, one a row.
  let points: Matrix
  /// How many centres to draw.
  let clusterCount: Int
  /// The seed of the draws.
  let seed: UInt64

  /// The `k × d` centres, row-major.
  func centres() -> [Double] {
    let n = points.rows
    var random = SplitMix64(seed: seed)
    let trials = 2 + Int(log(Double(clusterCount)))
    var chosen = [Int(truncatingIfNeeded: random.next().multipliedFullWidth(by: UInt64(n)).high)]
    var nearest = squaredDistances(to: chosen[0])
    var potential = nearest.reduce(0, +)
    while chosen.count < clusterCount {
      var cumulative = nearest
      for i in 1..<n { cumulative[i] += cumulative[i - 1] }
      var best: (index: Int, potential: Double, distances: [Double])?
      for _ in 0..<trials {
        let target = random.uniform(0...1) * potential
        let candidate = min(cumulative.partitioningIndex { $0 >= target }, n - 1)
        var distances = squaredDistances(to: candidate)
        for i in 0..<n where nearest[i] < distances[i] { distances[i] = nearest[i] }
        let candidatePotential = distances.reduce(0, +)
        if best == nil || candidatePotential < best!.potential {
          best = (candidate, candidatePotential, distances)
        }
      }
      chosen.append(best!.index)
      nearest = best!.distances
      potential = best!.potential
    }
    return chosen.flatMap { points.row($0) }
  }

  /// The squared distance of every point to point `index`.
  private func squaredDistances(to index: Int) -> [Double] {
    let d = points.columns
    return points.elements.withUnsafeBufferPointer { x in
      (0..<points.rows).map { i in
        var sum = 0.0
        for j in 0..<d {
          let difference = x[i * d + j] - x[index * d + j]
          sum += difference * difference
        }
        return sum
      }
    }
  }
}

extension Array where Element == Double {
  /// The first index whose element satisfies `predicate`, for an array on which it is false then
  /// true (binary search; `count` when it never holds), as NumPy's `searchsorted(side="left")`.
  fileprivate func partitioningIndex(where predicate: (Double) -> Bool) -> Int {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if predicate(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
