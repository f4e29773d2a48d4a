import InkSampling

/// Which cells of the cost matrix a warping path may visit.
///
/// Cell `(i, j)` matches sample `i` of the first series (length `n`) with sample `j` of the
/// second (length `m`).
public enum DTWGlobalConstraint: Hashable, Sendable, Codable {
  /// Every cell is allowed.
  case none
  /// The Sakoe–Chiba band (Sakoe & Chiba 1978) of the given radius `r ≥ 0`.
  ///
  /// Row `i` allows the columns `i − max(0, n − m) − r … i + max(0, m − n) + r` (clipped to the
  /// matrix): the band follows both corner-to-corner diagonals, so it always holds a path, even
  /// when `r` is smaller than the length difference. This is tslearn's
  /// `sakoe_chiba_radius = r` exactly, and dtaidistance's `window = r + 1` (dtaidistance counts
  /// the diagonal itself, so its `window = 1` is radius 0, and its `window = 0` means no band).
  case sakoeChiba(radius: Int)
  /// The Itakura parallelogram (Itakura 1975) with the given maximum slope `s > 1`.
  ///
  /// The parallelogram has its corners at `(0, 0)` and `(n − 1, m − 1)` and sides of slopes `s`
  /// and `1 / s`, scaled by `n / m`; cells are taken column by column exactly as tslearn's
  /// `itakura_mask` takes them (bounds rounded to two decimals, then ceiling and floor). Lengths
  /// for which the parallelogram leaves a row or column empty are rejected.
  case itakura(maxSlope: Double)
}
