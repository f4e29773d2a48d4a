import Foundation

extension PKInk {
  /// The kinds of ink, named by PencilKit's reverse-DNS identifiers (`com.apple.ink.pen` …).
  ///
  /// A struct rather than an enum, as PencilKit's `PKInkType`, so that an identifier this
  /// implementation does not know survives a read and a write.
  public struct InkType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The reverse-DNS identifier, as stored in PencilKit's data.
    public var rawValue: String

    /// Creates an ink type from its identifier.
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let pen = InkType(rawValue: "com.apple.ink.pen")
    public static let pencil = InkType(rawValue: "com.apple.ink.pencil")
    public static let marker = InkType(rawValue: "com.apple.ink.marker")
    public static let monoline = InkType(rawValue: "com.apple.ink.monoline")
    public static let fountainPen = InkType(rawValue: "com.apple.ink.fountainpen")
    public static let watercolor = InkType(rawValue: "com.apple.ink.watercolor")
    public static let crayon = InkType(rawValue: "com.apple.ink.crayon")
    public static let reed = InkType(rawValue: "com.apple.ink.reedcalligraphy")

    /// Every ink type PencilKit defines, oldest first.
    public static let allCases: [InkType] = [
      .pen, .pencil, .marker, .monoline, .fountainPen, .watercolor, .crayon, .reed,
    ]

    /// The short name used on the command line and in Ductus JSON (`pen`, `fountainPen` …),
    /// or the identifier for an unknown type.
    public var name: String {
      switch self {
      case .pen: "pen"
      case .pencil: "pencil"
      case .marker: "marker"
      case .monoline: "monoline"
      case .fountainPen: "fountainPen"
      case .watercolor: "watercolor"
      case .crayon: "crayon"
      case .reed: "reed"
      default: rawValue
      }
    }

    /// The ink type of a short name or an identifier; `nil` for an empty string.
    public init?(name: String) {
      if let known = Self.allCases.first(where: { $0.name == name || $0.rawValue == name }) {
        self = known
      } else if name.isEmpty {
        return nil
      } else {
        self.init(rawValue: name)
      }
    }

    /// Whether PencilKit defines this type.
    public var isKnown: Bool { Self.allCases.contains(self) }

    /// The content version a device needs to render this ink: pen, pencil and marker 1;
    /// monoline, fountain pen, watercolor and crayon 2; reed 4; unknown types the latest.
    public var requiredContentVersion: PKContentVersion {
      switch self {
      case .pen, .pencil, .marker: .version1
      case .monoline, .fountainPen, .watercolor, .crayon: .version2
      case .reed: .version4
      default: .latest
      }
    }

    /// The ink of an older content version that looks most like this one, as iPad apps
    /// substitute before sending a drawing to an older device: monoline and fountain pen
    /// become pen, watercolor becomes marker, crayon becomes pencil, reed becomes fountain pen
    /// (and so pen at version 1). `nil` when no older ink stands in.
    public var olderSubstitute: InkType? {
      switch self {
      case .monoline, .fountainPen: .pen
      case .watercolor: .marker
      case .crayon: .pencil
      case .reed: .fountainPen
      default: nil
      }
    }

    /// The width a new tool of this type starts with, in points.
    ///
    /// Apple does not publish these figures; they are measured from PencilKit's tool picker
    /// and may differ by a fraction of a point.
    public var defaultWidth: CGFloat {
      switch self {
      case .pencil: 2.4
      case .marker: 15
      case .monoline: 2
      case .fountainPen: 4
      case .watercolor: 15
      case .crayon: 10
      case .reed: 8
      default: 5
      }
    }

    /// The widths a tool of this type accepts, in points.
    public var validWidthRange: PKFloatRange {
      switch self {
      case .pencil: 2.4...40
      case .marker: 3...40
      case .monoline: 0.5...30
      case .fountainPen: 1...26
      case .watercolor: 5...40
      case .crayon: 5...40
      case .reed: 2...30
      default: 0.88...25.7
      }
    }

    public var description: String { name }
  }
}
