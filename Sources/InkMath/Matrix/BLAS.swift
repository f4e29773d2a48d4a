import CLinearAlgebra

/// Thin internal wrappers over the CBLAS routines InkMath uses, on raw row-major storage.
///
/// Leading dimensions are clamped to at least 1, as CBLAS requires even for empty operands.
enum BLAS {
  /// `C ← alpha·op(A)·op(B) + beta·C` (`cblas_dgemm`, row-major). `op(A)` is `m × k`, `op(B)`
  /// is `k × n`, `C` is `m × n` with leading dimension `ldc`.
  static func gemm(
    transposeA: Bool, transposeB: Bool, m: Int, n: Int, k: Int,
    alpha: Double, a: UnsafePointer<Double>, lda: Int,
    b: UnsafePointer<Double>, ldb: Int,
    beta: Double, c: UnsafeMutablePointer<Double>, ldc: Int
  ) {
    guard m > 0, n > 0 else { return }
    cblas_dgemm(
      CblasRowMajor, transposeA ? CblasTrans : CblasNoTrans,
      transposeB ? CblasTrans : CblasNoTrans,
      blasint(m), blasint(n), blasint(k), alpha, a, blasint(max(1, lda)), b,
      blasint(max(1, ldb)), beta, c, blasint(max(1, ldc)))
  }

  /// The upper triangle of `C ← alpha·A·Aᵀ + beta·C` (or `alpha·Aᵀ·A + beta·C` when
  /// `transpose`), `cblas_dsyrk` row-major. `C` is `n × n`; `k` is the inner dimension.
  static func syrkUpper(
    transpose: Bool, n: Int, k: Int, alpha: Double, a: UnsafePointer<Double>, lda: Int,
    beta: Double, c: UnsafeMutablePointer<Double>, ldc: Int
  ) {
    guard n > 0 else { return }
    cblas_dsyrk(
      CblasRowMajor, CblasUpper, transpose ? CblasTrans : CblasNoTrans, blasint(n), blasint(k),
      alpha, a, blasint(max(1, lda)), beta, c, blasint(max(1, ldc)))
  }
}
