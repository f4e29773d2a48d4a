/// Lloyd's assignment by `‖c‖² − 2·x·c` for a few centres, without BLAS: the centres are held
/// transposed in groups of four (one `SIMD4` a coordinate and group), sixteen at a time, and two
/// points are multiplied with them at once, so that the sixteen running products of each point
/// stay in registers and the point's row is read once.
///
/// With `k = 16` and `d = 32`, a GEMM of the points' block spends as long packing the block as
/// multiplying it; this reads each point once and never writes the products.
struct NearestCentreProducts {
  /// The centres padded to a multiple of 16: coordinate `c` of group `g` (centres `4g…4g + 3`)
  /// at `c · groups + g`.
  private let transposed: [SIMD4<Double>]
  /// `‖c‖²` of each padded centre, +∞ for the padding (so that it is never nearest).
  private let norms: [Double]
  /// The groups of four, a multiple of 4.
  private let groups: Int
  /// `d`.
  private let dimension: Int

  /// The largest `k · d` for which these products are used rather than a GEMM (the centres in
  /// the first-level cache).
  static let largestCentreElements = 1 << 12

  /// The products with the `k × d` row-major `centres`, whose squared norms are `norms`.
  init(centres: [Double], norms centreNorms: [Double], clusterCount k: Int, dimension d: Int) {
    let groups = (k + 15) / 16 * 4
    var transposed = [SIMD4<Double>](repeating: .zero, count: max(1, d * groups))
    var norms = [Double](repeating: .infinity, count: groups * 4)
    for j in 0..<k {
      norms[j] = centreNorms[j]
      for c in 0..<d { transposed[c * groups + j / 4][j % 4] = centres[j * d + c] }
    }
    (self.transposed, self.norms, self.groups, dimension) = (transposed, norms, groups, d)
  }

  /// `sum + a · b`: one fused multiply-add (a single rounding) in builds compiled with
  /// `-D FUSED_MULTIPLY_ADD` (`Scripts/ductus` and `Scripts/bench/build-bench` pass it with a
  /// `-target-cpu` that has FMA), else a product and a sum (the baseline x86-64 target has no
  /// FMA). An FMA build and a baseline build may differ in the products' last bit.
  @inline(__always)
  private static func adding(_ sum: SIMD4<Double>, _ a: SIMD4<Double>, _ b: SIMD4<Double>)
    -> SIMD4<Double>
  {
    #if FUSED_MULTIPLY_ADD
      sum.addingProduct(a, b)
    #else
      sum + a * b
    #endif
  }

  /// Writes the nearest centre of each point of `rows` (the first of equals) to `labels`.
  func assign(
    _ points: UnsafePointer<Double>, rows: Range<Int>, to labels: UnsafeMutablePointer<Int>
  ) {
    let (d, groups) = (dimension, groups)
    transposed.withUnsafeBufferPointer { centres in
      norms.withUnsafeBufferPointer { norms in
        var i = rows.lowerBound
        while i < rows.upperBound {
          let pair = i + 1 < rows.upperBound
          let (first, second) = (points + i * d, points + (pair ? i + 1 : i) * d)
          var (best0, best1) = (0, 0)
          var (value0, value1) = (Double.infinity, Double.infinity)
          for g0 in stride(from: 0, to: groups, by: 4) {
            var (a0, a1, a2, a3) = (
              SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero
            )
            var (b0, b1, b2, b3) = (
              SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero
            )
            for c in 0..<d {
              let row = centres.baseAddress! + c * groups + g0
              let (x, y) = (SIMD4<Double>(repeating: first[c]), SIMD4<Double>(repeating: second[c]))
              a0 = Self.adding(a0, x, row[0])
              a1 = Self.adding(a1, x, row[1])
              a2 = Self.adding(a2, x, row[2])
              a3 = Self.adding(a3, x, row[3])
              b0 = Self.adding(b0, y, row[0])
              b1 = Self.adding(b1, y, row[1])
              b2 = Self.adding(b2, y, row[2])
              b3 = Self.adding(b3, y, row[3])
            }
            // Selects rather than branches: which centre is nearest is not predictable.
            func consider(_ a: SIMD4<Double>, _ b: SIMD4<Double>, group: Int) {
              for lane in 0..<4 {
                let j = (g0 + group) * 4 + lane
                let (v0, v1) = (norms[j] - 2 * a[lane], norms[j] - 2 * b[lane])
                best0 = v0 < value0 ? j : best0
                value0 = v0 < value0 ? v0 : value0
                best1 = v1 < value1 ? j : best1
                value1 = v1 < value1 ? v1 : value1
              }
            }
            consider(a0, b0, group: 0)
            consider(a1, b1, group: 1)
            consider(a2, b2, group: 2)
            consider(a3, b3, group: 3)
          }
          labels[i] = best0
          if pair { labels[i + 1] = best1 }
          i += pair ? 2 : 1
        }
      }
    }
  }
}
