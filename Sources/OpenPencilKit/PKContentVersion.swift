/// The generations of PencilKit content; a drawing needs the newest version any of its parts
/// uses, and a device that only knows an older version cannot show it faithfully.
///
/// Pen, pencil and marker inks need version 1; monoline, fountain pen, watercolor and crayon
/// (iOS 17) need 2; strokes with barrel-roll data (iOS 17.5) need 3; reed (iOS 18) needs 4.
public enum PKContentVersion: Int, Comparable, CaseIterable, Sendable, Codable {
  case version1 = 1
  case version2 = 2
  case version3 = 3
  case version4 = 4

  /// The newest content version this implementation reads and writes.
  public static let latest = PKContentVersion.version4

  public static func < (lhs: PKContentVersion, rhs: PKContentVersion) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
