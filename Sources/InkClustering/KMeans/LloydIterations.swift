import Dispatch
import InkMath

/// Lloyd's iterations on centred points: the assignment step (by matrix product, or exactly
/// with Hamerly's bounds), the update step with scikit-learn's relocation of empty clusters, and
/// the stopping rules of ``KMeans``.
struct LloydIterations {
  /// The points, one a row (`n × d`).
  let points: Matrix
  /// `k`.
  let clusterCount: Int
  /// The centres, `k × d` row-major.
  var centres: [Double]
  /// Each point's cluster (`-1` before the first assignment).
  var labels: [Int]
  /// How many iterations ran.
  var iterations = 0

  init(points: Matrix, centres: [Double], clusterCount: Int) {
    self.points = points
    self.centres = centres
    self.clusterCount = clusterCount
    labels = [Int](repeating: -1, count: points.rows)
  }

  /// Iterates until a stopping rule holds; whether it converged (rather than ran out of
  /// iterations). `tolerance` is absolute: the bound on the sum of the squared centre moves.
  mutating func iterate(maxIterations: Int, tolerance: Double, algorithm: KMeans.Algorithm)
    -> Bool
  {
    var previous = labels
    var bounds: HamerlyBounds?
    var strictlyConverged = false
    var converged = false
    for iteration in 0..<maxIterations {
      iterations = iteration + 1
      switch algorithm {
      case .lloyd:
        assignByProduct()
      case .hamerly:
        if bounds == nil {
          bounds = assignExactly()
        } else {
          assign(within: &bounds!)
        }
      }
      let moves = updateCentres()
      if labels == previous {
        strictlyConverged = true
        converged = true
        break
      }
      if moves.reduce(0, { $0 + $1 * $1 }) <= tolerance {
        converged = true
        break
      }
      bounds?.move(by: moves, labels: labels)
      previous = labels
    }
    if !strictlyConverged {
      switch algorithm {
      case .lloyd: assignByProduct()
      case .hamerly: _ = assignExactly()
      }
    }
    return converged
  }

  /// The sum of the squared distances of the points to their centres.
  func inertia() -> Double {
    let d = points.columns
    var total = 0.0
    for i in 0..<points.rows {
      total += squaredDistance(point: i, centre: labels[i], d: d)
    }
    return total
  }

  /// The squared distance between point `i` and centre `j`.
  private func squaredDistance(point i: Int, centre j: Int, d: Int) -> Double {
    var sum = 0.0
    for c in 0..<d {
      let difference = points.elements[i * d + c] - centres[j * d + c]
      sum += difference * difference
    }
    return sum
  }

  /// Assigns every point by `‖c‖² − 2·x·c`, the inner products from one GEMM a block of
  /// ``KMeans/blockRows`` points; blocks run in parallel when BLAS has one thread.
  private mutating func assignByProduct() {
    let (n, d, k) = (points.rows, points.columns, clusterCount)
    // The sizes are consistent by construction, so neither initialiser nor product can throw.
    let centreMatrix = try! Matrix(rows: k, columns: d, elements: centres)
    let norms = (0..<k).map { j in centres[(j * d)..<((j + 1) * d)].reduce(0) { $0 + $1 * $1 } }
    let points = self.points
    let blockRows = KMeans.blockRows
    let blocks = (n + blockRows - 1) / blockRows
    labels.withUnsafeMutableBufferPointer { storage in
      let labels = DisjointWriteBuffer(storage)
      let assignBlocks: @Sendable (Range<Int>) -> Void = { range in
        for block in range {
          let start = block * blockRows
          let end = min(n, start + blockRows)
          let chunk = try! Matrix(
            rows: end - start, columns: d,
            elements: Array(points.elements[(start * d)..<(end * d)]))
          let product = try! Matrix.gemm(chunk, centreMatrix, transposeB: true)
          product.elements.withUnsafeBufferPointer { g in
            for r in 0..<(end - start) {
              var best = 0
              var bestValue = norms[0] - 2 * g[r * k]
              for j in 1..<k where norms[j] - 2 * g[r * k + j] < bestValue {
                best = j
                bestValue = norms[j] - 2 * g[r * k + j]
              }
              labels[start + r] = best
            }
          }
        }
      }
      if BLASThreading.threadCount == 1 {
        ParallelLoop.forEachChunk(of: 0..<blocks, chunksPerCore: 2, assignBlocks)
      } else {
        assignBlocks(0..<blocks)
      }
    }
  }

  /// Assigns every point by its exact distances to all centres, and returns Hamerly's bounds:
  /// the distance to the nearest centre and to the second nearest.
  private mutating func assignExactly() -> HamerlyBounds {
    let n = points.rows
    var bounds = HamerlyBounds(
      upper: [Double](repeating: 0, count: n), lower: [Double](repeating: 0, count: n))
    let search = NearestCentreSearch(points: points, centres: centres, clusterCount: clusterCount)
    labels.withUnsafeMutableBufferPointer { labelStorage in
      bounds.upper.withUnsafeMutableBufferPointer { upperStorage in
        bounds.lower.withUnsafeMutableBufferPointer { lowerStorage in
          let (labels, upper, lower) = (
            DisjointWriteBuffer(labelStorage), DisjointWriteBuffer(upperStorage),
            DisjointWriteBuffer(lowerStorage)
          )
          ParallelLoop.forEachChunk(of: 0..<n, minimumChunkSize: 256) { range in
            for i in range {
              let found = search.twoNearest(to: i)
              labels[i] = found.nearest
              upper[i] = found.nearestDistance
              lower[i] = found.secondDistance
            }
          }
        }
      }
    }
    return bounds
  }

