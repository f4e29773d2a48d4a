import Foundation
import _DuctusSupport

/// Why a picture could not be made or written, in words a command-line user can act on.
///
/// ```swift
/// do { _ = try DrawingRenderer().render(PKDrawing(), as: .png) } catch RenderError.emptyDrawing {
///   print("nothing to draw")
/// }
/// ```
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The drawing has no strokes, so it has no bounds to frame.
  case emptyDrawing
  /// The scale is not a finite positive number.
  case invalidScale(CGFloat)
  /// The region is empty, not finite, or has no area.
  case invalidRegion(CGRect)
  /// A requested picture size in pixels is not positive.
  case invalidSize(width: Int, height: Int)
  /// The picture would have more pixels than allowed (`RenderOptions.maximumPixelCount`), or a
  /// side longer than Cairo's limit of 32 767 pixels.
  case imageTooLarge(width: Double, height: Double, maximumPixelCount: Int)
  /// Cairo reported an error status.
  case cairo(operation: String, status: String)
  /// The output format could not be told from the file name.
  case unknownFormat(path: String)
  /// Bytes given as PNG are not a PNG image Cairo can read.
  case invalidPNG(reason: String)
  /// The picture could not be written to a file.
  case fileWrite(path: String, reason: String)

  /// One line without a trailing full stop.
  public var description: String {
    switch self {
    case .emptyDrawing:
      "the drawing has no strokes, so there is nothing to frame"
    case .invalidScale(let scale):
      "scale \(scale) is not a finite positive number"
    case .invalidRegion(let region):
      "region \(region) is not a finite rectangle with an area"
    case .invalidSize(let width, let height):
      "picture size \(width)×\(height) is not positive"
    case .imageTooLarge(let width, let height, let limit):
      "a \(width)×\(height) picture exceeds the limit of \(limit) pixels "
        + "(or 32767 pixels a side)"
    case .cairo(let operation, let status):
      "Cairo failed in \(operation): \(status)"
    case .unknownFormat(let path):
      "\(path): cannot tell the picture format (use .png, .pdf or .svg)"
    case .invalidPNG(let reason):
      "not a readable PNG image: \(reason)"
    case .fileWrite(let path, let reason):
      "\(path): cannot write the picture: \(reason)"
    }
  }
}

extension RenderError {
  /// Writes picture bytes atomically, turning a failure into ``fileWrite(path:reason:)``.
  static func write(_ bytes: Data, to url: URL) throws(RenderError) {
    do {
      try AtomicFile.write(bytes, to: url.path)
    } catch {
      throw .fileWrite(path: error.path, reason: error.reason)
    }
  }
}
