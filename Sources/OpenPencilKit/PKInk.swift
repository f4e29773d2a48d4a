import Foundation

/// How a stroke looks: an ink type and a colour, as PencilKit's `PKInk`.
///
/// ```swift
/// let ink = PKInk(.pen, color: .black)
/// ink.requiredContentVersion // .version1
/// ```
public struct PKInk: Hashable, Sendable {
  /// The kind of ink.
  public var inkType: InkType
  /// The ink's colour.
  public var color: UIColor

  /// Creates an ink of a type and colour.
  public init(_ type: InkType, color: UIColor) {
    self.inkType = type
    self.color = color
  }

  /// The content version a device needs to render this ink.
  public var requiredContentVersion: PKContentVersion { inkType.requiredContentVersion }
}
