import InkSampling

/// The admissible cells of an `n × m` cost matrix, row by row: row `i` allows the columns
/// `lower[i] … upper[i]` (inclusive).
///
/// Every constraint Ductus offers gives rows whose bounds never decrease, so `i + lower[i]` and
/// `i + upper[i]` grow strictly; the kernels rely on that to keep one guard cell each side.
struct DTWWindow: Sendable {
  let rowCount: Int
  let columnCount: Int
  var lower: [Int]
  var upper: [Int]

  /// The window of `constraint` for a series of `n` samples against one of `m`.
  init(_ constraint: DTWGlobalConstraint, rows n: Int, columns m: Int) throws(DTWError) {
    rowCount = n
    columnCount = m
    switch constraint {
    case .none:
      lower = [Int](repeating: 0, count: n)
      upper = [Int](repeating: m - 1, count: n)
    case .sakoeChiba(let radius):
      guard radius >= 0 else { throw .invalidConstraint("Sakoe–Chiba radius \(radius) < 0") }
      let radius = min(radius, n + m)
      let below = max(0, n - m) + radius
      let above = max(0, m - n) + radius
      lower = (0..<n).map { max(0, $0 - below) }
      upper = (0..<n).map { min(m - 1, $0 + above) }
    case .itakura(let maxSlope):
      guard maxSlope.isFinite, maxSlope > 1 else {
        throw .invalidConstraint("Itakura maximum slope \(maxSlope) is not a number above 1")
      }
      (lower, upper) = try Self.itakuraRows(rows: n, columns: m, maxSlope: maxSlope)
    }
  }

  /// The number of admissible cells.
  var cellCount: Int {
    zip(lower, upper).reduce(0) { $0 + $1.1 - $1.0 + 1 }
  }

  /// Itakura's parallelogram, column by column as tslearn's `itakura_mask` builds it, turned into
  /// row bounds.
  private static func itakuraRows(
    rows n: Int, columns m: Int, maxSlope: Double
  ) throws(DTWError) -> ([Int], [Int]) {
    let ratio = Double(n) / Double(m)
    let steep = maxSlope * ratio
    let shallow = ratio / maxSlope
    func hundredths(_ value: Double) -> Double { (value * 100).rounded(.toNearestOrEven) / 100 }
    var lower = [Int](repeating: Int.max, count: n)
    var upper = [Int](repeating: Int.min, count: n)
    for j in 0..<m {
      let column = Double(j)
      let first = max(
        hundredths(shallow * column),
        hundredths(Double(n - 1) - steep * Double(m - 1) + steep * column)
      ).rounded(.up)
      let end =
        (min(
          hundredths(steep * column),
          hundredths(Double(n - 1) - shallow * Double(m - 1) + shallow * column)
        ) + 1).rounded(.down)
      let rowStart = max(0, Int(first))
      let rowEnd = min(n, Int(end))
      guard rowStart < rowEnd else {
        throw .invalidConstraint(
          "the Itakura parallelogram of slope \(maxSlope) leaves column \(j) empty for lengths "
            + "\(n) and \(m)")
      }
      for i in rowStart..<rowEnd {
        lower[i] = min(lower[i], j)
        upper[i] = max(upper[i], j)
      }
    }
    if let empty = lower.firstIndex(of: Int.max) {
      throw .invalidConstraint(
        "the Itakura parallelogram of slope \(maxSlope) leaves row \(empty) empty for lengths "
          + "\(n) and \(m)")
    }
    return (lower, upper)
  }
}
