import Foundation

extension PKDrawing {
  /// The drawing as `PKDrawing(data: dataRepresentation())` reads it back: point channels
  /// quantized as PencilKit stores them (float32, or u16 codes truncated), colours, render
  /// bounds and transforms rounded to float32, masks and barrel-roll thresholds dropped (the
  /// format has no known field for them).
  ///
  /// ```swift
  /// let stored = try PKDrawing(data: drawing.dataRepresentation())
  /// stored == drawing.quantized()  // true
  /// ```
  ///
  /// A quantized drawing quantizes to itself.
  public func quantized() -> PKDrawing {
    quantized(for: .current)
  }

  /// The drawing as `PKDrawing(data: dataRepresentation(layout: layout))` reads it back: as
  /// ``quantized()``, and with every secondary scale 1 when the layout has no secondary width
  /// (``PencilKitBinaryLayout/nineChannel``).
  ///
  /// ```swift
  /// let stored = try PKDrawing(data: drawing.dataRepresentation(layout: .nineChannel))
  /// stored == drawing.quantized(for: .nineChannel)  // true
  /// ```
  public func quantized(for layout: PencilKitBinaryLayout) -> PKDrawing {
    PKDrawing(strokes: strokes.map { Self.quantized($0, layout: layout) })
  }

  /// An ink with its colour rounded to float32.
  static func quantized(_ ink: PKInk) -> PKInk {
    let c = ink.color
    return PKInk(
      ink.inkType,
      color: UIColor(
        red: Self.float32(c.red), green: Self.float32(c.green), blue: Self.float32(c.blue),
        alpha: Self.float32(c.alpha)))
  }

  private static func quantized(_ stroke: PKStroke, layout: PencilKitBinaryLayout) -> PKStroke {
    let points = stroke.path.map { point in
      var record = StrokePointRecord(point)
      record.hasSecondaryWidth = layout.hasSecondaryWidth
      return record.point
    }
    let t = stroke.transform
    let transform =
      t.isIdentity
      ? t
      : CGAffineTransform(
        a: float32(t.a), b: float32(t.b), c: float32(t.c), d: float32(t.d), tx: float32(t.tx),
        ty: float32(t.ty))
    let r = stroke.renderBounds
    let bounds = CGRect(
      x: float32(r.origin.x), y: float32(r.origin.y), width: float32(r.width),
      height: float32(r.height))
    let isFinite = [bounds.origin.x, bounds.origin.y, bounds.width, bounds.height].allSatisfy {
      $0.isFinite
    }
    return PKStroke(
      ink: quantized(stroke.ink),
      path: PKStrokePath(controlPoints: points, creationDate: stroke.path.creationDate),
      transform: transform, mask: nil, randomSeed: stroke.randomSeed,
      renderBounds: isFinite ? bounds : nil)
  }

  private static func float32(_ value: CGFloat) -> CGFloat { CGFloat(Float(value)) }
}
