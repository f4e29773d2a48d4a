import Foundation

#if !canImport(CoreGraphics)
  /// A colour in the sRGB space, with CoreGraphics's names, where CoreGraphics is absent.
  ///
  /// PaperKit's ``ShapeConfiguration`` takes `CGColor`s, which an app usually makes with
  /// `UIColor.systemBlue.withAlphaComponent(0.2).cgColor` (`PKColor.cgColor`).
  /// On Apple's platforms `CGColor` is a reference type that may live in any colour space; here
  /// it is a value of four sRGB components, which is all that PaperKit's model stores.
  public struct CGColor: Hashable, Sendable, CustomStringConvertible {
    /// The red, green, blue and alpha components, each in `0…1`.
    public let components: [CGFloat]?

    /// Creates a colour from sRGB components, as `CGColor(srgbRed:green:blue:alpha:)`.
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
      components = [red, green, blue, alpha]
    }

    /// Creates a colour from device RGB components, as `CGColor(red:green:blue:alpha:)`; the
    /// device space is taken to be sRGB.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
      self.init(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }

    /// Creates a grey, as `CGColor(gray:alpha:)`.
    public init(gray: CGFloat, alpha: CGFloat) {
      self.init(srgbRed: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// The number of components: always four (red, green, blue, alpha).
    public var numberOfComponents: Int { 4 }

    /// The opacity, `0…1`.
    public var alpha: CGFloat { components?[3] ?? 1 }

    /// The same colour with another opacity, as `copy(alpha:)`.
    public func copy(alpha: CGFloat) -> CGColor? {
      let rgba = components ?? [0, 0, 0, 1]
      return CGColor(srgbRed: rgba[0], green: rgba[1], blue: rgba[2], alpha: alpha)
    }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// `CGColor(r, g, b, a)`, the components in full.
    public var description: String {
      "CGColor(" + (components ?? []).map { "\($0)" }.joined(separator: ", ") + ")"
    }
  }
#endif
