import DuctusTestSupport
import Foundation
import OpenPaperKit
import OpenPencilKit

/// Papers the tests build: one of every element and shape type, and seeded random ones.
enum MarkupSamples {
  /// A two-point pen stroke from `a` to `b`.
  static func stroke(_ a: CGPoint, _ b: CGPoint, ink: PKInk.InkType = .pen) -> PKStroke {
    let points = [a, b].enumerated().map { index, location in
      PKStrokePoint(
        location: location, timeOffset: Double(index) * 0.1, size: CGSize(width: 4, height: 4),
        opacity: 1, force: 1, azimuth: 0, altitude: .pi / 2)
    }
    return PKStroke(
      ink: PKInk(ink, color: .black),
      path: PKStrokePath(controlPoints: points, creationDate: Date(timeIntervalSince1970: 0)))
  }

  /// Every shape type, a line with an end marker, a text box, a 2 × 1 image and a drawing.
  static var everything: PaperMarkup {
    var markup = PaperMarkup(bounds: CGRect(x: 0, y: 0, width: 612, height: 792))
    for (index, type) in ShapeConfiguration.Shape.allCases.enumerated() where type != .line {
      markup.insertNewShape(
        configuration: ShapeConfiguration(
          type: type, fillColor: UIColor.systemBlue.withAlphaComponent(0.2).cgColor,
          strokeColor: UIColor.systemBlue.cgColor, lineWidth: 2),
        frame: CGRect(x: 20 + 70 * CGFloat(index), y: 40, width: 60, height: 40),
        rotation: 0.25 * CGFloat(index))
    }
    markup.insertNewLine(
      configuration: ShapeConfiguration(
        type: .line, fillColor: nil, strokeColor: UIColor.red.cgColor, lineWidth: 3),
      from: CGPoint(x: 50, y: 550), to: CGPoint(x: 250, y: 550), startMarker: false,
      endMarker: true)
    markup.insertNewTextbox(
      attributedText: AttributedString("Annotation"),
      frame: CGRect(x: 50, y: 100, width: 200, height: 40))
    markup.insertNewImage(
      CGImage(width: 2, height: 1, rgbaPixels: Data([255, 0, 0, 255, 0, 0, 255, 128]))!,
      frame: CGRect(x: 300, y: 300, width: 40, height: 20), rotation: 0.5)
    markup.append(
      contentsOf: PKDrawing(strokes: [stroke(CGPoint(x: 10, y: 10), CGPoint(x: 90, y: 40))]))
    return markup
  }

  /// A random paper of up to 12 elements, a function of `seed` alone.
  static func random(seed: UInt64) -> PaperMarkup {
    var generator = SplitMix64(seed: seed)
    func number(_ range: ClosedRange<Double>) -> CGFloat {
      CGFloat(Double.random(in: range, using: &generator))
    }
    func colour() -> CGColor? {
      Bool.random(using: &generator)
        ? CGColor(
          srgbRed: number(0...1), green: number(0...1), blue: number(0...1), alpha: number(0...1))
        : nil
    }
    var markup = PaperMarkup(
      bounds: CGRect(x: 0, y: 0, width: number(1...2000), height: number(1...2000)))
    for _ in 0..<Int.random(in: 0...12, using: &generator) {
      let frame = CGRect(
        x: number(-500...500), y: number(-500...500), width: number(0...300),
        height: number(0...300))
      switch Int.random(in: 0...4, using: &generator) {
      case 0:
        let type = ShapeConfiguration.Shape.allCases.randomElement(using: &generator)!
        var shape = ShapeMarkup(
          configuration: ShapeConfiguration(
            type: type, fillColor: colour(), strokeColor: colour(), lineWidth: number(0...20)),
          frame: frame, rotation: number(-7...7))
        switch type {
        case .roundedRectangle: shape.cornerRadius = number(0...0.5)
        case .star:
          shape.starPoints = Int.random(in: 3...12, using: &generator)
          shape.starInnerRadius = number(0...1)
        case .regularPolygon: shape.polygonSides = Int.random(in: 3...12, using: &generator)
        case .chatBubble:
          shape.chatBubbleTailLocation = CGPoint(x: number(-1...2), y: number(-1...2))
          shape.chatBubbleTailAngle = number(-3...3)
        case .arrowShape: shape.arrowCornerPoint = CGPoint(x: number(0...1), y: number(0...1))
        case .rectangle, .ellipse, .line: break
        }
        markup.elements.append(.shape(shape))
      case 1:
        markup.insertNewLine(
          configuration: ShapeConfiguration(
            type: .line, fillColor: colour(), strokeColor: colour(), lineWidth: number(0...20)),
          from: frame.origin, to: CGPoint(x: frame.maxX, y: frame.maxY),
          startMarker: Bool.random(using: &generator), endMarker: Bool.random(using: &generator))
      case 2:
        markup.insertNewTextbox(
          attributedText: AttributedString(
            "box \(Int.random(in: 0...99, using: &generator)) ✓\n\"q\""),
          frame: frame, rotation: number(-3...3))
      case 3:
        let width = Int.random(in: 1...4, using: &generator)
        let height = Int.random(in: 1...4, using: &generator)
        let pixels = (0..<width * height * 4).map { _ in
          UInt8.random(in: 0...255, using: &generator)
        }
        markup.insertNewImage(
          CGImage(width: width, height: height, rgbaPixels: Data(pixels))!, frame: frame,
          rotation: number(-3...3))
      default:
        let ink = [PKInk.InkType.pen, .marker, .pencil].randomElement(using: &generator)!
        markup.append(
          contentsOf: PKDrawing(strokes: [
            stroke(frame.origin, CGPoint(x: frame.maxX, y: frame.maxY), ink: ink)
          ]).quantized())
      }
    }
    return markup
  }
}
