/// The state of FasterPAM (see ``KMedoids``): each point's nearest and second-nearest medoid
/// (as positions in ``medoids``) with their distances, and the loss each medoid's removal adds.
///
/// Generic over the width of the stored distances (a float32 matrix is read widened to
/// `Double`, the same answer as its float64 copy).
struct FasterPAMSearch<Distance: BinaryFloatingPoint> {
  /// The `n × n` distances, row-major.
  let distances: UnsafeBufferPointer<Distance>
  /// `n`.
  let count: Int
  /// The medoids, as point indices.
  var medoids: [Int]
  /// Each point's nearest medoid (a position in `medoids`).
  var nearest: [Int]
  /// The distance to it.
  var nearestDistance: [Double]
  /// Whether the matrix is symmetric, so that column `j` can be read as row `j` (contiguous).
  let isSymmetric: Bool
  /// Each point's second-nearest medoid (`-1` while unknown).
  var second: [Int]
  /// The distance to it.
  var secondDistance: [Double]

  init(distances: UnsafeBufferPointer<Distance>, count: Int, isSymmetric: Bool, medoids: [Int]) {
    self.distances = distances
    self.count = count
    self.isSymmetric = isSymmetric
    self.medoids = medoids
    nearest = [Int](repeating: 0, count: count)
    nearestDistance = [Double](repeating: 0, count: count)
    second = [Int](repeating: -1, count: count)
    secondDistance = [Double](repeating: 0, count: count)
  }

  /// The distances `d(o, j)` of every point `o` to point `j`: where they start, and the step
  /// from one to the next (row `j` of a symmetric matrix, else column `j`).
  private func column(_ j: Int) -> (start: UnsafePointer<Distance>, step: Int) {
    isSymmetric ? (distances.baseAddress! + j * count, 1) : (distances.baseAddress! + j, count)
  }

  /// The distance between points `i` and `j`.
  private func distance(_ i: Int, _ j: Int) -> Double { Double(distances[i * count + j]) }

  /// One cluster: the point with the least total distance to the others becomes the medoid
  /// (the first of equal ones, starting from the given medoid).
  mutating func singleMedoid() -> KMedoidsResult {
    let first = medoids[0]
    var (best, bestSum) = (
      first, (0..<count).reduce(0.0) { $0 + ($1 == first ? 0 : distance(first, $1)) }
    )
    for j in 0..<count where j != first {
      let sum = (0..<count).reduce(0.0) { $0 + ($1 == j ? 0 : distance(j, $1)) }
      if sum < bestSum { (best, bestSum) = (j, sum) }
    }
    return KMedoidsResult(
      medoids: [best], labels: [Int](repeating: 0, count: count), loss: bestSum, iterations: 1,
      swaps: best != first ? 1 : 0)
  }

  /// Runs the eager swap passes for `k ≥ 2`.
  mutating func run(maxIterations: Int) -> KMedoidsResult {
    var loss = assignInitially()
    var removalLoss = removalLosses()
    var (lastSwap, swaps, iterations) = (count, 0, 0)
    while iterations < maxIterations {
      iterations += 1
      let (swapsBefore, lossBefore) = (swaps, loss)
      for j in 0..<count {
        if j == lastSwap { break }
        if j == medoids[nearest[j]] { continue }
        let (change, medoid) = bestSwap(for: j, removalLoss: removalLoss)
        if change >= 0 { continue }
        swaps += 1
        lastSwap = j
        loss = swap(medoid: medoid, for: j)
        removalLoss = removalLosses()
      }
      if swaps == swapsBefore || loss >= lossBefore { break }
    }
    return KMedoidsResult(
      medoids: medoids, labels: nearest, loss: loss, iterations: iterations, swaps: swaps)
  }

