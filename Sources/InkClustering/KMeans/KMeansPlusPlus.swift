import Foundation
import InkMath
import _DuctusSupport

/// The greedy k-means++ start (Arthur and Vassilvitskii 2007, with the `2 + ⌊ln k⌋` candidates
/// a step of scikit-learn's `_kmeans_plusplus` and tslearn's `_k_init_metric`): the first centre
/// is a point drawn uniformly, each next one the best, by the potential it leaves, of a few
/// points drawn with probability proportional to their squared distance to the nearest centre so
/// far. Draws come from `SplitMix64`, so a seed gives the same centres everywhere (not
/// scikit-learn's, whose generator differs). The distance is any: Euclidean between rows for
/// k-means, DTW between series for DTW k-means.
struct KMeansPlusPlus {
  /// The number of points.
  let count: Int
  /// How many centres to draw.
  let clusterCount: Int
  /// The squared distance of every point to point `index`.
  let squaredDistances: (_ index: Int) throws -> [Double]

  /// The `k × d` centres of k-means on the rows of `points` (Euclidean distances), row-major,
  /// drawn with `seed`.
  static func centres(of points: Matrix, clusterCount: Int, seed: UInt64) throws -> [Double] {
    var random = SplitMix64(seed: seed)
    return try KMeansPlusPlus(points: points, clusterCount: clusterCount)
      .centreIndices(using: &random).flatMap { points.row($0) }
  }

  /// The start of k-means on the rows of `points` (Euclidean distances).
  init(points: Matrix, clusterCount: Int) {
    self.count = points.rows
    self.clusterCount = clusterCount
    self.squaredDistances = { index in
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

  /// A start over `count` points measured by `squaredDistances`.
  init(count: Int, clusterCount: Int, squaredDistances: @escaping (_ index: Int) throws -> [Double])
  {
    self.count = count
    self.clusterCount = clusterCount
    self.squaredDistances = squaredDistances
  }

  /// The indices of the `k` points chosen as centres, drawn from `random`.
  func centreIndices(using random: inout SplitMix64) throws -> [Int] {
    let n = count
    let trials = 2 + Int(log(Double(clusterCount)))
    var chosen = [Int(truncatingIfNeeded: random.next().multipliedFullWidth(by: UInt64(n)).high)]
    var nearest = try squaredDistances(chosen[0])
    var potential = nearest.reduce(0, +)
    while chosen.count < clusterCount {
      var cumulative = nearest
      for i in 1..<n { cumulative[i] += cumulative[i - 1] }
      var best: (index: Int, potential: Double, distances: [Double])?
      for _ in 0..<trials {
        let target = random.uniform(0...1) * potential
        let candidate = min(cumulative.partitioningIndex { $0 >= target }, n - 1)
        var distances = try squaredDistances(candidate)
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
    return chosen
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
