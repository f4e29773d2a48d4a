import InkMath

/// Exact Euclidean distances from points to centres, for Hamerly's assignment step.
struct NearestCentreSearch: Sendable {
  /// The points, one a row.
  let points: Matrix
  /// The centres, `k × d` row-major.
  let centres: [Double]
  /// `k`.
  let clusterCount: Int

  /// The squared distance between point `i` and centre `j`: four running sums over the
  /// coordinates in steps of four (so that the loop is vectorised), then the rest in order.
  private func squaredDistance(from i: Int, toCentre j: Int) -> Double {
    let d = points.columns
    return points.elements.withUnsafeBufferPointer { x in
      centres.withUnsafeBufferPointer { y in
        let (row, centre) = (
          UnsafeRawPointer(x.baseAddress! + i * d), UnsafeRawPointer(y.baseAddress! + j * d)
        )
        let stride = MemoryLayout<Double>.stride
        var sums = SIMD4<Double>.zero
        var c = 0
        while c + 4 <= d {
          let difference =
            row.loadUnaligned(fromByteOffset: c * stride, as: SIMD4<Double>.self)
            - centre.loadUnaligned(fromByteOffset: c * stride, as: SIMD4<Double>.self)
          sums += difference * difference
          c += 4
        }
        var sum = sums.sum()
        while c < d {
          let difference =
            row.load(fromByteOffset: c * stride, as: Double.self)
            - centre.load(fromByteOffset: c * stride, as: Double.self)
          sum += difference * difference
          c += 1
        }
        return sum
      }
    }
  }

  /// The distance between point `i` and centre `j`.
  func distance(from i: Int, toCentre j: Int) -> Double {
    squaredDistance(from: i, toCentre: j).squareRoot()
  }

  /// The nearest centre of point `i` (the first of equally near ones), its distance and the
  /// distance to the second nearest (infinity for one centre).
  func twoNearest(to i: Int) -> (nearest: Int, nearestDistance: Double, secondDistance: Double) {
    var (nearest, best, second) = (0, squaredDistance(from: i, toCentre: 0), Double.infinity)
    for j in 1..<max(clusterCount, 1) {
      let value = squaredDistance(from: i, toCentre: j)
      if value < best {
        (second, best, nearest) = (best, value, j)
      } else if value < second {
        second = value
      }
    }
    return (nearest, best.squareRoot(), second.squareRoot())
  }

  /// Half the distance from each centre to the nearest other one (infinity for one centre).
  func halfDistancesToNearestOtherCentre() -> [Double] {
    let d = points.columns
    var half = [Double](repeating: .infinity, count: clusterCount)
    for a in 0..<clusterCount {
      for b in (a + 1)..<clusterCount {
        var sum = 0.0
        for c in 0..<d {
          let difference = centres[a * d + c] - centres[b * d + c]
          sum += difference * difference
        }
        let gap = sum.squareRoot() / 2
        half[a] = min(half[a], gap)
        half[b] = min(half[b], gap)
      }
    }
    return half
  }
}
