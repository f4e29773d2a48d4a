import CLinearAlgebra

/// The number of threads OpenBLAS (and so LAPACK, which runs inside it) uses.
///
/// OpenBLAS reads `OPENBLAS_NUM_THREADS` at start-up; tests and CI set it to 1. Benchmarks and
/// batch commands set the count explicitly and say which one they used. On this project's
/// 2-core machines two threads speed up large GEMMs about 1.9× but slow down 500 × 500 `dgesdd`
/// and `dsyevd`, so the choice is deliberate, not automatic.
public enum BLASThreading {
  /// The current OpenBLAS thread count (`openblas_get_num_threads`).
  public static var threadCount: Int { Int(openblas_get_num_threads()) }

  /// Sets the OpenBLAS thread count (`openblas_set_num_threads`); values below 1 become 1.
  /// The setting is process-wide: call it before starting parallel work, not during.
  public static func setThreadCount(_ count: Int) {
    openblas_set_num_threads(Int32(clamping: max(1, count)))
  }

  /// The OpenBLAS build and the CPU kernel it selected, e.g. `"OpenBLAS 0.3.21 … SkylakeX"`.
  public static var configuration: String {
    let config = openblas_get_config().map { String(cString: $0) } ?? "OpenBLAS"
    let core = openblas_get_corename().map { String(cString: $0) } ?? "unknown"
    return "\(config) (kernel \(core))"
  }
}
