import Foundation

/// UIKit's adaptable system colours, in their light appearance, so that model code that picks
/// `UIColor.systemBlue` (a PencilKit ink, a PaperKit shape) compiles and gives the same sRGB
/// values on Linux.
///
/// The components are those of the light, default-contrast row of the colour table in Apple's
/// Human Interface Guidelines (iOS 15 and later); a server has no dark mode, so the dark and
/// high-contrast variants are not modelled.
extension PKColor {
  private init(rgb red: Int, _ green: Int, _ blue: Int) {
    self.init(
      red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: 1)
  }

  /// `systemRed`: 255, 59, 48.
  public static let systemRed = PKColor(rgb: 255, 59, 48)
  /// `systemOrange`: 255, 149, 0.
  public static let systemOrange = PKColor(rgb: 255, 149, 0)
  /// `systemYellow`: 255, 204, 0.
  public static let systemYellow = PKColor(rgb: 255, 204, 0)
  /// `systemGreen`: 52, 199, 89.
  public static let systemGreen = PKColor(rgb: 52, 199, 89)
  /// `systemMint`: 0, 199, 190.
  public static let systemMint = PKColor(rgb: 0, 199, 190)
  /// `systemTeal`: 48, 176, 199.
  public static let systemTeal = PKColor(rgb: 48, 176, 199)
  /// `systemCyan`: 50, 173, 230.
  public static let systemCyan = PKColor(rgb: 50, 173, 230)
  /// `systemBlue`: 0, 122, 255.
  public static let systemBlue = PKColor(rgb: 0, 122, 255)
  /// `systemIndigo`: 88, 86, 214.
  public static let systemIndigo = PKColor(rgb: 88, 86, 214)
  /// `systemPurple`: 175, 82, 222.
  public static let systemPurple = PKColor(rgb: 175, 82, 222)
  /// `systemPink`: 255, 45, 85.
  public static let systemPink = PKColor(rgb: 255, 45, 85)
  /// `systemBrown`: 162, 132, 94.
  public static let systemBrown = PKColor(rgb: 162, 132, 94)
  /// `systemGray`: 142, 142, 147.
  public static let systemGray = PKColor(rgb: 142, 142, 147)
}
