/// The distances FasterPAM (``FasterPAMSearch``) reads: `d(o, m)` from a point `o` to a medoid
/// or a candidate `m`, exactly, or only when it is below a limit.
///
/// Calls with the same point `o` never run concurrently, so a conformer may keep per-point
/// state (counts) without locks.
protocol FasterPAMDistances: Sendable {
  /// The width of the distances a column hands out.
  associatedtype Element: BinaryFloatingPoint & SIMDScalar
  /// The number of points, `n`.
  var count: Int { get }
  /// `d(o, m)`.
  func distance(_ o: Int, _ m: Int) -> Double
  /// `d(o, m)` when it is below `limit`; otherwise any number at least `limit`.
  func distance(_ o: Int, _ m: Int, below limit: Double) -> Double
  /// Calls `body` with `d(o, j)` of every point `o` at `start[o × step]`, each exact when it
  /// is below `limits[o]`, otherwise at least `limits[o]`.
  func withColumn<Result>(
    _ j: Int, below limits: [Double],
    _ body: (_ start: UnsafePointer<Element>, _ step: Int) -> Result
  ) -> Result
}
