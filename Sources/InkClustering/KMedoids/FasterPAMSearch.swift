import InkMath

/// The state of FasterPAM (see ``KMedoids``): each point's nearest and second-nearest medoid
/// (as positions in ``medoids``) with their distances, and the loss each medoid's removal adds.
///
/// Generic over where the distances come from: a matrix of either width (read widened to
/// `Double`, the same answer as its float64 copy), or DTW computed on demand. A distance that
/// can only matter below a limit (a point's second-nearest distance) is asked for below it, so
/// an on-demand source may prune it; the arithmetic is that of the full matrix either way.
struct FasterPAMSearch<Source: FasterPAMDistances> {
  /// The distances.
  let distances: Source
  /// `n`.
  var count: Int { distances.count }
  /// The medoids, as point indices.
  var medoids: [Int]
  /// Each point's nearest medoid (a position in `medoids`).
  var nearest: [Int]
  /// The distance to it.
  var nearestDistance: [Double]
  /// Each point's second-nearest medoid (`-1` while unknown).
  var second: [Int]
  /// The distance to it.
  var secondDistance: [Double]

  init(distances: Source, medoids: [Int]) {
    self.distances = distances
    self.medoids = medoids
    let count = distances.count
    nearest = [Int](repeating: 0, count: count)
    nearestDistance = [Double](repeating: 0, count: count)
    second = [Int](repeating: -1, count: count)
    secondDistance = [Double](repeating: 0, count: count)
  }

  /// The distance between points `i` and `j`.
  private func distance(_ i: Int, _ j: Int) -> Double { distances.distance(i, j) }

  /// One cluster: the point with the least total distance to the others becomes the medoid
  /// (the first of equal ones, starting from the given medoid).
  mutating func singleMedoid() -> KMedoidsResult {
    let first = medoids[0]
    let sums = totalDistances()
    var (best, bestSum) = (first, sums[first])
    for j in 0..<count where j != first && sums[j] < bestSum { (best, bestSum) = (j, sums[j]) }
    return KMedoidsResult(
      medoids: [best], labels: [Int](repeating: 0, count: count), loss: bestSum, iterations: 1,
      swaps: best != first ? 1 : 0)
  }

  /// Each point's total distance to the others, summed in point order; the points on all cores,
  /// a chunk of them at a time against each other point (so that a matrix read by its medoids'
  /// rows is read a strip of each row at a time, not a column).
  private func totalDistances() -> [Double] {
    let (distances, count) = (self.distances, self.count)
    var sums = [Double](repeating: 0, count: count)
    sums.withUnsafeMutableBufferPointer { buffer in
      let output = DisjointWriteBuffer(buffer)
      ParallelLoop.forEachChunk(of: 0..<count, chunksPerCore: 8) { chunk in
        for j in chunk { output[j] = 0 }
        for other in 0..<count {
          for j in chunk where j != other { output[j] += distances.distance(j, other) }
        }
      }
    }
    return sums
  }

  /// Runs the eager swap passes for `k ≥ 2`.
  mutating func run(maxIterations: Int) -> KMedoidsResult {
    var loss = assignInitially()
    var removalLoss = removalLosses()
    var (lastSwap, swaps, iterations) = (count, 0, 0)
    let distances = self.distances
    while iterations < maxIterations {
      iterations += 1
      let (swapsBefore, lossBefore) = (swaps, loss)
      for j in 0..<count {
        if j == lastSwap { break }
        if j == medoids[nearest[j]] { continue }
        // Only a distance below a point's second-nearest one changes the swap's loss.
        let newLoss: Double? = distances.withColumn(j, below: secondDistance) { start, step in
          let (change, medoid) = bestSwap(for: j, removalLoss: removalLoss, start, step)
          return change < 0 ? swap(medoid: medoid, for: j, start, step) : nil
        }
        guard let newLoss else { continue }
        swaps += 1
        lastSwap = j
        loss = newLoss
        removalLoss = removalLosses()
      }
      if swaps == swapsBefore || loss >= lossBefore { break }
    }
    return KMedoidsResult(
      medoids: medoids, labels: nearest, loss: loss, iterations: iterations, swaps: swaps)
  }

  /// The nearest and second-nearest medoid of every point (the points on all cores); the loss.
  private mutating func assignInitially() -> Double {
    let (distances, medoids, count) = (self.distances, self.medoids, self.count)
    var assignments = [
      (nearest: Int, nearestDistance: Double, second: Int, secondDistance: Double)
    ](
      repeating: (0, 0, -1, 0), count: count)
    assignments.withUnsafeMutableBufferPointer { buffer in
      let output = DisjointWriteBuffer(buffer)
      ParallelLoop.forEachChunk(of: 0..<count, chunksPerCore: 8, minimumChunkSize: 64) { chunk in
        for i in chunk {
          output[i] = Self.twoNearest(of: i, medoids: medoids, distances: distances)
        }
      }
    }
    var loss = 0.0
    for (i, assignment) in assignments.enumerated() {
      (nearest[i], nearestDistance[i]) = (assignment.nearest, assignment.nearestDistance)
      (second[i], secondDistance[i]) = (assignment.second, assignment.secondDistance)
      loss += nearestDistance[i]
    }
    return loss
  }

