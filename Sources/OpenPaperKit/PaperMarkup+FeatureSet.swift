import Foundation
import OpenPencilKit

extension PaperMarkup {
  /// The features this paper uses: its shape types, fills, strokes, translucent colours, text,
  /// images, the ink types of its drawing and the marker configurations of its lines.
  public var featureSet: FeatureSet {
    var used = FeatureSet.empty
    for element in elements {
      switch element {
      case .shape(let shape):
        used.shapes.insert(shape.configuration.type)
        let colours = [shape.configuration.fillColor, shape.configuration.strokeColor]
        if shape.configuration.fillColor != nil, shape.configuration.type != .line {
          used.insert(.shapeFills)
        }
        if shape.configuration.strokeColor != nil { used.insert(.shapeStrokes) }
        if colours.contains(where: { ($0?.alpha ?? 1) < 1 }) { used.insert(.shapeOpacity) }
        if shape.configuration.type == .line {
          used.lineMarkerPositions.insert(
            .of(startMarker: shape.startMarker, endMarker: shape.endMarker))
        }
      case .textbox: used.insert(.text)
      case .image: used.insert(.images)
      case .drawing(let drawing):
        used.inks.formUnion(drawing.strokes.map(\.ink.inkType))
      }
    }
    return used
  }

  /// Removes or simplifies what `featureSet` does not support, so that afterwards
  /// `self.featureSet.isSubset(of: featureSet)` holds.
  ///
  /// Text boxes go without ``FeatureSet/Feature/text``, images without
  /// ``FeatureSet/Feature/images``, shapes of an unsupported type, and strokes of an unsupported
  /// ink. A shape loses its fill without ``FeatureSet/Feature/shapeFills``, its stroke without
  /// ``FeatureSet/Feature/shapeStrokes`` (and goes when nothing of it is left to draw: a line draws its stroke only), and its
  /// colours become opaque without ``FeatureSet/Feature/shapeOpacity``. A line whose markers are
  /// not allowed loses them when plain lines are, else goes. PaperKit does not document how it
  /// simplifies; this is our reading.
  public mutating func removeContentUnsupported(by featureSet: FeatureSet) {
    elements = elements.compactMap { $0.limited(to: featureSet) }
  }
}

extension MarkupElement {
  /// The element with what `features` does not support removed; `nil` when nothing is left.
  func limited(to features: FeatureSet) -> MarkupElement? {
    switch self {
    case .textbox: return features.contains(.text) ? self : nil
    case .image: return features.contains(.images) ? self : nil
    case .drawing(var drawing):
      drawing.strokes.removeAll { !features.inks.contains($0.ink.inkType) }
      return drawing.strokes.isEmpty ? nil : .drawing(drawing)
    case .shape(var shape):
      guard features.shapes.contains(shape.configuration.type) else { return nil }
      if !features.contains(.shapeFills) { shape.configuration.fillColor = nil }
      if !features.contains(.shapeStrokes) { shape.configuration.strokeColor = nil }
      if !features.contains(.shapeOpacity) {
        shape.configuration.fillColor = shape.configuration.fillColor?.copy(alpha: 1)
        shape.configuration.strokeColor = shape.configuration.strokeColor?.copy(alpha: 1)
      }
      let fills = shape.configuration.fillColor != nil && shape.configuration.type != .line
      guard fills || shape.configuration.strokeColor != nil else { return nil }
      if shape.configuration.type == .line {
        let markers = FeatureSet.LineMarkerPositions.of(
          startMarker: shape.startMarker, endMarker: shape.endMarker)
        if !features.lineMarkerPositions.contains(markers) {
          guard features.lineMarkerPositions.contains(.plain) else { return nil }
          shape.startMarker = false
          shape.endMarker = false
        }
      }
      return .shape(shape)
    }
  }
}