  /// The nearest and second-nearest medoid of every point; the loss.
  private mutating func assignInitially() -> Double {
    var loss = 0.0
    for i in 0..<count {
      nearest[i] = 0
      nearestDistance[i] = distance(i, medoids[0])
      second[i] = -1
      secondDistance[i] = 0
      for m in 1..<medoids.count {
        let d = distance(i, medoids[m])
        if d < nearestDistance[i] || i == medoids[m] {
          (second[i], secondDistance[i]) = (nearest[i], nearestDistance[i])
          (nearest[i], nearestDistance[i]) = (m, d)
        } else if second[i] == -1 || d < secondDistance[i] {
          (second[i], secondDistance[i]) = (m, d)
        }
      }
      loss += nearestDistance[i]
    }
    return loss
  }

  /// What removing each medoid would add to the loss, its points falling to their second.
  private func removalLosses() -> [Double] {
    var losses = [Double](repeating: 0, count: medoids.count)
    for i in 0..<count { losses[nearest[i]] += secondDistance[i] - nearestDistance[i] }
    return losses
  }

  /// The change of loss of the best swap of point `j` with a medoid, and that medoid's position
  /// (the first of equal ones).
  private func bestSwap(for j: Int, removalLoss: [Double]) -> (change: Double, medoid: Int) {
    var change = removalLoss
    var shared = 0.0
    let (start, step) = column(j)
    nearest.withUnsafeBufferPointer { nearest in
      nearestDistance.withUnsafeBufferPointer { nearestDistance in
        secondDistance.withUnsafeBufferPointer { secondDistance in
          change.withUnsafeMutableBufferPointer { change in
            for o in 0..<count {
              let d = Double(start[o * step])
              if d < nearestDistance[o] {
                shared += d - nearestDistance[o]
                change[nearest[o]] += nearestDistance[o] - secondDistance[o]
              } else if d < secondDistance[o] {
                change[nearest[o]] += d - secondDistance[o]
              }
            }
          }
        }
      }
    }
    var best = 0
    for m in 1..<change.count where change[m] < change[best] { best = m }
    return (change[best] + shared, best)
  }

  /// Replaces medoid `b` by point `j`, updates every point's two nearest; the new loss.
  private mutating func swap(medoid b: Int, for j: Int) -> Double {
    medoids[b] = j
    var loss = 0.0
    let (start, step) = column(j)
    for o in 0..<count {
      if o == j {
        if nearest[o] != b { (second[o], secondDistance[o]) = (nearest[o], nearestDistance[o]) }
        (nearest[o], nearestDistance[o]) = (b, 0)
        continue
      }
      let d = Double(start[o * step])
      if nearest[o] == b {
        if d < secondDistance[o] {
          nearestDistance[o] = d
        } else {
          (nearest[o], nearestDistance[o]) = (second[o], secondDistance[o])
          (second[o], secondDistance[o]) = secondNearest(of: o, besides: nearest[o], swapped: b, d)
        }
      } else if d < nearestDistance[o] {
        (second[o], secondDistance[o]) = (nearest[o], nearestDistance[o])
        (nearest[o], nearestDistance[o]) = (b, d)
      } else if d < secondDistance[o] {
        (second[o], secondDistance[o]) = (b, d)
      } else if second[o] == b {
        (second[o], secondDistance[o]) = secondNearest(of: o, besides: nearest[o], swapped: b, d)
      }
      loss += nearestDistance[o]
    }
    return loss
  }

  /// The nearest medoid of point `o` other than `besides`, starting from the swapped-in medoid
  /// `b` at distance `d`.
  private func secondNearest(of o: Int, besides nearestMedoid: Int, swapped b: Int, _ d: Double)
    -> (Int, Double)
  {
    var (best, bestDistance) = (b, d)
    for (m, point) in medoids.enumerated() where m != nearestMedoid && m != b {
      let candidate = distance(o, point)
      if candidate < bestDistance { (best, bestDistance) = (m, candidate) }
    }
    return (best, bestDistance)
  }
}
