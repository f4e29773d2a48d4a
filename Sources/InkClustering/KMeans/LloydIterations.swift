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
      let sums: ClusterSums
      switch algorithm {
      case .lloyd:
        sums = assignByProduct()
      case .hamerly:
        if bounds == nil {
          bounds = assignExactly()
        } else {
          assign(within: &bounds!)
        }
        sums = clusterSums()
      }
      let moves = updateCentres(from: sums)
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
      case .lloyd: _ = assignByProduct()
      case .hamerly: _ = assignExactly()
      }
    }
    return converged
  }

  /// The sum of the squared distances of the points to their centres, in point order.
  func inertia() -> Double { squaredDistancesToCentres().reduce(0, +) }

  /// The squared distance of each point to its centre, the coordinates added in order; the
  /// points on all cores.
  private func squaredDistancesToCentres() -> [Double] {
    let (points, centres, labels) = (self.points, self.centres, self.labels)
    let (n, d) = (points.rows, points.columns)
    var distances = [Double](repeating: 0, count: n)
    distances.withUnsafeMutableBufferPointer { storage in
      let output = DisjointWriteBuffer(storage)
      ParallelLoop.forEachChunk(of: 0..<n, minimumChunkSize: 4096) { range in
        points.elements.withUnsafeBufferPointer { x in
          centres.withUnsafeBufferPointer { centres in
            for i in range {
              let (row, centre) = (x.baseAddress! + i * d, centres.baseAddress! + labels[i] * d)
              var sum = 0.0
              for c in 0..<d { sum += (row[c] - centre[c]) * (row[c] - centre[c]) }
              output[i] = sum
            }
          }
        }
      }
    }
    return distances
  }

  /// Assigns every point by `‖c‖² − 2·x·c`, the inner products from one GEMM a block of
  /// ``KMeans/blockRows`` points (or, for few centres, ``NearestCentreProducts``), and sums each cluster's points as it goes (the block still in
  /// cache); the sums are those of `clusterSums()`, in the same order. The chunks of
  /// `sumChunks` run in parallel when BLAS has one thread.
  private mutating func assignByProduct() -> ClusterSums {
    let (n, d, k) = (points.rows, points.columns, clusterCount)
    // The sizes are consistent by construction, so the initialiser cannot throw.
    let centreMatrix = try! Matrix(rows: k, columns: d, elements: centres)
    let norms = (0..<k).map { j in centres[(j * d)..<((j + 1) * d)].reduce(0) { $0 + $1 * $1 } }
    let (points, chunks, blockRows) = (self.points, sumChunks, KMeans.blockRows)
    let partials = ClusterSumPartials(chunks: chunks, clusterCount: k, dimension: d)
    // A few centres: products in registers; more: a GEMM a block.
    let registers =
      k * d <= NearestCentreProducts.largestCentreElements
      ? NearestCentreProducts(centres: centres, norms: norms, clusterCount: k, dimension: d)
      : nil
    labels.withUnsafeMutableBufferPointer { storage in
      let labels = DisjointWriteBuffer(storage)
      let assignChunk: @Sendable (Int, ClusterSumPartials.Chunk) -> Void = { chunk, partial in
        let product = UnsafeMutableBufferPointer<Double>.allocate(
          capacity: registers == nil ? blockRows * k : 0)
        defer { product.deallocate() }
        let rows = (n * chunk / chunks)..<(n * (chunk + 1) / chunks)
        for start in stride(from: rows.lowerBound, to: rows.upperBound, by: blockRows) {
          let block = start..<min(rows.upperBound, start + blockRows)
          defer { partial.add(points, rows: block, labels: UnsafePointer(labels.baseAddress)) }
          if let registers {
            points.elements.withUnsafeBufferPointer { x in
              registers.assign(x.baseAddress!, rows: block, to: labels.baseAddress)
            }
            continue
          }
          points.productOfRows(block, withTransposeOf: centreMatrix, into: product)
          norms.withUnsafeBufferPointer { norms in
            for i in block {
              let g = product.baseAddress! + (i - start) * k
              // Selects rather than branches: which centre is nearest is not predictable.
              var (best, bestValue) = (0, norms[0] - 2 * g[0])
              for j in 1..<k {
                let value = norms[j] - 2 * g[j]
                let nearer = value < bestValue
                best = nearer ? j : best
                bestValue = nearer ? value : bestValue
              }
              labels[i] = best
            }
          }
        }
      }
      partials.forEachChunk(serially: BLASThreading.threadCount != 1, assignChunk)
    }
    return partials.total()
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
  private mutating func updateCentres(from clusterSums: ClusterSums) -> [Double] {
    let (n, d, k) = (points.rows, points.columns, clusterCount)
    var (sums, counts) = (clusterSums.sums, clusterSums.counts)
    let empty = (0..<k).filter { counts[$0] == 0 }
    if !empty.isEmpty {
      let distances = squaredDistancesToCentres()
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

  /// The chunks the points are summed in: a few a core, of at least 4,096 points.
  private var sumChunks: Int {
    max(1, min(ParallelLoop.coreCount * 2, points.rows / 4096))
  }

  /// The sum of each cluster's points and its size; each of ``sumChunks`` chunks is summed into
  /// its own partial sums, on all cores, then the partials are added in chunk order (so the
  /// result does not depend on the threads' timing).
  private func clusterSums() -> ClusterSums {
    let (points, n) = (self.points, points.rows)
    let partials = ClusterSumPartials(
      chunks: sumChunks, clusterCount: clusterCount, dimension: points.columns)
    let (labels, chunks) = (self.labels, partials.chunks)
    partials.forEachChunk(serially: false) { chunk, partial in
      labels.withUnsafeBufferPointer { labels in
        partial.add(
          points, rows: (n * chunk / chunks)..<(n * (chunk + 1) / chunks),
          labels: labels.baseAddress!)
      }
    }
    return partials.total()
  }
}