  /// The nearest and second-nearest medoid of point `i` and their distances, the first of equal
  /// ones (a medoid is its own nearest); a medoid no nearer than the second so far is asked for
  /// below it.
  private static func twoNearest(of i: Int, medoids: [Int], distances: Source) -> (
    nearest: Int, nearestDistance: Double, second: Int, secondDistance: Double
  ) {
    var (nearest, nearestDistance) = (0, distances.distance(i, medoids[0]))
    var (second, secondDistance) = (-1, 0.0)
    for m in 1..<medoids.count {
      let isSelf = i == medoids[m]
      let d =
        isSelf || second == -1
        ? distances.distance(i, medoids[m])
        : distances.distance(i, medoids[m], below: secondDistance)
      if d < nearestDistance || isSelf {
        (second, secondDistance) = (nearest, nearestDistance)
        (nearest, nearestDistance) = (m, d)
      } else if second == -1 || d < secondDistance {
        (second, secondDistance) = (m, d)
      }
    }
    return (nearest, nearestDistance, second, secondDistance)
  }

  /// What removing each medoid would add to the loss, its points falling to their second.
  private func removalLosses() -> [Double] {
    var losses = [Double](repeating: 0, count: medoids.count)
    for i in 0..<count { losses[nearest[i]] += secondDistance[i] - nearestDistance[i] }
    return losses
  }

  /// The change of loss of the best swap of point `j` with a medoid, and that medoid's position
  /// (the first of equal ones), from the column `d(o, j)` at `start[o × step]` (exact below
  /// each point's second-nearest distance).
  ///
  /// Most points are nearer their second medoid than to `j` (about 93% of them on 20 medoids
  /// of 5,000 Gaussian points) and leave the change as it is. A contiguous column is therefore
  /// compared with the second-nearest distances eight points at a time, 64 points making one
  /// word of bits, and only the points whose bit is set are visited, in point order, so that the
  /// sums are those of the plain loop.
  private func bestSwap(
    for j: Int, removalLoss: [Double], _ start: UnsafePointer<Source.Element>, _ step: Int
  ) -> (change: Double, medoid: Int) {
    var change = removalLoss
    var shared = 0.0
    nearest.withUnsafeBufferPointer { nearest in
      nearestDistance.withUnsafeBufferPointer { nearestDistance in
        secondDistance.withUnsafeBufferPointer { secondDistance in
          change.withUnsafeMutableBufferPointer { change in
            // Point `o` at distance `d` from `j`, below its second-nearest distance.
            func visit(_ o: Int, _ d: Double) {
              if d < nearestDistance[o] {
                shared += d - nearestDistance[o]
                change[nearest[o]] += nearestDistance[o] - secondDistance[o]
              } else {
                change[nearest[o]] += d - secondDistance[o]
              }
            }
            var o = 0
            if step == 1 {
              let seconds = secondDistance.baseAddress!
              while o + 64 <= count {
                var below: UInt64 = 0
                for eight in 0..<8 {
                  let first = o + 8 * eight
                  let d = SIMD8<Double>(
                    UnsafeRawPointer(start + first).loadUnaligned(as: SIMD8<Source.Element>.self))
                  let limits = UnsafeRawPointer(seconds + first).loadUnaligned(
                    as: SIMD8<Double>.self)
                  let bits = SIMD8<UInt64>(repeating: 0).replacing(
                    with: Self.laneBits, where: d .< limits)
                  below |= bits.wrappedSum() << UInt64(8 * eight)
                }
                while below != 0 {
                  let point = o + below.trailingZeroBitCount
                  visit(point, Double(start[point]))
                  below &= below - 1
                }
                o += 64
              }
            }
            while o < count {
              let d = Double(start[o * step])
              if d < secondDistance[o] { visit(o, d) }
              o += 1
            }
          }
        }
      }
    }
    var best = 0
    for m in 1..<change.count where change[m] < change[best] { best = m }
    return (change[best] + shared, best)
  }

  /// The bit of each of eight lanes, lane `i` bit `i`.
  private static var laneBits: SIMD8<UInt64> { SIMD8(1, 2, 4, 8, 16, 32, 64, 128) }

  /// Replaces medoid `b` by point `j`, updates every point's two nearest from the column of
  /// ``bestSwap(for:removalLoss:_:_:)``; the new loss.
  private mutating func swap(
    medoid b: Int, for j: Int, _ start: UnsafePointer<Source.Element>, _ step: Int
  ) -> Double {
    medoids[b] = j
    var loss = 0.0
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
          (second[o], secondDistance[o]) = secondNearest(of: o, besides: nearest[o], swapped: b)
        }
      } else if d < nearestDistance[o] {
        (second[o], secondDistance[o]) = (nearest[o], nearestDistance[o])
        (nearest[o], nearestDistance[o]) = (b, d)
      } else if d < secondDistance[o] {
        (second[o], secondDistance[o]) = (b, d)
      } else if second[o] == b {
        (second[o], secondDistance[o]) = secondNearest(of: o, besides: nearest[o], swapped: b)
      }
      loss += nearestDistance[o]
    }
    return loss
  }

  /// The nearest medoid of point `o` other than `besides`; on a tie the swapped-in medoid `b`,
  /// then the first. Each distance is asked for below the best so far.
  private func secondNearest(of o: Int, besides nearestMedoid: Int, swapped b: Int)
    -> (Int, Double)
  {
    var (best, bestDistance) = (b, Double.infinity)
    for (m, point) in medoids.enumerated() where m != nearestMedoid && m != b {
      let candidate = distances.distance(o, point, below: bestDistance)
      if candidate < bestDistance { (best, bestDistance) = (m, candidate) }
    }
    let swapped = distances.distance(o, medoids[b], below: bestDistance.nextUp)
    return swapped <= bestDistance ? (b, swapped) : (best, bestDistance)
  }
}
