import CCairo
import Foundation
import OpenPaperKit
import OpenPencilKit

/// PaperKit markup on a canvas: shapes filled and stroked, lines with arrow heads, text boxes,
/// images and the PencilKit ink, bottom element first.
extension Canvas {
  /// The size of a text box's text in points: PaperKit's text attributes are not stored, so
  /// every box is drawn at one size.
  public static let textboxFontSize: CGFloat = 16

  /// Draws every element of a paper in its order (later ones on top). The paper's bounds are
  /// not drawn: frame them with the canvas (``DrawingRenderer/render(_:framing:as:)-(PaperMarkup,_,_)``).
  public func draw(_ markup: PaperMarkup) {
    for element in markup.elements {
      switch element {
      case .shape(let shape): draw(shape)
      case .textbox(let box): draw(box)
      case .image(let image): draw(image)
      case .drawing(let drawing): draw(drawing)
      }
    }
  }

  /// Draws a shape's fill, then its stroke, along `ShapeMarkup.outline`; a line
  /// gets its stroke and arrow heads (`MarkupElement.arrowHeadLength(lineWidth:)`).
  public func draw(_ shape: ShapeMarkup) {
    let configuration = shape.configuration
    let outline = shape.outline
    let stroke = configuration.strokeColor.map {
      LineStyle(width: configuration.lineWidth, color: PKColor(cgColor: $0))
    }
    if configuration.type == .line {
      guard var style = stroke else { return }
      let head = MarkupElement.arrowHeadLength(lineWidth: configuration.lineWidth)
      let (start, end) = (shape.lineStart, shape.lineEnd)
      let middle = CGPoint(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2)
      switch (shape.startMarker, shape.endMarker) {
      case (false, false): strokeLine(from: start, to: end, style: style)
      case (false, true): drawArrow(from: start, to: end, headLength: head, style: style)
      case (true, false): drawArrow(from: end, to: start, headLength: head, style: style)
      case (true, true):
        style.cap = .butt
        drawArrow(from: middle, to: end, headLength: head, style: style)
        drawArrow(from: middle, to: start, headLength: head, style: style)
      }
      return
    }
    if let fill = configuration.fillColor { fillPolygon(outline, color: PKColor(cgColor: fill)) }
    if let style = stroke { strokePolygon(outline, style: style) }
  }

  /// Draws a text box: a thin dashed grey frame and its text, line by line from the top left, in
  /// Cairo's toy text (DejaVu Sans) at ``textboxFontSize``, turned with the box.
  public func draw(_ box: TextboxMarkup) {
    withTurn(of: box.frame, by: box.rotation) {
      let frame = box.frame
      strokePolygon(
        [
          CGPoint(x: frame.minX, y: frame.minY), CGPoint(x: frame.maxX, y: frame.minY),
          CGPoint(x: frame.maxX, y: frame.maxY), CGPoint(x: frame.minX, y: frame.maxY),
        ], style: LineStyle(width: 0.5, color: .gray, dash: [3, 3], cap: .butt))
      let size = Self.textboxFontSize
      for (index, line) in box.text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        drawText(
          String(line),
          from: CGPoint(x: frame.minX + 4, y: frame.minY + 4 + size * (0.6 + 1.2 * CGFloat(index))),
          fontSize: size, color: .black)
      }
    }
  }

  /// Draws an image stretched over its frame, turned with it.
  public func draw(_ image: ImageMarkup) {
    let pixels = image.image
    guard image.frame.width.isFinite, image.frame.height.isFinite, image.frame.width > 0,
      image.frame.height > 0
    else { return }
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(pixels.width)))
    var premultiplied = [UInt8](repeating: 0, count: stride * pixels.height)
    pixels.rgbaPixels.withUnsafeBytes { rgba in
      for y in 0..<pixels.height {
        for x in 0..<pixels.width {
          let source = (y * pixels.width + x) * 4
          let alpha = UInt32(rgba[source + 3])
          func times(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
          // ARGB32 is a native-endian 32-bit word: a, r, g, b from the high byte.
          let word =
            alpha << 24 | times(rgba[source]) << 16 | times(rgba[source + 1]) << 8
            | times(rgba[source + 2])
          withUnsafeBytes(of: word) { bytes in
            for byte in 0..<4 { premultiplied[y * stride + x * 4 + byte] = bytes[byte] }
          }
        }
      }
    }
    premultiplied.withUnsafeMutableBufferPointer { buffer in
      guard
        let source = cairo_image_surface_create_for_data(
          buffer.baseAddress, CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height),
          Int32(stride))
      else { return }
      defer { cairo_surface_destroy(source) }
      withTurn(of: image.frame, by: image.rotation) {
        cairo_save(context)
        cairo_translate(context, Double(image.frame.minX), Double(image.frame.minY))
        cairo_scale(
          context, Double(image.frame.width) / Double(pixels.width),
          Double(image.frame.height) / Double(pixels.height))
        cairo_set_source_surface(context, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_NEAREST)
        cairo_paint(context)
        cairo_restore(context)
      }
    }
  }

  /// Runs `body` with the drawing turned by `rotation` about the centre of `frame`.
  private func withTurn(of frame: CGRect, by rotation: CGFloat, _ body: () -> Void) {
    guard frame.midX.isFinite, frame.midY.isFinite, rotation.isFinite else { return }
    cairo_save(context)
    defer { cairo_restore(context) }
    cairo_translate(context, Double(frame.midX), Double(frame.midY))
    cairo_rotate(context, Double(rotation))
    cairo_translate(context, Double(-frame.midX), Double(-frame.midY))
    body()
  }
}
