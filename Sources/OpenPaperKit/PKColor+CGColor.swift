import Foundation
import OpenPencilKit

extension PKColor {
  /// The colour as a `CGColor`, as `UIColor.cgColor` gives it.
  ///
  /// ```swift
  /// let fill = UIColor.systemBlue.withAlphaComponent(0.2).cgColor
  /// ```
  public var cgColor: CGColor {
    CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
  }

  /// The colour of a `CGColor`, as `UIColor(cgColor:)`.
  public init(cgColor: CGColor) {
    let rgba = cgColor.components ?? [0, 0, 0, 1]
    self.init(red: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3])
  }
}