  /// Hamerly's assignment step: a point whose upper bound is within half the distance from its
  /// centre to the nearest other centre, or within its lower bound, keeps its cluster; else its
  /// upper bound is made exact and tested again, and only then are all centres searched.
  private mutating func assign(within bounds: inout HamerlyBounds) {
    let n = points.rows
    let search = NearestCentreSearch(points: points, centres: centres, clusterCount: clusterCount)
    let halfGaps = search.halfDistancesToNearestOtherCentre()
    labels.withUnsafeMutableBufferPointer { labelStorage in
      bounds.upper.withUnsafeMutableBufferPointer { upperStorage in
        bounds.lower.withUnsafeMutableBufferPointer { lowerStorage in
          let (labels, upper, lower) = (
            DisjointWriteBuffer(labelStorage), DisjointWriteBuffer(upperStorage),
            DisjointWriteBuffer(lowerStorage)
          )
          ParallelLoop.forEachChunk(of: 0..<n, minimumChunkSize: 256) { range in
            for i in range {
              let bound = max(halfGaps[labels[i]], lower[i])
              if upper[i] <= bound { continue }
              upper[i] = search.distance(from: i, toCentre: labels[i])
              if upper[i] <= bound { continue }
              let found = search.twoNearest(to: i)
              labels[i] = found.nearest
              upper[i] = found.nearestDistance
              lower[i] = found.secondDistance
            }
          }
        }
      }
    }
  }

  /// Moves each centre to the mean of its points, after giving each empty cluster the point
  /// farthest from its own centre (scikit-learn's `_relocate_empty_clusters_dense`; a cluster
  /// left without points keeps the zero sum, as there); returns how far each centre moved.
  private mutating func updateCentres() -> [Double] {
    let (n, d, k) = (points.rows, points.columns, clusterCount)
    var (sums, counts) = clusterSums()
    let empty = (0..<k).filter { counts[$0] == 0 }
    if !empty.isEmpty {
      let distances = (0..<n).map { squaredDistance(point: $0, centre: labels[$0], d: d) }
      let farthest = (0..<n).sorted { distances[$0] > distances[$1] }.prefix(empty.count)
      for (cluster, point) in zip(empty, farthest) {
        let previous = labels[point]
        for c in 0..<d {
          sums[previous * d + c] -= points.elements[point * d + c]
          sums[cluster * d + c] = points.elements[point * d + c]
        }
        counts[cluster] = 1
        counts[previous] -= 1
      }
    }
    var moves = [Double](repeating: 0, count: k)
    for j in 0..<k {
      var moved = 0.0
      for c in 0..<d {
        let centre = counts[j] > 0 ? sums[j * d + c] / Double(counts[j]) : sums[j * d + c]
        moved += (centre - centres[j * d + c]) * (centre - centres[j * d + c])
        centres[j * d + c] = centre
      }
      moves[j] = moved.squareRoot()
    }
    return moves
  }

  /// The sum of each cluster's points (`k × d`) and its size; the points are cut into a few
  /// chunks a core, each summed into its own partial sums, then the partials are added in chunk
  /// order (so the result does not depend on the threads' timing).
  private func clusterSums() -> ([Double], [Int]) {
    let (n, d, k) = (points.rows, points.columns, clusterCount)
    let chunks = max(1, min(ParallelLoop.coreCount * 2, n / 4096))
    var partialSums = [Double](repeating: 0, count: chunks * k * d)
    var partialCounts = [Int](repeating: 0, count: chunks * k)
    let (points, labels) = (self.points, self.labels)
    partialSums.withUnsafeMutableBufferPointer { sumStorage in
      partialCounts.withUnsafeMutableBufferPointer { countStorage in
        let (sums, counts) = (DisjointWriteBuffer(sumStorage), DisjointWriteBuffer(countStorage))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
          let (sumBase, countBase) = (
            sums.baseAddress + chunk * k * d, counts.baseAddress + chunk * k
          )
          points.elements.withUnsafeBufferPointer { x in
            labels.withUnsafeBufferPointer { label in
              for i in (n * chunk / chunks)..<(n * (chunk + 1) / chunks) {
                let (row, target) = (x.baseAddress! + i * d, sumBase + label[i] * d)
                countBase[label[i]] += 1
                for c in 0..<d { target[c] += row[c] }
              }
            }
          }
        }
      }
    }
    var sums = Array(partialSums[0..<(k * d)])
    var counts = Array(partialCounts[0..<k])
    for chunk in 1..<max(chunks, 1) {
      for j in 0..<(k * d) { sums[j] += partialSums[chunk * k * d + j] }
      for j in 0..<k { counts[j] += partialCounts[chunk * k + j] }
    }
    return (sums, counts)
  }
}
