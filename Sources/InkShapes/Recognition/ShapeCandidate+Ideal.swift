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
    var breaks: [Int] = []
    for piece in ideal.pieces {
      // A closed piece ends with its first point again; the closed outline joins it itself.
      let points = closed ? Array(piece.dropLast()) : piece
      guard !points.isEmpty else { continue }
      if !xs.isEmpty { breaks.append(xs.count - 1) }
      var kept = Array(stride(from: 0, to: points.count, by: step))
      if !closed, kept.last != points.count - 1 { kept.append(points.count - 1) }
      xs += kept.map { Double(points[$0].x) }
      ys += kept.map { Double(points[$0].y) }
    }
    guard xs.count >= 2 else { return nil }
    self.init(shape, outlineXs: xs, outlineYs: ys, closed: closed, complexity: complexity)
    self.breaks = breaks
    measure(path, hopeless: hopeless)
  }
}
