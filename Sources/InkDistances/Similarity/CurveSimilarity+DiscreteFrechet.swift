import InkSampling

/// The discrete Fréchet distance.
extension CurveSimilarity {
  /// The discrete Fréchet distance between two polylines: the shortest leash with which a walker
  /// on the samples of `a` and one on the samples of `b` can both go from start to end, each
  /// staying put or stepping forward one sample at a time.
  ///
  /// Source: T. Eiter and H. Mannila, *Computing discrete Fréchet distance*, Technical report
  /// CD-TR 94/64, TU Wien, 1994. Their recurrence
  /// `c(i, j) = max(min(c(i−1, j), c(i, j−1), c(i−1, j−1)), ‖aᵢ − bⱼ‖)` is evaluated here by
  /// anti-diagonals (cells with equal `i + j`), which depend only on the two previous diagonals, so
  /// memory is three rows of `a.count + 1` values instead of the full `n × m` table, and eight
  /// cells of a diagonal are computed at once in `SIMD8<Double>` lanes. The recurrence runs on
  /// squared distances and takes one square root at the end; the square root is monotone, so the
  /// result is bit for bit the one of the table of distances (as in similaritymeasures
  /// `frechet_dist` and tslearn `frechet`). Squared distances overflow only for coordinates
  /// beyond about 1e154.
  ///
  /// ```swift
  /// let a = SampleBuffer(xs: [0, 1, 2], ys: [0, 0, 0])
  /// let b = SampleBuffer(xs: [0, 1, 2], ys: [1, 1, 1])
  /// try CurveSimilarity.discreteFrechetDistance(a, b)  // 1
  /// ```
  ///
  /// - Complexity: O(*n m*) time, O(*n* + *m*) memory.
  /// - Throws: ``SimilarityError/emptyCurve(_:)`` or
  ///   ``SimilarityError/nonFiniteSample(_:channel:index:)``.
  public static func discreteFrechetDistance(
    _ a: SampleBuffer, _ b: SampleBuffer
  ) throws(SimilarityError) -> Double {
    try validate(a, b)
    let reversedXs = Array(b.xs.reversed())
    let reversedYs = Array(b.ys.reversed())
    return a.xs.withUnsafeBufferPointer { ax in
      a.ys.withUnsafeBufferPointer { ay in
        reversedXs.withUnsafeBufferPointer { bx in
          reversedYs.withUnsafeBufferPointer { by in
            squaredDiscreteFrechet(ax: ax, ay: ay, reversedBx: bx, reversedBy: by).squareRoot()
          }
        }
      }
    }
  }

  /// The discrete Fréchet distances of one tile of the all-pairs job over `series` (see
  /// `PairwiseTiling`): the tile's rectangle, row-major, the diagonal 0, a diagonal tile's lower
  /// half mirrored; each value equals ``discreteFrechetDistance(_:_:)`` of its pair.
  ///
  /// The pairs run on all cores through the same row-by-row job as DTW's distance matrix, eight
  /// pairs of equally long curves in the lanes of one `SIMD8<Double>`, with the maximum in place
  /// of DTW's sum (`MaximumCostRecurrence`); a curve without a partner of its length runs through
  /// the anti-diagonal kernel.
  ///
  /// - Precondition: the tile lies within `series`.
  /// - Throws: ``CorpusAnalysisError/pairFailed(first:second:reason:)`` for the first pair
  ///   (in row-major order) with an empty or non-finite curve.
  /// - Complexity: O(*n m*) a pair; the rectangle's doubles of memory.
  public static func discreteFrechetDistances(_ series: [SampleBuffer], tile: PairwiseTile)
    throws(CorpusAnalysisError) -> [Double]
  {
    precondition(
      tile.rows.lowerBound >= 0 && tile.columns.lowerBound >= 0
        && tile.rows.upperBound <= series.count && tile.columns.upperBound <= series.count,
      "tile \(tile.row),\(tile.column) exceeds \(series.count) series")
    try checkPairs(series, tile: tile)
    func prepared(_ range: Range<Int>) -> [DTWPreparedSeries] {
      series[range].map { DTWPreparedSeries(channels: [$0.xs, $0.ys]) }
    }
    let job = DTWPairwiseJob<MaximumCostRecurrence>(
      dtw: DynamicTimeWarping(), rows: prepared(tile.rows), columns: prepared(tile.columns),
      limit: .infinity)
    // Without a constraint every window exists, so the job cannot fail.
    guard
      let values = try? job.tileValues(
        rowStart: tile.rows.lowerBound, columnStart: tile.columns.lowerBound)
    else { preconditionFailure("an unconstrained job always runs") }
    return values
  }

