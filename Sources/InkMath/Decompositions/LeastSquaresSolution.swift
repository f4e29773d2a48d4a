import CLinearAlgebra

/// The minimum-norm least-squares solution of `A·X ≈ B`, by LAPACK's SVD-based divide-and-conquer
/// `dgelsd`, as `numpy.linalg.lstsq` computes it (also for rank-deficient, tall or wide `A`).
public struct LeastSquaresSolution: Sendable, Equatable {
  /// The solution `X` (`n × k` for an `m × n` `A` and `m × k` `B`).
  public let solution: Matrix
  /// The effective rank of `A`: singular values above `rcond·s₀` count.
  public let rank: Int
  /// The singular values of `A`, descending.
  public let singularValues: [Double]

  /// Solves `A·X ≈ B` in the least-squares sense.
  /// - Parameters:
  ///   - a: the `m × n` coefficient matrix.
  ///   - b: the `m × k` right-hand sides.
  ///   - rcond: the relative cut-off for small singular values; `nil` takes numpy's
  ///     default, machine epsilon times `max(m, n)`.
  /// - Complexity: O(m·n·min(m, n)).
  /// - Throws: ``InkMathError/dimensionMismatch(operation:detail:)`` when `B` does not have
  ///   `A`'s row count; ``InkMathError/nonFiniteElement(operation:row:column:)``;
  ///   ``InkMathError/lapackFailure(routine:info:)`` if the SVD does not converge.
  public init(_ a: Matrix, _ b: Matrix, rcond: Double? = nil) throws {
    guard b.rows == a.rows else {
      throw InkMathError.dimensionMismatch(
        operation: "dgelsd",
        detail: "A is \(a.rows) × \(a.columns), B is \(b.rows) × \(b.columns)")
    }
    try a.validateFinite(operation: "dgelsd")
    try b.validateFinite(operation: "dgelsd")
    let (m, n, k) = (a.rows, a.columns, b.columns)
    guard min(m, n) > 0, k > 0 else {
      solution = try Matrix(rows: n, columns: k)
      rank = 0
      singularValues = []
      return
    }
    // dgelsd overwrites B (max(m, n) × k) with X in its first n rows.
    let ldbRows = max(m, n)
    var work = Matrix(
      validatedRows: ldbRows, columns: k,
      elements: b.elements + [Double](repeating: 0, count: (ldbRows - m) * k))
    var factor = a
    var s = [Double](repeating: 0, count: min(m, n))
    var effectiveRank: Int32 = 0
    let cutoff = rcond ?? Double.ulpOfOne * Double(max(m, n))
    let (mi, ni, ki) = (
      try LAPACK.index(m, operation: "dgelsd"), try LAPACK.index(n, operation: "dgelsd"),
      try LAPACK.index(k, operation: "dgelsd")
    )
    let info = factor.withUnsafeMutableStorage { pa in
      work.withUnsafeMutableStorage { pb in
        LAPACKE_dgelsd(LAPACK_ROW_MAJOR, mi, ni, ki, pa, ni, pb, ki, &s, cutoff, &effectiveRank)
      }
    }
    try LAPACK.check(info, routine: "dgelsd")
    solution = Matrix(validatedRows: n, columns: k, elements: Array(work.elements[0..<(n * k)]))
    rank = Int(effectiveRank)
    singularValues = s
  }
}
