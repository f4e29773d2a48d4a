import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// A template of the bundled library as the project authors it: a name, a description, the
/// guides it is written on and its strokes in the taught order (see ``SchoolPrintModel``).
public struct GlyphDefinition: Hashable, Sendable {
  /// The library name (`latin/a`).
  public var name: String
  /// The description for people (`small letter a`).
  public var description: String
  /// The guide lines, as y values in the box.
  var guides: [String: Double]
  /// The strokes, in the order they are taught.
  var strokes: [GlyphStroke]

  /// The file of the definition below the library folder (see
  /// ``TemplateLibrary/relativePath(for:)``).
  public var relativePath: String { TemplateLibrary.relativePath(for: name) }

  /// The template, in the 100 × 100 box of the library.
  public func template() -> TracingTemplate {
    TracingTemplate(
      name: name, description: description, orderSource: .taught,
      box: CGRect(x: 0, y: 0, width: SchoolPrintModel.boxSide, height: SchoolPrintModel.boxSide),
      guides: guides, strokes: strokes.map { $0.templateStroke() })
  }
}
