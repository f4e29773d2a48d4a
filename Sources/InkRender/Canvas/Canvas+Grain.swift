import CCairo
import Foundation
import _DuctusSupport

extension Canvas {
  /// Texels a side of the repeating grain tile.
  static let grainTileSide = 64

  /// A repeating mask pattern of seeded noise, one texel `grain.cellSize` device pixels wide;
  /// each texel keeps `1 − strength·u` of the ink for a uniform `u`. The caller destroys it.
  func makeGrainPattern(_ grain: InkGrain, seed: UInt32) -> OpaquePointer? {
    let side = Self.grainTileSide
    guard let tile = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(side), Int32(side))
    else { return nil }
    defer { cairo_surface_destroy(tile) }
    guard cairo_surface_status(tile) == CAIRO_STATUS_SUCCESS,
      let bytes = cairo_image_surface_get_data(tile)
    else { return nil }
    cairo_surface_flush(tile)
    let stride = Int(cairo_image_surface_get_stride(tile))
    var random = SplitMix64(seed: UInt64(seed) &+ 0x5EED)
    let strength = Double(InkRenderingRule.clamp(grain.strength, 0, 1))
    for row in 0..<side {
      for column in 0..<side {
        let u = Double(random.next() >> 11) / Double(1 << 53)
        bytes[row * stride + column] = UInt8((255 * (1 - strength * u)).rounded())
      }
    }
    cairo_surface_mark_dirty(tile)
    guard let pattern = cairo_pattern_create_for_surface(tile) else { return nil }
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
    cairo_pattern_set_filter(pattern, grain.isSmooth ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_NEAREST)
    var matrix = cairo_matrix_t()
    let cell = Double(max(grain.cellSize, 1))
    cairo_matrix_init_scale(&matrix, 1 / cell, 1 / cell)
    cairo_pattern_set_matrix(pattern, &matrix)
    return pattern
  }
}