  /// Throws the failure of the first pair `i < j` of the tile (row-major) that involves an
  /// empty or non-finite curve, naming the curve at fault as ``discreteFrechetDistance(_:_:)``
  /// would.
  static func checkPairs(_ series: [SampleBuffer], tile: PairwiseTile) throws(CorpusAnalysisError) {
    func failure(_ index: Int, as role: SimilarityError.Curve) -> SimilarityError? {
      do throws(SimilarityError) {
        try validate(series[index], as: role)
        return nil
      } catch { return error }
    }
    let bad = Set(
      (tile.rows.lowerBound..<tile.columns.upperBound).filter { failure($0, as: .first) != nil })
    guard !bad.isEmpty else { return }
    for i in tile.rows {
      guard let j = tile.columns.first(where: { $0 > i && (bad.contains(i) || bad.contains($0)) })
      else { continue }
      let error = failure(i, as: .first) ?? failure(j, as: .second)
      throw .pairFailed(first: i, second: j, reason: String(describing: error!))
    }
  }

  /// The anti-diagonal kernel of ``discreteFrechetDistance(_:_:)`` on squared distances; `b` is
  /// passed reversed so that the samples of `b` on one anti-diagonal are contiguous.
  ///
  /// Diagonal `k` holds the cells `(i, k − i)`; row `i` is stored at index `i + 1` of a diagonal
  /// buffer, whose index 0 and never-written entries stay `+∞` and stand for the cells outside
  /// the table.
  static func squaredDiscreteFrechet(
    ax: UnsafeBufferPointer<Double>, ay: UnsafeBufferPointer<Double>,
    reversedBx bx: UnsafeBufferPointer<Double>, reversedBy by: UnsafeBufferPointer<Double>
  ) -> Double {
    let n = ax.count
    let m = bx.count
    let lanes = SIMD8<Double>.scalarCount
    let buffers = UnsafeMutablePointer<Double>.allocate(capacity: 3 * (n + 1))
    defer { buffers.deallocate() }
    buffers.initialize(repeating: .infinity, count: 3 * (n + 1))
    var twoBack = buffers
    var oneBack = buffers + (n + 1)
    var current = buffers + 2 * (n + 1)
    let dx0 = ax[0] - bx[m - 1]
    let dy0 = ay[0] - by[m - 1]
    oneBack[1] = addingSquare(dx0 * dx0, dy0)
    guard n + m > 2 else { return oneBack[1] }
    let axBase = ax.baseAddress!
    let ayBase = ay.baseAddress!
    for k in 1...(n + m - 2) {
      let low = max(0, k - (m - 1))
      let high = min(k, n - 1)
      // Column k − i of b is its reversed index i + offset.
      let offset = m - 1 - k
      let bxBase = bx.baseAddress! + offset
      let byBase = by.baseAddress! + offset
      var i = low
      while i + lanes <= high + 1 {
        let dx = load(axBase + i) - load(bxBase + i)
        let dy = load(ayBase + i) - load(byBase + i)
        let distance = addingSquare(dx * dx, dy)
        var best = load(oneBack + i)
        let left = load(oneBack + i + 1)
        let diagonal = load(twoBack + i)
        best.replace(with: left, where: left .< best)
        best.replace(with: diagonal, where: diagonal .< best)
        best.replace(with: distance, where: distance .> best)
        UnsafeMutableRawPointer(current + i + 1).storeBytes(of: best, as: SIMD8<Double>.self)
        i += lanes
      }
      while i <= high {
        let dx = axBase[i] - bxBase[i]
        let dy = ayBase[i] - byBase[i]
        let distance = addingSquare(dx * dx, dy)
        let best = min(oneBack[i], oneBack[i + 1], twoBack[i])
        current[i + 1] = max(best, distance)
        i += 1
      }
      (twoBack, oneBack, current) = (oneBack, current, twoBack)
    }
    return oneBack[n]
  }

  /// Eight doubles from a possibly unaligned address.
  @inline(__always)
  static func load(_ pointer: UnsafePointer<Double>) -> SIMD8<Double> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Double>.self)
  }

  /// Eight doubles from a possibly unaligned address.
  @inline(__always)
  static func load(_ pointer: UnsafeMutablePointer<Double>) -> SIMD8<Double> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Double>.self)
  }
}
