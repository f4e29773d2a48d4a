import Foundation

/// The paper texture an ink shows: seeded noise that takes away part of the ink's opacity, cell
/// by cell, in the picture's pixels. A stroke's `randomSeed` seeds the noise, so a stroke looks
/// the same every time it is drawn.
public struct InkGrain: Hashable, Sendable {
  /// The largest share of opacity a cell loses, `0…1`.
  public var strength: CGFloat
  /// The side of a noise cell, in pixels.
  public var cellSize: Int
  /// Whether cells blend into each other (soft washes) rather than stay crisp (graphite).
  public var isSmooth: Bool

  /// Creates a grain.
  public init(strength: CGFloat, cellSize: Int, isSmooth: Bool) {
    self.strength = strength
    self.cellSize = cellSize
    self.isSmooth = isSmooth
  }
}
