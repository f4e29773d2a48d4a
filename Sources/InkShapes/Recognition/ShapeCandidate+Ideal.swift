import Foundation

extension ShapeCandidate {
  /// The most outline points an ideal outline is measured against: longer outlines (a spiral's
  /// 128 chords a turn, a cloud's 32 a bump) are thinned to about this many, so that measuring
  /// stays linear in the ink's points.
  static let idealOutlinePoints = 128

  /// A candidate whose outline is the ideal outline of `shape` (``IdealShape``, thinned to
  /// about ``idealOutlinePoints``), its fit to `path` measured (up to a `hopeless` mean
  /// deviation, ``measure(_:hopeless:)``); `nil` when the parameters make no outline.
  init?(
    ideal shape: DetectedShape, complexity: Double, path: InkPath,
    hopeless: Double = .infinity
  ) {
    guard let ideal = try? IdealShape(shape) else { return nil }
    let closed = shape.kind.isClosed && ideal.pieces.count == 1
    let total = ideal.pieces.reduce(0) { $0 + $1.count }
    let step = max(1, (total + Self.idealOutlinePoints - 1) / Self.idealOutlinePoints)
    var xs: [Double] = []
    var ys: [Double] = []
    xs.reserveCapacity(total / step + 2 * ideal.pieces.count)
    ys.reserveCapacity(total / step + 2 * ideal.pieces.count)
    var breaks: [Int] = []
    for piece in ideal.pieces {
      // A closed piece ends with its first point again; the closed outline joins it itself.
      let count = closed ? piece.count - 1 : piece.count
      guard count > 0 else { continue }
      if !xs.isEmpty { breaks.append(xs.count - 1) }
      // Every `step`th point, and an open piece's last.
      for k in stride(from: 0, to: count, by: step) {
        xs.append(Double(piece[k].x))
        ys.append(Double(piece[k].y))
      }
      if !closed, (count - 1) % step != 0 {
        xs.append(Double(piece[count - 1].x))
        ys.append(Double(piece[count - 1].y))
      }
    }
    guard xs.count >= 2 else { return nil }
    self.init(shape, outlineXs: xs, outlineYs: ys, closed: closed, complexity: complexity)
    self.breaks = breaks
    measure(path, hopeless: hopeless)
  }
}
