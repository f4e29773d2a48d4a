import Foundation

/// An RGBA colour in the sRGB space with components in `0…1`, standing in for `UIColor`.
///
/// PencilKit inks carry a `UIColor`; on Linux this value type takes its place, and where UIKit
/// is absent `UIColor` is an alias for it, so that `PKInk(.pen, color: .black)` and
/// `UIColor(red: 1, green: 0, blue: 0, alpha: 1)` read as on an iPad.
public struct PKColor: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The red component, `0…1`.
  public var red: CGFloat
  /// The green component, `0…1`.
  public var green: CGFloat
  /// The blue component, `0…1`.
  public var blue: CGFloat
  /// The opacity, `0…1`.
  public var alpha: CGFloat

  /// Creates a colour from its components.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Creates a grey of the given white level.
  public init(white: CGFloat, alpha: CGFloat) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// Creates a colour from `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); `nil` when malformed.
  public init?(hex: String) {
    var text = Substring(hex)
    if text.hasPrefix("#") { text = text.dropFirst() }
    guard text.count == 6 || text.count == 8, let value = UInt32(text, radix: 16) else {
      return nil
    }
    let rgba = text.count == 6 ? (value << 8) | 0xFF : value
    self.init(
      red: CGFloat((rgba >> 24) & 0xFF) / 255, green: CGFloat((rgba >> 16) & 0xFF) / 255,
      blue: CGFloat((rgba >> 8) & 0xFF) / 255, alpha: CGFloat(rgba & 0xFF) / 255)
  }

  /// The colour as `#RRGGBBAA`.
  public var hexString: String {
    func byte(_ v: CGFloat) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
    return String(
      format: "#%02X%02X%02X%02X", byte(red), byte(green), byte(blue), byte(alpha))
  }

  /// The same colour with another opacity.
  public func withAlphaComponent(_ alpha: CGFloat) -> PKColor {
    PKColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  public var description: String { hexString }

  public static let black = PKColor(white: 0, alpha: 1)
  public static let white = PKColor(white: 1, alpha: 1)
  public static let clear = PKColor(white: 0, alpha: 0)
  public static let gray = PKColor(white: 0.5, alpha: 1)
  public static let darkGray = PKColor(white: 1.0 / 3.0, alpha: 1)
  public static let lightGray = PKColor(white: 2.0 / 3.0, alpha: 1)
  public static let red = PKColor(red: 1, green: 0, blue: 0, alpha: 1)
  public static let green = PKColor(red: 0, green: 1, blue: 0, alpha: 1)
  public static let blue = PKColor(red: 0, green: 0, blue: 1, alpha: 1)
  public static let cyan = PKColor(red: 0, green: 1, blue: 1, alpha: 1)
  public static let yellow = PKColor(red: 1, green: 1, blue: 0, alpha: 1)
  public static let magenta = PKColor(red: 1, green: 0, blue: 1, alpha: 1)
  public static let orange = PKColor(red: 1, green: 0.5, blue: 0, alpha: 1)
  public static let purple = PKColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
  public static let brown = PKColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
}

#if !canImport(UIKit)
  /// `UIColor` where UIKit is absent, so that iPad model code compiles unchanged.
  public typealias UIColor = PKColor
#endif
