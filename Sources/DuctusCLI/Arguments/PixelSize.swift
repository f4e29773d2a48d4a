import _DuctusSupport

/// A picture size in pixels, written `WxH` (`128x96`), as `--thumbnail` takes it.
package struct PixelSize: Hashable, Sendable, ArgumentValue {
  /// The width in pixels.
  package var width: Int
  /// The height in pixels.
  package var height: Int

  /// Creates a size; `nil` unless both sides are positive.
  package init?(width: Int, height: Int) {
    guard width > 0, height > 0 else { return nil }
    self.width = width
    self.height = height
  }

  /// Reads `WxH` (or `W×H`).
  package init?(argument: String) {
    let parts = argument.lowercased().split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "×" })
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
      return nil
    }
    self.init(width: width, height: height)
  }

  /// `WxH in pixels, such as 128x96`.
  package static var expectation: String { "WxH in pixels, such as 128x96" }
}
