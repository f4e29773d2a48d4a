import Foundation

extension PKDrawing {
  /// Reads a drawing from PencilKit's binary format, as `PKDrawing(data:)` does on an iPad:
  /// the bytes `dataRepresentation()` wrote here or on an Apple device.
  ///
  /// Deleted strokes (strokes without a path) are skipped; each stroke keeps the render bounds
  /// stored in the data until its geometry changes. Fields this implementation does not know
  /// are skipped. Paths may carry the nine, ten or eleven point channels of any PencilKit
  /// version (``PencilKitBinaryLayout``), split in any way between per-point and constant
  /// values, and a later channel whose size the path tells. See <doc:PencilKitBinaryFormat>.
  ///
  /// ```swift
  /// let drawing = try PKDrawing(data: Data(contentsOf: url))
  /// ```
  ///
  /// - Complexity: O(n) in the size of the data; memory is bounded by a small multiple of it.
  /// - Throws: ``PencilKitBinaryError`` naming the byte offset of truncated, malformed or
  ///   unsupported data.
  public init(data: Data) throws(PencilKitBinaryError) {
    self = try PencilKitBinaryDecoder.drawing(from: data)
  }

  /// Reads a drawing as ``init(data:)`` does, refusing one of more than `maximumStrokes`
  /// strokes, a path of more than `maximumStrokePoints` points or more than
  /// `maximumDrawingPoints` points in all. Each count is checked as the decoder meets it, before
  /// it allocates for the points or the stroke.
  ///
  /// ```swift
  /// let drawing = try PKDrawing(
  ///   data: data, maximumStrokes: 100_000, maximumStrokePoints: 1_000_000,
  ///   maximumDrawingPoints: 2_000_000)
  /// ```
  ///
  /// - Throws: ``PencilKitBinaryError`` of kind ``PencilKitBinaryError/Kind/invalidValue``
  ///   naming the offset of the count over its limit, and as ``init(data:)`` does.
  public init(
    data: Data, maximumStrokes: Int, maximumStrokePoints: Int, maximumDrawingPoints: Int
  ) throws(PencilKitBinaryError) {
    self = try PencilKitBinaryDecoder.drawing(
      from: data,
      limits: .init(
        strokes: maximumStrokes, strokePoints: maximumStrokePoints,
        drawingPoints: maximumDrawingPoints))
  }
}

extension PKDrawing {
  /// The drawing in PencilKit's binary format, as `dataRepresentation()` writes it on an iPad,
  /// so that PencilKit (or `PKDrawing(data:)` here) reads it back.
  ///
  /// The container version is 2 when the drawing needs content version 2 or later (iOS 17
  /// inks), else 1. Point attributes are quantized as PencilKit stores them, so the drawing
  /// reads back as ``quantized()``; the same drawing always gives the same bytes.
  ///
  /// ```swift
  /// try drawing.dataRepresentation().write(to: url)
  /// ```
  ///
  /// - Complexity: O(n) in the number of points.
  public func dataRepresentation() -> Data {
    dataRepresentation(layout: .current)
  }

  /// The drawing in PencilKit's binary format with the point channels of `layout`, for a
  /// PencilKit version older than the one ``dataRepresentation()`` writes for.
  ///
  /// Everything but the paths' channel sets is as ``dataRepresentation()`` writes it. The drawing
  /// reads back as ``quantized(for:)`` with the same layout: in the nine-channel layout a
  /// point's secondary scale is not stored and reads back as 1.
  ///
  /// ```swift
  /// try drawing.dataRepresentation(layout: .nineChannel).write(to: url)
  /// ```
  ///
  /// - Complexity: O(n) in the number of points.
  public func dataRepresentation(layout: PencilKitBinaryLayout) -> Data {
    PencilKitBinaryEncoder.data(of: self, layout: layout)
  }
}
