import Foundation

/// The file formats a picture can be written in.
///
/// ```swift
/// RenderFormat(pathExtension: "PDF")  // .pdf
/// RenderFormat.svg.pathExtension      // "svg"
/// ```
public enum RenderFormat: String, CaseIterable, Hashable, Sendable, Codable {
  /// A raster image: 8-bit RGBA PNG, one pixel a unit of the picture.
  case png
  /// A vector document: one PDF page, one point a unit of the picture.
  case pdf
  /// A vector document: SVG 1.1, one user unit a unit of the picture.
  case svg

  /// The format of a file extension (any case); `nil` for an unknown one.
  public init?(pathExtension: String) {
    self.init(rawValue: pathExtension.lowercased())
  }

  /// The format of a file, told from its extension.
  ///
  /// - Throws: ``RenderError/unknownFormat(path:)`` when the extension is not png, pdf or svg.
  public init(fileURL url: URL) throws {
    guard let format = RenderFormat(pathExtension: url.pathExtension) else {
      throw RenderError.unknownFormat(path: url.path)
    }
    self = format
  }

  /// The usual file extension, without a dot.
  public var pathExtension: String { rawValue }

  /// Whether the format is a vector one (PDF, SVG).
  public var isVector: Bool { self != .png }
}
