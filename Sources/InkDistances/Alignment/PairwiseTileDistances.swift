import InkSampling

/// The distances of one ``PairwiseTile``: its whole rectangle of the symmetric distance matrix.
///
/// On a diagonal tile the lower half mirrors the upper one and the diagonal is 0.
public struct PairwiseTileDistances: Hashable, Sendable, Codable {
  /// The tile.
  public let tile: PairwiseTile
  /// The distances, row-major over `tile.rows × tile.columns`.
  public var values: [Double]

  /// The distances of a tile.
  public init(tile: PairwiseTile, values: [Double]) {
    self.tile = tile
    self.values = values
  }
}
