import Foundation

extension PKDrawing {
  /// Reads a drawing from PencilKit's binary format, as `PKDrawing(data:)` does on an iPad:
  /// the bytes `dataRepresentation()` wrote here or on an Apple device.
  ///
  /// Deleted strokes (strokes without a path) are skipped; each stroke keeps the render bounds
  /// stored in the data until its geometry changes. Fields this implementation does not know
  /// are skipped. See <doc:PencilKitBinaryFormat>.
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
    PencilKitBinaryEncoder.data(of: self)
  }
}
