import Foundation
import OpenPencilKit

extension PKStroke {
  /// A box holding all the ink InkRender paints for the stroke, in drawing coordinates: the
  /// finite control points' hull (which holds the B-spline; cut to the mask's bounds when there
  /// is a mask) widened by half the ink's widest mark, then transformed. `.null` when nothing
  /// is painted.
  var inkBounds: CGRect {
    let hull = path.lazy.map(\.location).filter(\.isFinite).reduce(CGRect.null) {
      $0.union(CGRect(origin: $1, size: .zero))
    }
    let kept = mask.map { hull.intersection($0.bounds) } ?? hull
    guard !kept.isNull else { return .null }
    let half = InkRenderingRule(ink.inkType).widestMark(of: path) / 2
    return kept.insetBy(dx: -half, dy: -half).applying(transform)
  }
}
