import Foundation

extension CGPoint {
  /// Whether both coordinates are finite.
  var isFinite: Bool { x.isFinite && y.isFinite }
}
